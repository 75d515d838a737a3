// The show filter of spec §5, mirroring `site::rules::show_passes`: a show passes only if it
// is bookable and, for each of versions, types (tags) and genres, nothing is chosen or one
// chosen value is the show's. Versions and tags compare as slugs ignoring case (toLowerCase, as the Rust); chosen
// `avp` also matches `avp-equipe` (not the reverse); genres compare by `genreKey` (folded, blanks as dashes).

import { genreKey } from "./text";

export interface ShowFilter {
  versions: readonly string[];
  tags: readonly string[];
  genres: readonly string[];
}

const AVP = "avp";
const AVP_TEAM = "avp-equipe";

const sameSlug = (a: string, b: string) => a.trim().toLowerCase() === b.trim().toLowerCase();

const tagMatches = (chosen: string, tag: string) => sameSlug(chosen, tag) || (sameSlug(chosen, AVP) && sameSlug(tag, AVP_TEAM));

const anyChosen = (chosen: readonly string[], matches: (c: string) => boolean) => chosen.length === 0 || chosen.some(matches);

export function showPasses(filter: ShowFilter, show: { versions: readonly string[]; tags: readonly string[]; genres: readonly string[]; bookable: boolean }): boolean {
  return (
    show.bookable &&
    anyChosen(filter.versions, (v) => show.versions.some((s) => sameSlug(s, v))) &&
    anyChosen(filter.tags, (t) => show.tags.some((s) => tagMatches(t, s))) &&
    anyChosen(filter.genres, (g) => show.genres.some((s) => genreKey(s) === genreKey(g)))
  );
}

export const isFiltering = (f: ShowFilter) => f.versions.length + f.tags.length + f.genres.length > 0;
