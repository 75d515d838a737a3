// The root of an island's tree: its translator for every component below; and `useHydrated`,
// here rather than in a module of its own, which was a chunk of its own (a file more for every
// page, gzipped without context).

import type { ComponentChildren } from "preact";
import { useEffect, useMemo, useState } from "react";
import { translator } from "../lib/i18n";
import { I18nProvider } from "./i18n";
import type { IslandProps } from "./island-props";

export function IslandRoot({ props, children }: { props: Pick<IslandProps, "labels" | "brand">; children: ComponentChildren }) {
  const t = useMemo(() => translator(props.labels, props.brand ? { brand: props.brand } : {}), [props.labels, props.brand]);
  return <I18nProvider value={t}>{children}</I18nProvider>;
}

// Hydration adopts the server's markup as it is: preact does not patch attributes while it
// hydrates. A component whose output depends on the browser (OS, storage, viewport) must
// therefore render what the server rendered first, and the browser's view after mounting.

/** False during the hydrating render, true from the next render on. */
export function useHydrated(): boolean {
  const [hydrated, setHydrated] = useState(false);
  useEffect(() => setHydrated(true), []);
  return hydrated;
}
