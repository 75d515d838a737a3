// A cinema's favourite toggle (spec §4, §6, §8): shows at once, undone if the server
// refuses; an anonymous visitor gets the centred sign-in modal; a full list gets the
// warning alert carrying the limit. Waits for the visitor's identity and favourites when they
// are not known yet, so an early click is neither taken for an anonymous one nor undone by
// the list arriving after it.

import { clientKnown, type ClientStore } from "../stores/client";
import { favouritesLoaded } from "../stores/page/favourites";
import { FAVOURITE_ICONS } from "./favourite/favourite-dom";
import type { FavouritesStore } from "../stores/favourites";
import { useT } from "./i18n";
import { useStore } from "./use-store";

export interface FavouriteButtonProps {
  favourites: FavouritesStore;
  client: ClientStore;
  cinema: string;
  /** The cinema's name, for the button's accessible name. */
  name: string;
  /** Show the label as text (a page's button) rather than an icon with a hidden label. */
  textLabel?: boolean;
}

export function FavouriteButton({ favourites, client, cinema, name, textLabel }: FavouriteButtonProps) {
  const t = useT();
  const on = useStore(favourites, (s) => s.favourites.includes(cinema));
  const label = t(on ? "client.favouriteRemove" : "client.favouriteAdd");
  const toggle = async () => {
    await clientKnown(client);
    await favouritesLoaded();
    try {
      await favourites.getState().toggle(cinema);
    } catch (error) {
      console.error("favourite", error);
    }
  };
  return (
    <button type="button" className={on ? "favourite-button is-on tap" : "favourite-button tap"} onClick={() => void toggle()}>
      <span className="icon" aria-hidden="true">
        {on ? FAVOURITE_ICONS.on : FAVOURITE_ICONS.off}
      </span>
      {textLabel ? <span>{label}</span> : <span className="visually-hidden">{`${label} : ${name}`}</span>}
    </button>
  );
}
