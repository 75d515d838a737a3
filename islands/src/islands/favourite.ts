// Island "favourite": a cinema page's favourite button (`<div class="favourite"
// data-island="favourite">`). First stage: a signed-in client's favourites (asked once per
// page) show whether this cinema is one; the toggle loads at the first interaction.

import { showFavourite } from "../components/favourite/favourite-dom";
import type { IslandProps } from "../components/island-props";
import { translator } from "../lib/i18n";
import { sessionFavourites } from "../session";
import { defineStagedIsland, interactive } from "../staged";
import type { FavouriteProps as FavouritePropsData } from "../generated/api-types";

/** The props the generator writes (site/src/islands.rs, exported to TypeScript). */
export type FavouriteProps = IslandProps & FavouritePropsData;

export const mount = defineStagedIsland<FavouriteProps>({
  show(el, props) {
    void sessionFavourites(props).then((list) => {
      const button = el.querySelector<HTMLElement>(".favourite-button");
      if (button && !interactive(el) && list.includes(props.cinema)) showFavourite(button, true, translator(props.labels));
    });
  },
  ui: () => import("../components/interactive").then((m) => ({ mount: m.favourite })),
});
