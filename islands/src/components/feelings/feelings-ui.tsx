// The show-feelings island's interactive part.

import { defineIsland } from "../../island";
import type { ShowFeelingsIslandProps } from "../../islands/show-feelings";
import { knownFeelings, sessionFeelings } from "../../session";
import { pageClient } from "../../stores/page/client";
import { pageFeelings } from "../../stores/page/favourites";
import { AccountDialogs } from "../account/AccountDialogs";
import { IslandRoot, useHydrated } from "../IslandRoot";
import { ShowFeelings } from "./ShowFeelings";

export const mount = defineIsland<ShowFeelingsIslandProps>((props) => {
  const store = pageFeelings(props);
  const shows = [props.show];
  // What the first stage showed is the first render's state; what comes later, after it.
  const known = knownFeelings(shows);
  if (known) store.getState().load(known);
  const loading = known ? Promise.resolve() : sessionFeelings(props, shows).then((f) => store.getState().load(f));
  return (
    <IslandRoot props={props}>
      <ShowFeelings store={store} client={pageClient(props)} show={props.show} loaded={() => loading} />
      <Dialogs {...props} />
    </IslandRoot>
  );
});

function Dialogs(props: ShowFeelingsIslandProps) {
  return useHydrated() ? <AccountDialogs client={pageClient(props)} benefits={props.benefits ?? ["booking", "movies"]} /> : null;
}
