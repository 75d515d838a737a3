// Where a video plays (spec §3 Video providers): the provider's embedded player, or the
// file itself for S3 and AlloCiné videos.

import type { Video } from "../types";

/** The player page to frame (autoplaying), or null for a file played by `<video>`. */
export function embedUrl(video: Video): string | null {
  const id = encodeURIComponent(video.id);
  switch (video.provider) {
    case "youtube":
      return `https://www.youtube-nocookie.com/embed/${id}?autoplay=1&rel=0`;
    case "vimeo":
      return `https://player.vimeo.com/video/${id}?autoplay=1`;
    default:
      return null;
  }
}

/** The query flag that plays the trailer on arrival (spec §2). */
export const playsOnArrival = (search: string) => new URLSearchParams(search).get("bandeannonce") === "true";
