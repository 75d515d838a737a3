// The schedule island's interactive part.

import { defineIsland } from "../../island";
import { IslandRoot } from "../IslandRoot";
import { Schedule, type ScheduleProps } from "./Schedule";

export const mount = defineIsland<ScheduleProps>((props, el) => (
  <IslandRoot props={props}>
    <Schedule {...props} days={props.days ?? []} host={el} />
  </IslandRoot>
));
