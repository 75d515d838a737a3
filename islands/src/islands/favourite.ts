// Island "favourite": a cinema page's favourite button (`<div class="favourite"
// data-island="favourite">`). First stage: a signed-in client's favourites (asked once per
// page) show whether this cinema is one; the toggle loads at the first interaction.

import { showFavourite } from "../components/favourite/favourite-dom";
import type { IslandProps } from "../components/island-props";
import type { Benefit } from "../components/account/AccountDialogs";
import { translator } from "../lib/i18n";
import { sessionFavourites } from "../session";
import { defineStagedIsland, interactive } from "../staged";

export interface FavouriteProps extends IslandProps {
  /** The cinema's slug. */
  cinema: string;
  name: string;
  /** What the sign-in invitation lists when an anonymous visitor presses it (spec §6). */
  benefits?: Benefit[];
}

export const mount = defineStagedIsland<FavouriteProps>({
  show(el, props) {
    void sessionFavourites(props).then((list) => {
      const button = el.querySelector<HTMLElement>(".favourite-button");
      if (button && !interactive(el) && list.includes(props.cinema)) showFavourite(button, true, translator(props.labels));
    });
  },
  ui: () => import("../components/interactive").then((m) => ({ mount: m.favourite })),
});
