// Island "show-feelings": a show page's wish-list button and emotion rating
// (`<div class="show-feelings" data-island="show-feelings">`). First stage: a signed-in
// client's feelings for the show (asked once) show as pressed buttons; the changes load at
// the first interaction.

import type { Benefit } from "../components/account/AccountDialogs";
import type { IslandProps } from "../components/island-props";
import { sessionFeelings } from "../session";
import { defineStagedIsland, interactive } from "../staged";

export interface ShowFeelingsIslandProps extends IslandProps {
  /** The show's slug. */
  show: string;
  benefits?: Benefit[];
}

export const mount = defineStagedIsland<ShowFeelingsIslandProps>({
  show(el, props) {
    void sessionFeelings(props, [props.show]).then((feelings) => {
      if (interactive(el)) return;
      el.querySelector(".wishlist-button")?.setAttribute("aria-pressed", String(feelings.wishlist.includes(props.show)));
      for (const button of el.querySelectorAll<HTMLElement>("button[data-emotion]")) {
        button.setAttribute("aria-pressed", String(feelings.emotions[props.show] === button.dataset.emotion));
      }
    });
  },
  ui: () => import("../components/interactive").then((m) => ({ mount: m.feelings })),
});
