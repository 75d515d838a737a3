// Island "help-chat": the help centre's "still need help?" block (`<section class="help-chat"
// data-island="help-chat">`, written only when all four agent chat settings are set, spec
// §5). It asks the chat's availability once per page and shows it in the status region, with
// the start button when an advisor is available; the button loads the chat service
// (components/help-chat/start-chat.ts, fetched at the first press) and opens a conversation.
// When that fails, the chat shows as unavailable: the contact link remains.
//
// Plain DOM work, like the smart banner: a sentence and one button need no framework, and the
// help pages load this island before any interaction (README "Sizes").

import { showHelpChat, START_SELECTOR } from "../components/help-chat/help-chat-dom";
import type { IslandProps } from "../components/island-props";
import { translator } from "../lib/i18n";
import { pageHelpChat } from "../stores/page/help-chat";
import type { HelpChatProps as HelpChatPropsData } from "../generated/api-types";

/** The props the generator writes (site/src/islands.rs, exported to TypeScript). */
export type HelpChatProps = IslandProps & HelpChatPropsData;

export function mount(el: HTMLElement, props: HelpChatProps): void {
  const store = pageHelpChat(props);
  const t = translator(props.labels);
  const show = () => showHelpChat(el, store.getState().chatAvailable, t);
  store.subscribe(show);
  el.addEventListener("click", (event) => {
    if (!(event.target as Element).closest?.(START_SELECTOR)) return;
    import("../components/help-chat/start-chat")
      .then((chat) => chat.startChat(props.chat, props.lang))
      .catch((error: unknown) => {
        console.error("help chat", error);
        store.setState({ chatAvailable: false });
      });
  });
  show();
}
