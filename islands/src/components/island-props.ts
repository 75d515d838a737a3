// What every island's props carry besides its own: the page's site and language, the brand
// (it fills `{brand}` in strings), and the UI strings the island lists in `islands.json`.

import type { Labels } from "../lib/i18n";
import type { Lang, SiteCode } from "../types";

export interface IslandProps {
  site: SiteCode;
  lang: Lang;
  brand?: string;
  labels?: Labels;
}
