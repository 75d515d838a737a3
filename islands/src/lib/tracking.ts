// What the page tells the tag manager (spec §2 page types, §9 tracking): pushes onto
// `window.dataLayer`, never a call of its own.

import { DESKTOP_MIN_WIDTH } from "../stores/device";
import type { SiteCode } from "../types";

export type DataLayer = Record<string, unknown>[];

export type PlatformType = "web-desktop" | "web-mobile";

/** Desktop from the desktop breakpoint (spec §9: 1080 px); phones and tablets are mobile. */
export const platformType = (viewportWidth: number): PlatformType => (viewportWidth >= DESKTOP_MIN_WIDTH ? "web-desktop" : "web-mobile");

export interface PageView {
  /** The page type of spec §2 (the route table's `tracking_type`: "cinema", "FAQ results"…). */
  pageType: string;
  site: SiteCode;
  language: string;
  viewportWidth: number;
}

export function pageViewEntry(view: PageView): Record<string, unknown> {
  return {
    event: "page_view",
    page_type: view.pageType,
    platform_type: platformType(view.viewportWidth),
    country: view.site.toUpperCase(),
    language: view.language,
  };
}

/** A signed-in client, known by the SHA-256 of their email only (spec §4). */
export const clientEntry = (emailHash: string): Record<string, unknown> => ({ event: "client_identified", user_email_sha256: emailHash });

/** The page's data layer, made if the tag manager has not made it yet. */
export function dataLayerOf(win: Window & { dataLayer?: DataLayer }): DataLayer {
  return (win.dataLayer ??= []);
}
