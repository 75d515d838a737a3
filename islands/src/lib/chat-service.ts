// The help centre's third-party chat service (spec §7 "External: a third-party chat service
// (config request and chat start)"): where its script is. Settings name its deployment with
// four values (spec §5: used only when all four are set); the service's bootstrap script is
// served below the deployment's site URL. Starting a conversation is
// components/help-chat/start-chat.ts, loaded at the first press of the start button.

import type { AgentChatConfig } from "../generated/api-types";

/** The four agent chat settings, all set. */
export type AgentChat = { [K in keyof AgentChatConfig]-?: string };

/** The bootstrap script, relative to the deployment's site URL. */
export const CHAT_SCRIPT_PATH = "assets/js/bootstrap.min.js";

/** The bootstrap script's URL; throws unless the site URL is an absolute https URL. */
export function chatScriptUrl(siteUrl: string): string {
  const url = new URL(CHAT_SCRIPT_PATH, siteUrl.replace(/\/?$/, "/"));
  if (url.protocol !== "https:") throw new Error(siteUrl);
  return url.href;
}
