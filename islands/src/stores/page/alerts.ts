// The page's alert queue, which the alerts island shows and every island feeds. The alerts
// island loads on demand: the first alert queued wakes it.

import { wakeIslands } from "../../staged";
import { createAlertsStore } from "../alerts";
import { perPage } from "./env";

export const ALERTS_ISLAND = '[data-island="alerts"]';

export const pageAlerts = perPage((env) => {
  const store = createAlertsStore({ timers: env.timers });
  store.subscribe((s) => {
    if (s.queue.length > 0 && typeof document !== "undefined") wakeIslands(ALERTS_ISLAND);
  });
  return store;
});
