// The schedule's selection; closing any modal clears its selected showtime.

import { createScheduleStore } from "../schedule";
import { perPage } from "./env";
import { modalHooks } from "./modals";

export const pageSchedule = perPage((env) => {
  const store = createScheduleStore({ url: env.url });
  modalHooks().closed.push(() => store.getState().clearShowtime());
  return store;
});
