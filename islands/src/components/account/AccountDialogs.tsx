// The dialogs of the visitor's identity, on every page: the sign-in invitation (the header's
// pop-in, or centred when an action needs a signed-in client) and the identity provider's
// frame (closable, or fullscreen and forced for a client who must finish signing up or
// verify their email). Several islands may render this host (the header, and the favourite
// or wish-list buttons on pages without header); only the first one mounted shows it.

import { useEffect, useState } from "react";
import type { ClientStore } from "../../stores/client";
import { pageModals } from "../../stores/page/modals";
import { SignInDialogs } from "./SignInDialogs";
import { useStore } from "../use-store";

export type Benefit = "booking" | "movies" | "favourites" | "cards";

export interface AccountDialogsProps {
  client: ClientStore;
  /** What the invitation lists (spec §6: favourites only with several cinemas, cards only with subscriptions). */
  benefits: Benefit[];
}

/** The page's clients (one per page) whose dialogs a host already shows. */
const hosted = new WeakSet<ClientStore>();

/** True for the first host mounted for the page's client (until it unmounts). */
function useHostClaim(client: ClientStore): boolean {
  // The client claimed on the first render (null when another host had it), released on unmount.
  const [claimed] = useState<ClientStore | null>(() => {
    if (hosted.has(client)) return null;
    hosted.add(client);
    return client;
  });
  useEffect(
    () => () => {
      if (claimed) hosted.delete(claimed);
    },
    [claimed],
  );
  return claimed !== null;
}

export function AccountDialogs(props: AccountDialogsProps) {
  const mine = useHostClaim(props.client);
  const modals = pageModals();
  const invited = useStore(modals, (s) => s.modals.signIn.open || s.modals.signInCentred.open);
  const framed = useStore(props.client, (s) => s.frame !== null);
  if (!mine || !(invited || framed)) return null;
  return <SignInDialogs {...props} />;
}
