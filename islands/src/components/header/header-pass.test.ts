// @vitest-environment jsdom
// The header's subscription link for a client with any subscription pass (spec §2, issue 13):
// the server writes it hidden; the header island's first stage shows it for a pass holder.
import { afterEach, describe, expect, it } from "vitest";
import { mount, type HeaderProps } from "../../islands/header";
import { hasPass } from "../../lib/client-rules";
import { anonymous, cleanPage, mountOn, signedIn, testPage, type ApiRoutes } from "../../testing/islands";
import { labelsOf } from "../../testing/labels";
import type { Client } from "../../types";

const PROPS: HeaderProps = {
  site: "fr",
  lang: "fr",
  labels: labelsOf("header"),
  authEnabled: true,
  account: [{ key: "account", href: "https://account.example.org/account" }],
  benefits: ["booking", "movies"],
  cinemasLink: null,
  alternates: [],
  favouriteLimit: 5,
};

const PAGE =
  `<header class="site-header"><nav class="main-nav"><ul><li><a href="/films">Films</a></li><li class="header-pass" hidden><a class="tap" href="/abonnement">Abonnement</a></li></ul></nav>` +
  `<div class="header-tools" data-island="header"><nav class="account" aria-label="Espace client"><a class="sign-in tap" href="https://account.example.org/account" data-replay="">Se connecter</a></nav></div></header>`;

async function header(api: ApiRoutes) {
  testPage({ api });
  const el = await mountOn(mount, PAGE, PROPS);
  return el.closest("header")!.querySelector<HTMLElement>(".header-pass")!;
}

afterEach(cleanPage);

describe("header subscription link", () => {
  it("shows for a signed-in client with a subscription pass", async () => {
    expect((await header(signedIn({ cinepassSubscription: true }))).hidden).toBe(false);
  });

  it("stays hidden for a client without a pass, and for an anonymous visitor", async () => {
    expect((await header(signedIn())).hidden).toBe(true);
    cleanPage();
    expect((await header(anonymous)).hidden).toBe(true);
  });

  it("counts any pass: a cinepass subscription, a pass type or a current plan", () => {
    const client = { subscriptions: { newsletter: false, cinepass: false } } as Client;
    expect(hasPass(client)).toBe(false);
    expect(hasPass({ ...client, subscriptions: { newsletter: false, cinepass: true } })).toBe(true);
    expect(hasPass({ ...client, cinepassType: "solo" })).toBe(true);
    expect(hasPass({ ...client, subscription: { currentPlan: "duo", eligibleChanges: [], eligibleReSubscription: false } } as unknown as Client)).toBe(true);
  });
});
