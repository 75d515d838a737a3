// @vitest-environment jsdom
import { afterEach, describe, expect, it } from "vitest";
import { webCryptoSha256 } from "../lib/account";
import { platformType } from "../lib/tracking";
import { anonymous, cleanPage, settle, signedIn, testPage } from "../testing/islands";
import { mount } from "./tracking";

type Win = Window & { dataLayer?: Record<string, unknown>[] };

afterEach(() => {
  delete (window as Win).dataLayer;
  cleanPage();
});

function track(api = anonymous, extra: Partial<Parameters<typeof mount>[1]> = {}) {
  const page = testPage({ api });
  document.body.innerHTML = `<div data-island="tracking" hidden></div>`;
  mount(document.querySelector("div")!, {
    site: "fr",
    lang: "fr",
    page: { page_type: "cinema", country: "FR", language: "fr", environment: "preprod" },
    authEnabled: true,
    trackSubscriptionPass: false,
    ...extra,
  });
  return page;
}

describe("tracking island", () => {
  it("pushes the page type, platform type and upper-cased country", async () => {
    (window as Win).dataLayer = [{ already: "there" }];
    track();
    await settle();
    expect((window as Win).dataLayer).toEqual([
      { already: "there" },
      {
        event: "page_view",
        page_type: "cinema",
        platform_type: platformType(window.innerWidth),
        country: "FR",
        language: "fr",
        environment: "preprod",
      },
    ]);
    expect([platformType(1080), platformType(1079), platformType(390)]).toEqual(["web-desktop", "web-mobile", "web-mobile"]);
  });

  it("describes a show page's show with the dimensions its flags turn on, and the default rating", async () => {
    track(anonymous, {
      page: { page_type: "movie", country: "FR", language: "fr", environment: "preprod" },
      show: { show_slug: "dune", content_rating: "tout public", rating_scheme: "france", show_categories: ["Science-fiction"], experience_4dx: true, show_copy_count: 3 },
    });
    await settle();
    const view = (window as Win).dataLayer![0]!;
    expect(view).toMatchObject({ page_type: "movie", show_slug: "dune", content_rating: "tout public", rating_scheme: "france", show_categories: ["Science-fiction"], experience_4dx: true, show_copy_count: 3 });
    // The Dolby flag is off: no Dolby dimension at all.
    expect(view).not.toHaveProperty("experience_dolby_cinema");
  });

  it("adds the subscription pass of a signed-in client only where its flag is on", async () => {
    track(signedIn(), { trackSubscriptionPass: true });
    await settle();
    expect((window as Win).dataLayer![1]).toHaveProperty("subscription_pass");
    delete (window as Win).dataLayer;
    cleanPage();
    track(signedIn());
    await settle();
    expect((window as Win).dataLayer![1]).not.toHaveProperty("subscription_pass");
  });

  it("adds the SHA-256 of a signed-in client's lower-cased email, never the email", async () => {
    track(signedIn());
    await settle();
    const layer = (window as Win).dataLayer!;
    expect(layer[1]).toEqual({ event: "client_identified", user_email_sha256: await webCryptoSha256("emile@example.org") });
    expect(JSON.stringify(layer)).not.toMatch(/example\.org/i);
  });

  it("shares the page's one session request with the other islands", async () => {
    const { api } = track(signedIn());
    const { probeSession } = await import("../session");
    await probeSession({ site: "fr", lang: "fr" });
    await settle();
    expect(api.calls.filter((c) => c.url.pathname === "/identity/token")).toHaveLength(1);
    expect(api.calls.filter((c) => c.url.pathname === "/api/accounts/me")).toHaveLength(1);
  });
});
