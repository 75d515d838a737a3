// A favourite button's look for its state, written without the framework (the first
// stage): as FavouriteButton renders it with a visible label.

import type { Translate } from "../../lib/i18n";

export const FAVOURITE_ICONS = { on: "♥", off: "♡" } as const;

export function showFavourite(button: HTMLElement, on: boolean, t: Translate): void {
  button.className = on ? "favourite-button is-on tap" : "favourite-button tap";
  const [icon, label] = button.querySelectorAll("span");
  if (icon) icon.textContent = on ? FAVOURITE_ICONS.on : FAVOURITE_ICONS.off;
  if (label) label.textContent = t(on ? "client.favouriteRemove" : "client.favouriteAdd");
}
