// The viewport (its class from the breakpoints, the height variable) and the webview flag.

import { createViewportStore, createWebviewStore } from "../device";
import { perPage } from "./env";

export const pageViewport = perPage((env) => createViewportStore({ timers: env.timers, setCssVar: env.setCssVar, initial: env.viewport }));

export const pageWebview = perPage((env) => createWebviewStore(env.userAgent));
