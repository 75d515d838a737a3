// A show's wish-list toggle and emotion rating (spec §3 Feelings, §4): pressed buttons
// (`aria-pressed`), applied at once and undone if the server refuses (with a warning);
// an anonymous visitor gets the centred sign-in modal. Pressing the chosen emotion again
// removes it.

import { clientKnown, type ClientStore } from "../../stores/client";
import type { FeelingOutcome, FeelingsStore } from "../../stores/feelings";
import { pageAlerts } from "../../stores/page/alerts";
import type { Emotion } from "../../types";
import { useT } from "../i18n";
import { useStore } from "../use-store";

export const EMOTIONS: readonly Emotion[] = ["disappointed", "liked", "loved"];

export interface ShowFeelingsProps {
  store: FeelingsStore;
  client: ClientStore;
  show: string;
  /** Resolves once the client's feelings for the show are in (a change waits for it). */
  loaded: () => Promise<unknown>;
}

export function ShowFeelings({ store, client, show, loaded }: ShowFeelingsProps) {
  const t = useT();
  const wished = useStore(store, (s) => s.wishlist.includes(show));
  const emotion = useStore(store, (s) => s.emotions[show] ?? null);
  const change = async (run: () => Promise<FeelingOutcome>) => {
    await clientKnown(client);
    await loaded();
    if ((await run()) === "failed") pageAlerts().getState().push({ level: "warning", title: t("alerts.wishlistError"), closable: true, icon: "warning" });
  };
  return (
    <>
      <button type="button" className="wishlist-button tap" aria-pressed={wished} onClick={() => void change(() => store.getState().toggleWishlist(show))}>
        {t("client.wishlist")}
      </button>
      <fieldset className="emotions">
        <legend>{t("client.emotions.title")}</legend>
        {EMOTIONS.map((e) => (
          <button
            key={e}
            type="button"
            className="emotion tap"
            data-emotion={e}
            aria-pressed={emotion === e}
            onClick={() => void change(() => (store.getState().emotions[show] === e ? store.getState().unrate(show) : store.getState().rate(show, e)))}
          >
            {t(`client.emotions.${e}`)}
          </button>
        ))}
      </fieldset>
    </>
  );
}
