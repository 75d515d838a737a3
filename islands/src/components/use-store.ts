// A component's view of a zustand store: re-renders when the selected value changes.
//
// Written on preact's hooks rather than zustand's React entry: that entry imports React's
// default export, which makes the bundler keep all of preact/compat (Suspense, lazy,
// Children…), about 2.5 KB gzipped on every page for nothing.

import { useLayoutEffect, useReducer, useRef } from "react";
import type { StoreApi } from "zustand/vanilla";

export function useStore<S, T>(store: StoreApi<S>, selector: (state: S) => T, equal: (a: T, b: T) => boolean = Object.is): T {
  const [, rerender] = useReducer((n: number) => n + 1, 0);
  const selected = selector(store.getState());
  const latest = useRef({ selector, selected, equal });
  latest.current = { selector, selected, equal };
  useLayoutEffect(() => {
    const check = () => {
      const { selector: select, selected: shown, equal: same } = latest.current;
      if (!same(select(store.getState()), shown)) rerender(0);
    };
    const stop = store.subscribe(check);
    // The state may have moved between this render and the subscription.
    check();
    return stop;
  }, [store]);
  return selected;
}

/** Equal when both arrays hold the same items in the same order. */
export function sameItems<T>(a: readonly T[], b: readonly T[]): boolean {
  return a.length === b.length && a.every((x, i) => Object.is(x, b[i]));
}
