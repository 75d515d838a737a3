// The signed-in client as the site shows it, from the accounts API's payload (spec §3, §5,
// §6). No store here: the signed-in half of the islands' first stage (../signed-in.ts, loaded
// only for a visitor with a stored sign-in) uses these before any interaction, and the client
// store after one. What the header shows of a client is in ./client-rules.ts (every page).

import type { AccountPayload, Client, SiteCode } from "../types";
import { avatarInitials, showAvatar } from "./client-rules";

export { avatarOf, mustFinish } from "./client-rules";

export async function webCryptoSha256(text: string): Promise<string> {
  const digest = await crypto.subtle.digest("SHA-256", new TextEncoder().encode(text));
  return [...new Uint8Array(digest)].map((b) => b.toString(16).padStart(2, "0")).join("");
}

/** The client as the site uses it, from the accounts API's payload. */
export function clientFromAccount(account: AccountPayload, site: SiteCode): Client {
  const first = account.firstname?.trim() ?? "";
  const last = account.lastname?.trim() ?? "";
  const mailCommunication = account.mailCommunication ?? false;
  const sendNewsletter = account.sendNewsletter ?? false;
  const s = account.subscription;
  const client: Client = {
    id: account.icu,
    name: [first, last].filter(Boolean).join(" "),
    email: account.email ?? "",
    avatarFallback: avatarInitials(first, last),
    // The account payload carries no favourites (spec §3): the client call gives them.
    favoriteCinemas: [],
    registered: account.registered ?? false,
    emailVerify: account.emailVerify ?? false,
    firstLogin: account.firstLogin ?? false,
    sendNewsletter,
    mailCommunication,
    // The newsletter flag: the FR site reads the mail-communication flag, others sendNewsletter.
    subscriptions: { newsletter: site === "fr" ? mailCommunication : sendNewsletter, cinepass: account.cinepassSubscription ?? false },
  };
  if (showAvatar(account.photoUrl) && account.photoUrl) client.avatar = account.photoUrl.trim();
  if (account.loyaltyLevel) client.loyaltyLevel = account.loyaltyLevel;
  if (account.cinepassType) client.cinepassType = account.cinepassType;
  if (s) {
    client.subscription = {
      ...(s.currentPlan ? { currentPlan: s.currentPlan } : {}),
      eligibleChanges: s.eligibleChanges ?? [],
      eligibleReSubscription: s.eligibleReSubscription ?? false,
      eligibleForAddonChange: s.eligibleForAddonChange ?? false,
      ...(s.newPlan && s.nextPlanExecutionDate ? { downgrade: { plan: s.newPlan, executionDate: s.nextPlanExecutionDate } } : {}),
    };
  }
  return client;
}
