// The trailer or video playing (spec §4): playing stores the video and where it plays, stop
// clears it. On mobile a trailer plays in the trailer modal.

import { createStore } from "zustand/vanilla";
import type { Video } from "../types";

export interface VideoState {
  playing: { video: Video; location: string } | null;
  play(video: Video, location: string): void;
  stop(): void;
}

export interface VideoDeps {
  isMobile?: () => boolean;
  openTrailerModal?: (video: Video) => void;
}

export function createVideoStore(deps: VideoDeps = {}) {
  return createStore<VideoState>()((set) => ({
    playing: null,
    play(video, location) {
      set({ playing: { video, location } });
      if (deps.isMobile?.()) deps.openTrailerModal?.(video);
    },
    stop: () => set({ playing: null }),
  }));
}

export type VideoStore = ReturnType<typeof createVideoStore>;
