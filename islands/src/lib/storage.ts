// Key-value storage behind an interface (localStorage on a page, a map in tests). Private
// browsing modes throw on access or on write: the wrapper turns that into "nothing stored".

export interface KeyValueStore {
  getItem(key: string): string | null;
  setItem(key: string, value: string): void;
  removeItem(key: string): void;
}

export function safeStorage(open: () => Storage | null | undefined): KeyValueStore {
  const storage = (): Storage | null => {
    try {
      return open() ?? null;
    } catch {
      return null;
    }
  };
  return {
    getItem(key) {
      try {
        return storage()?.getItem(key) ?? null;
      } catch {
        return null;
      }
    },
    setItem(key, value) {
      try {
        storage()?.setItem(key, value);
      } catch {
        // Quota or private mode: the value is simply not kept.
      }
    },
    removeItem(key) {
      try {
        storage()?.removeItem(key);
      } catch {
        // As above.
      }
    },
  };
}

export function memoryStore(initial: Record<string, string> = {}): KeyValueStore & { data: Map<string, string> } {
  const data = new Map(Object.entries(initial));
  return {
    data,
    getItem: (key) => data.get(key) ?? null,
    setItem: (key, value) => void data.set(key, value),
    removeItem: (key) => void data.delete(key),
  };
}

/** Reads a JSON value; anything unreadable is `null`. */
export function readJson(store: KeyValueStore, key: string): unknown {
  const text = store.getItem(key);
  if (text === null) return null;
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return null;
  }
}
