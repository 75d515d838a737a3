// What the page tells the tag manager (spec §2 page types, §9 tracking): pushes onto
// `window.dataLayer`, never a call of its own.

import { DESKTOP_MIN_WIDTH } from "../stores/device";

export type DataLayer = Record<string, unknown>[];

export type PlatformType = "web-desktop" | "web-mobile";

/** Desktop from the desktop breakpoint (spec §9: 1080 px); phones and tablets are mobile. */
export const platformType = (viewportWidth: number): PlatformType => (viewportWidth >= DESKTOP_MIN_WIDTH ? "web-desktop" : "web-mobile");
