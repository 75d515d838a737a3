// The favourite island's interactive part: the toggle, and the sign-in dialogs when no
// other island on the page shows them.

import { defineIsland } from "../../island";
import type { FavouriteProps } from "../../islands/favourite";
import { pageClient } from "../../stores/page/client";
import { pageFavourites } from "../../stores/page/favourites";
import { translator } from "../../lib/i18n";
import { AccountDialogs } from "../account/AccountDialogs";
import { FavouriteButton } from "../FavouriteButton";
import { IslandRoot, useHydrated } from "../IslandRoot";

export const mount = defineIsland<FavouriteProps>((props) => {
  const client = pageClient(props);
  const favourites = pageFavourites(props, translator(props.labels, props.brand ? { brand: props.brand } : {}));
  return (
    <IslandRoot props={props}>
      <FavouriteButton favourites={favourites} client={client} cinema={props.cinema} name={props.name} textLabel />
      <Dialogs {...props} />
    </IslandRoot>
  );
});

function Dialogs(props: FavouriteProps) {
  return useHydrated() ? <AccountDialogs client={pageClient(props)} benefits={props.benefits ?? ["booking", "movies", "favourites"]} /> : null;
}
