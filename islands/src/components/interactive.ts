// The interactive parts of the islands most pages show (header, favourite, locator, schedule,
// a show page's wish list and emotions), as one module: loaded once, at the first interaction
// with any of them, and cached for every page of the site. Split per island, a page paid more
// for them (one file each, plus a chunk for every combination of islands sharing code: gzip
// cannot share its dictionary between files) — see README, "Sizes". The cinema information
// dialog's part is apart (cinema-interactive.ts): only cinema pages show it, and the show
// pages, the heaviest, had no room left for it.

export { mount as header } from "./header/header-ui";
export { mount as favourite } from "./favourite/favourite-ui";
export { mount as locator } from "./locator/locator-ui";
export { mount as schedule } from "./schedule/schedule-ui";
// A show page's feelings: what they need is here already (client and feelings stores, sign-in
// dialogs), and a show page loads this module anyway (header, schedule); on their own they
// split those stores into a chunk every page paid as a file more (README, "Two stages").
export { mount as feelings } from "./feelings/feelings-ui";
// What the on-demand modals (modals/modals-ui.ts) build with: they import it from here rather
// than statically, so their module adds no chunk to any page (a static import of preact by one
// more module split the shared chunks: every page 0.2 KB heavier after every island).
export { jsx } from "preact/jsx-runtime";
export { defineIsland } from "../island";
export { useLayoutEffect, useRef } from "react";
export { ModalDialog, useModal } from "./ModalDialog";
export { useT } from "./i18n";
export { IslandRoot } from "./IslandRoot";
export { pageModals } from "../stores/page/modals";
export { pageSchedule } from "../stores/page/schedule";
export { wakeIslands } from "../staged";
