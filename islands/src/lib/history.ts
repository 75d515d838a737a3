// Histories of the search and the locator (spec §5, §9): the latest 3 distinct entries,
// newest first; a repeat moves to the front instead of appearing twice.

export const HISTORY_SIZE = 3;

export function pushHistory<T, K>(history: readonly T[], entry: T, key: (item: T) => K, max = HISTORY_SIZE): T[] {
  const k = key(entry);
  return [entry, ...history.filter((item) => key(item) !== k)].slice(0, max);
}
