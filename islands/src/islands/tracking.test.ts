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

function track(api = anonymous) {
  const page = testPage({ api });
  document.body.innerHTML = `<div data-island="tracking" hidden></div>`;
  mount(document.querySelector("div")!, { site: "fr", lang: "fr", pageType: "cinema", authEnabled: true });
  return page;
}

describe("tracking island", () => {
  it("pushes the page type, platform type and upper-cased country", async () => {
    (window as Win).dataLayer = [{ already: "there" }];
    track();
    await settle();
    expect((window as Win).dataLayer).toEqual([
      { already: "there" },
      { event: "page_view", page_type: "cinema", platform_type: platformType(window.innerWidth), country: "FR", language: "fr" },
    ]);
    expect([platformType(1080), platformType(1079), platformType(390)]).toEqual(["web-desktop", "web-mobile", "web-mobile"]);
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
