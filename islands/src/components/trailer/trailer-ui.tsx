// The trailer island's interactive part.

import { defineIsland } from "../../island";
import { IslandRoot } from "../IslandRoot";
import { Trailer, type TrailerProps } from "./Trailer";

export const mount = defineIsland<TrailerProps>((props) => (
  <IslandRoot props={props}>
    <Trailer {...props} />
  </IslandRoot>
));
