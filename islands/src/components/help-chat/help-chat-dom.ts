// The help-chat block as the island shows it (plain DOM: a sentence and one button need no
// framework). The server writes the heading, an empty status region and the contact link;
// the island fills the status and adds the start button only when an advisor is available.
// Unknown availability (not checked yet, or the check failed, spec §8): the contact link only.

import type { Translate } from "../../lib/i18n";

export const START_SELECTOR = ".help-chat-start";

/** Brings the block's status and start button in line with the FAQ store's `chatAvailable`
 * (null: unknown), touching nothing else. */
export function showHelpChat(el: HTMLElement, available: boolean | null, t: Translate): void {
  const status = el.querySelector(".help-chat-status");
  if (!status) return;
  // Called once per change of the store (unknown → known, or known → unavailable when the chat
  // cannot start): each rewrite is a new sentence for the live region to announce.
  status.textContent = available === null ? "" : t(available ? "help.chat.available" : "help.chat.unavailable");
  const button = el.querySelector(START_SELECTOR);
  if (available !== true) {
    // A button that goes away while focused hands the focus to the contact link.
    if (button?.contains(el.ownerDocument.activeElement)) el.querySelector("a")?.focus();
    button?.remove();
  } else if (!button) {
    const start = el.ownerDocument.createElement("button");
    start.type = "button";
    start.className = "button tap help-chat-start";
    start.textContent = t("help.chat.start");
    status.after(start);
  }
}
