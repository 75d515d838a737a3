// The header's scroll state (sticky from desktop widths) and the footer accordion.

import { isDesktop, pageViewport } from "../device";
import { createHeaderStore } from "../header";
import { createFooterAccordionStore } from "../page-sections";
import { perPage } from "./env";

export const pageHeader = perPage((env) =>
  createHeaderStore({
    clock: env.clock,
    timers: env.timers,
    storage: env.storage,
    viewport: () => {
      const v = pageViewport().getState();
      return { height: v.height, desktop: isDesktop(v.viewport) };
    },
  }),
);

export const pageFooterAccordion = perPage(() => createFooterAccordionStore());
