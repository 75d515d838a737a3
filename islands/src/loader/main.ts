// Entry of the loader file (`loader.[hash].js`, a module script on every page). Every island
// element names its module (`data-src`, written by the generator): the loader carries no
// manifest of its own (it cost every page 0.37 KB gzipped, for a fallback no page used).

import { markWebview } from "../lib/webview";
import { startIslands, type IslandModule } from "./core";

markWebview(document.documentElement, navigator.userAgent);
// The label book (`core.ts`, labels), named on the root element (templates/base.html writes it
// wherever it writes the loader).
startIslands(document, (url) => import(url) as Promise<IslandModule>, document.documentElement.dataset.labels);
