// The root of an island's tree: its translator for every component below.

import type { ComponentChildren } from "preact";
import { useMemo } from "react";
import { translator } from "../lib/i18n";
import { I18nProvider } from "./i18n";
import type { IslandProps } from "./island-props";

export function IslandRoot({ props, children }: { props: Pick<IslandProps, "labels" | "brand">; children: ComponentChildren }) {
  const t = useMemo(() => translator(props.labels, props.brand ? { brand: props.brand } : {}), [props.labels, props.brand]);
  return <I18nProvider value={t}>{children}</I18nProvider>;
}
