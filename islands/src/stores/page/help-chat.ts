// The help centre's chat availability, asked once per page (spec §4 FAQ: true, false, or
// unknown when the check fails; spec §8): the FAQ store, with the runtime API's answer.

import type { StoreApi } from "zustand/vanilla";
import type { ApiCall } from "../../api/call";
import { createFaqStore, type FaqState } from "../page-sections";
import { pageCall, pageEnv, type PageEnv, type PageSite } from "./env";

/** `GET /api/help/chat` → `{"available": bool}` (runtime-api/src/http/help.rs). */
export const CHAT_AVAILABILITY_PATH = "/api/help/chat";

export async function askChatAvailability(api: Pick<ApiCall, "get">): Promise<boolean> {
  const answer = await api.get<{ available?: unknown } | null>(CHAT_AVAILABILITY_PATH);
  // Anything but a boolean is a failed check: unknown, not "unavailable".
  if (typeof answer?.available !== "boolean") throw new Error(CHAT_AVAILABILITY_PATH);
  return answer.available;
}

let made: { env: PageEnv; value: StoreApi<FaqState> } | undefined;

/** The page's FAQ store, its chat availability asked when it is made. */
export function pageHelpChat(page: PageSite): StoreApi<FaqState> {
  const env = pageEnv();
  if (made?.env === env) return made.value;
  const value = createFaqStore({ chatAvailability: () => askChatAvailability(pageCall(page)) });
  made = { env, value };
  void value.getState().checkChat();
  return value;
}
