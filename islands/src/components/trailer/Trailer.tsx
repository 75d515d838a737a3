// A show's trailer (spec §4): playing stores the video in the page's video store; on a
// phone that opens the trailer modal, elsewhere the player takes the link's place with a
// button to stop it. Closing the modal, or stopping, stops the video.

import { useEffect, useRef } from "react";
import { playsOnArrival } from "../../lib/video";
import { pageViewport } from "../../stores/device";
import { pageUrl } from "../../stores/page/env";
import { pageVideo } from "../../stores/page/video";
import type { Video } from "../../types";
import { useT } from "../i18n";
import type { IslandProps } from "../island-props";
import { ModalDialog } from "../ModalDialog";
import { useStore } from "../use-store";
import type { TrailerProps as TrailerPropsData } from "../../generated/api-types";

/** The props the generator writes (site/src/islands.rs, exported to TypeScript). */
export type TrailerProps = IslandProps & TrailerPropsData;

/** Where this island's video plays (the video store's location). */
const HERE = "show";

export function Trailer({ video, href, title }: TrailerProps) {
  const t = useT();
  const store = pageVideo();
  const playing = useStore(store, (s) => s.playing);
  // On a phone the video store opened the trailer modal instead.
  const mobile = useStore(pageViewport(), (s) => s.viewport === "mobile");
  const inline = playing?.video.id === video.id && playing.location === HERE && !mobile;
  // Once, on arrival: the first render's video, in the page's video store.
  const arrival = useRef(video);
  useEffect(() => {
    if (playsOnArrival(pageUrl().read().search)) pageVideo().getState().play(arrival.current, HERE);
  }, []);
  const play = (event: Event) => {
    event.preventDefault();
    store.getState().play(video, HERE);
  };
  const name = `${t("modals.trailer")} : ${title}`;
  return (
    <>
      {inline ? (
        <div className="trailer-frame">
          <Player video={video} name={name} />
          <button type="button" className="trailer-stop tap" onClick={() => store.getState().stop()}>
            {t("common.close")}
          </button>
        </div>
      ) : (
        <a className="trailer tap" href={href} data-replay="" onClick={play}>
          {t("show.playTrailer")}
        </a>
      )}
      <ModalDialog id="trailer" variant="player" title={name} closeLabel={t("modals.close")} className="trailer-modal">
        <Player video={video} name={name} />
      </ModalDialog>
    </>
  );
}

// Where a video plays (spec §3 Video providers): the provider's embedded player, or the file
// itself for S3 and AlloCiné videos. Here rather than in lib/video.ts, which the island's first
// stage loads too: only the interactive part needs it.
/** The player page to frame (autoplaying), or null for a file played by `<video>`. */
function embedUrl(video: Video): string | null {
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

function Player({ video, name }: { video: Video; name: string }) {
  const src = embedUrl(video);
  return src ? (
    <iframe className="trailer-iframe" src={src} title={name} allow="autoplay; fullscreen; picture-in-picture" allowFullScreen />
  ) : (
    <video className="trailer-video" src={video.url ?? undefined} controls autoPlay aria-label={name} />
  );
}
