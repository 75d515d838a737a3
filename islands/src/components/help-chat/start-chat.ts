// Starting a conversation with the help centre's chat service (lib/chat-service.ts): its
// bootstrap script is loaded once per page, configured with the four agent chat settings
// (the "config request" of spec §7), then asked to open a conversation (the "chat start").
// Nothing of it loads before the visitor presses the start button.

import { chatScriptUrl, type AgentChat } from "../../lib/chat-service";
import { pageEnv, perPage } from "../../stores/page/env";
import type { Lang } from "../../types";

/** The global the bootstrap script defines. */
export const SERVICE_GLOBAL = "embeddedservice_bootstrap";

export interface ChatService {
  settings?: Record<string, unknown>;
  init(organizationId: string, deploymentName: string, siteUrl: string, options: { scrt2URL: string }): void;
  utilAPI?: { launchChat?(): unknown };
}

/** The page's service, loaded once (after a failure the island shows the chat as unavailable). */
const loading = perPage((): { service?: Promise<ChatService> } => ({}));

/** Loads the service into the page if needed, then opens a conversation; rejects when it cannot. */
export async function startChat(chat: AgentChat, lang: Lang): Promise<void> {
  const page = loading();
  page.service ??= load(chat, lang);
  await (await page.service).utilAPI?.launchChat?.();
}

function load(chat: AgentChat, lang: Lang): Promise<ChatService> {
  const doc = pageEnv().window?.document ?? document;
  return new Promise((resolve, reject) => {
    const script = doc.createElement("script");
    script.src = chatScriptUrl(chat.siteUrl);
    script.async = true;
    // Loaded or not, the service is there only if the script defined it.
    script.onload = script.onerror = () => {
      const service = (doc.defaultView as unknown as Record<string, ChatService | undefined> | null)?.[SERVICE_GLOBAL];
      if (typeof service?.init !== "function") {
        script.remove();
        return reject(new Error(script.src));
      }
      (service.settings ??= {}).language = lang;
      service.init(chat.organizationId, chat.deploymentName, chat.siteUrl, { scrt2URL: chat.scrtUrl });
      resolve(service);
    };
    doc.head.append(script);
  });
}
