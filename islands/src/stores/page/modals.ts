// The page's modals. What must happen when one closes belongs to other stores (stop the
// video, reset the plan, clear the selected showtime): those stores register it here when
// they are made, so an island that uses only the modals does not carry them.

import { wakeIslands } from "../../staged";
import { createModalsStore, type ModalId } from "../modals";
import { pageViewport } from "../device";
import { perPage } from "./env";

export interface ModalHooks {
  stopVideo: (() => void)[];
  resetPlan: (() => void)[];
  closed: ((id: ModalId) => void)[];
}

const made = perPage((env) => {
  const hooks: ModalHooks = { stopVideo: [], resetPlan: [], closed: [] };
  const store = createModalsStore({
    viewportWidth: () => pageViewport().getState().width,
    scrollLock: env.scrollLock,
    stopVideo: () => hooks.stopVideo.forEach((f) => f()),
    resetPlan: () => hooks.resetPlan.forEach((f) => f()),
    clearFragment: () => {
      const { pathname, search, hash } = env.url.read();
      if (hash) env.url.replace(pathname + search);
    },
    onClosed: (id) => hooks.closed.forEach((f) => f(id)),
  });
  return { store, hooks };
});

export const pageModals = () => made().store;

export const modalHooks = () => made().hooks;

/**
 * Opens the centred sign-in modal (an action needs a signed-in client), and wakes the header,
 * whose interactive part shows the sign-in dialogs (the favourite and wish-list islands also
 * can, for pages without header).
 */
export function askSignIn(): void {
  pageModals().getState().requireSignIn(false);
  if (typeof document !== "undefined") wakeIslands('[data-island="header"]');
}
