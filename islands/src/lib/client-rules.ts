// Rules about the signed-in client, mirroring `site/src/rules/client.rs`: favourite toggle
// (the limit comes in the islands' props), avatar or initials; what the header shows of a
// client, and whether they must finish signing up.

import type { Client } from "../types";

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

/** What the header shows for a client: the photo, or the initials. */
export function avatarOf(client: Client): { photo: string } | { initials: string } {
  return client.avatar && showAvatar(client.avatar) ? { photo: client.avatar } : { initials: client.avatarFallback };
}

/**
 * A signed-in client who must finish something before using the site (spec §4): sign up
 * (not registered), or verify their email (registered, not verified, not a first login).
 */
export function mustFinish(client: Client): boolean {
  return !client.registered || (!client.emailVerify && !client.firstLogin);
}

/**
 * Whether a client holds any subscription pass (spec §2: the header links the subscription
 * page for them): a cinepass subscription, a pass type, or a current plan.
 */
export const hasPass = (client: Client): boolean => !!(client.subscriptions.cinepass || client.cinepassType || client.subscription?.currentPlan);
