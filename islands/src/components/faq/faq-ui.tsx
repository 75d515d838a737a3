// The FAQ search island's interactive part.

import { defineIsland } from "../../island";
import { IslandRoot } from "../IslandRoot";
import { FaqSearch, type FaqSearchProps } from "./FaqSearch";

export const mount = defineIsland<FaqSearchProps>((props) => (
  <IslandRoot props={props}>
    <FaqSearch {...props} />
  </IslandRoot>
));
