// Entry of the loader file (`loader.[hash].js`, a module script on every page). The build
// writes the islands' manifest into it; module URLs resolve against the loader's own URL.

import { markWebview } from "../lib/webview";
import { startIslands, type IslandModule } from "./core";

declare const __ISLANDS__: Record<string, string>;

const manifest: Record<string, string> = {};
for (const name in __ISLANDS__) manifest[name] = new URL(__ISLANDS__[name]!, import.meta.url).href;

markWebview(document.documentElement, navigator.userAgent);
startIslands(document, (url) => import(url) as Promise<IslandModule>, manifest);
