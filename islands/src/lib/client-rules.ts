// Rules about the signed-in client, mirroring `site/src/rules/client.rs`: favourite toggle
// (the limit comes in the islands' props), avatar or initials.

/** Marker in the path of the identity provider's default placeholder photo. */
export const DEFAULT_PHOTO_MARKER = "default-photo";

export type FavouriteToggle =
  | { ok: true; favourites: string[]; added: boolean }
  | { ok: false; reason: "limitReached"; limit: number }
  | { ok: false; reason: "unknownCinema" };

/**
 * Removes a present cinema (even one no longer listed); adds a known absent one first while
 * the list is below the limit; otherwise reports why not (unknown first: that is a bug).
 */
export function toggleFavourite(
  current: readonly string[],
  slug: string,
  limit: number,
  known: (slug: string) => boolean,
): FavouriteToggle {
  if (current.includes(slug)) return { ok: true, favourites: current.filter((s) => s !== slug), added: false };
  if (!known(slug)) return { ok: false, reason: "unknownCinema" };
  if (current.length >= limit) return { ok: false, reason: "limitReached", limit };
  return { ok: true, favourites: [slug, ...current].slice(0, limit), added: true };
}

/** Whether to show the photo: present, not blank, not the default placeholder. */
export function showAvatar(photoUrl: string | null | undefined): boolean {
  const url = photoUrl?.trim();
  return !!url && !url.toLowerCase().includes(DEFAULT_PHOTO_MARKER);
}

function initial(name: string): string {
  const letter = [...name].find((c) => /\p{Alphabetic}/u.test(c));
  // One letter even when the upper case has two ("ß" → "SS").
  return letter ? ([...letter.toUpperCase()][0] ?? "") : "";
}

/** Two initials, last name first ("Dupont", "Émile" → "DÉ"). */
export function avatarInitials(firstName: string, lastName: string): string {
  return initial(lastName) + initial(firstName);
}
