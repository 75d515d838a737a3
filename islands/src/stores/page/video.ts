// The video playing: closing a video modal stops it; on mobile a trailer plays in the
// trailer modal.

import { createVideoStore } from "../video";
import { pageViewport } from "../device";
import { perPage } from "./env";
import { modalHooks, pageModals } from "./modals";

export const pageVideo = perPage(() => {
  const store = createVideoStore({
    isMobile: () => pageViewport().getState().viewport === "mobile",
    openTrailerModal: (v) => void pageModals().getState().open("trailer", v),
  });
  modalHooks().stopVideo.push(() => store.getState().stop());
  return store;
});
