// The cinema-info island's interactive part.

import { defineIsland } from "../../island";
import { IslandRoot } from "../IslandRoot";
import { CinemaInfo, type CinemaInfoProps } from "./CinemaInfo";

export const mount = defineIsland<CinemaInfoProps>((props) => (
  <IslandRoot props={props}>
    <CinemaInfo {...props} />
  </IslandRoot>
));
