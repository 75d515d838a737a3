// @vitest-environment jsdom
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { startIslands, type IslandModule } from "./core";

function page(html: string) {
  document.body.innerHTML = html;
  const mounted: { name: string; el: HTMLElement; props: unknown; html: string }[] = [];
  const load = vi.fn(
    (url: string): Promise<IslandModule> =>
      Promise.resolve({
        mount: (el, props) => mounted.push({ name: url, el, props, html: el.innerHTML }),
      }),
  );
  return { load, mounted };
}

const flush = () => new Promise((resolve) => setTimeout(resolve, 0));

describe("island loader", () => {
  beforeEach(() => {
    vi.spyOn(console, "error").mockImplementation(() => {});
  });
  afterEach(() => {
    vi.restoreAllMocks();
    vi.unstubAllGlobals();
  });

  it("mounts a load island at once with its child props, removed before hydration", async () => {
    const { load, mounted } = page(
      `<div data-island="alerts" data-hydrate="load" data-src="/a.js"><p>x</p><script type="application/json" data-props>{"closeLabel":"Fermer \\u003c"}</script></div>`,
    );
    startIslands(document, load);
    expect(load).toHaveBeenCalledWith("/a.js");
    await flush();
    expect(mounted).toHaveLength(1);
    expect(mounted[0]?.props).toEqual({ closeLabel: "Fermer <" });
    expect(mounted[0]?.html).toBe("<p>x</p>");
  });

  it("reads props from a child script only, defaults to {} and to load", async () => {
    const { load, mounted } = page(
      `<div data-island="a" data-src="/a.js"></div><script type="application/json" data-props>{"n":1}</script><div data-island="b" data-src="/b.js"><p><script type="application/json" data-props>{"n":2}</script></p></div>`,
    );
    startIslands(document, load);
    await flush();
    expect(mounted.map((m) => [m.name, m.props])).toEqual([
      ["/a.js", {}],
      ["/b.js", {}],
    ]);
  });

  it("leaves an island without a module URL alone", () => {
    const { load } = page(`<div data-island="alerts"></div><div data-island="nope" data-src=""></div>`);
    startIslands(document, load);
    expect(load).not.toHaveBeenCalled();
  });

  it("waits for the browser to be idle", () => {
    vi.useFakeTimers();
    try {
      const { load } = page(`<div data-island="a" data-hydrate="idle" data-src="/a.js"></div>`);
      startIslands(document, load);
      expect(load).not.toHaveBeenCalled();
      vi.runAllTimers();
      expect(load).toHaveBeenCalledTimes(1);
    } finally {
      vi.useRealTimers();
    }
    const idle = vi.fn((cb: () => void) => cb());
    vi.stubGlobal("requestIdleCallback", idle);
    const { load } = page(`<div data-island="a" data-hydrate="idle" data-src="/a.js"></div>`);
    startIslands(document, load);
    expect(idle).toHaveBeenCalled();
    expect(load).toHaveBeenCalledTimes(1);
  });

  it("waits for a visible island to near the viewport", () => {
    const observers: { callback: IntersectionObserverCallback; disconnect: ReturnType<typeof vi.fn> }[] = [];
    vi.stubGlobal(
      "IntersectionObserver",
      class {
        disconnect = vi.fn();
        constructor(readonly callback: IntersectionObserverCallback) {
          observers.push(this);
        }
        observe() {}
      },
    );
    const { load } = page(`<div data-island="a" data-hydrate="visible" data-src="/a.js"></div>`);
    startIslands(document, load);
    expect(load).not.toHaveBeenCalled();
    const observer = observers[0]!;
    observer.callback([{ isIntersecting: false } as IntersectionObserverEntry], {} as IntersectionObserver);
    expect(load).not.toHaveBeenCalled();
    observer.callback([{ isIntersecting: true } as IntersectionObserverEntry], {} as IntersectionObserver);
    expect(load).toHaveBeenCalledTimes(1);
    expect(observer.disconnect).toHaveBeenCalled();
  });

  it("waits for the first interaction, then mounts once", () => {
    const { load } = page(`<div data-island="a" data-hydrate="interaction" data-src="/a.js"><button>b</button></div>`);
    startIslands(document, load);
    expect(load).not.toHaveBeenCalled();
    document.querySelector("button")?.dispatchEvent(new Event("focusin", { bubbles: true }));
    document.querySelector("button")?.dispatchEvent(new Event("pointerdown", { bubbles: true }));
    document.querySelector("[data-island]")?.dispatchEvent(new Event("keydown"));
    expect(load).toHaveBeenCalledTimes(1);
  });

  it("hydrates an idle island at the first interaction with it", () => {
    const { load } = page(`<div data-island="a" data-hydrate="idle" data-src="/a.js"><button type="button">b</button></div>`);
    vi.stubGlobal("requestIdleCallback", () => 0);
    startIslands(document, load);
    expect(load).not.toHaveBeenCalled();
    document.querySelector("button")?.dispatchEvent(new Event("pointerdown", { bubbles: true }));
    expect(load).toHaveBeenCalledTimes(1);
  });

  it("replays a click made on a button before the island was ready", async () => {
    document.body.innerHTML = `<div data-island="a" data-hydrate="interaction" data-src="/a.js"><button type="button">b</button><a href="#x">x</a></div>`;
    const clicks: string[] = [];
    const load = vi.fn(
      (): Promise<IslandModule> =>
        Promise.resolve({
          mount: (el) => el.querySelector("button")?.addEventListener("click", () => clicks.push("island")),
        }),
    );
    startIslands(document, load);
    document.querySelector("button")?.click();
    expect(load).toHaveBeenCalledTimes(1);
    expect(clicks).toEqual([]);
    await flush();
    expect(clicks).toEqual(["island"]);
    document.querySelector("button")?.click();
    expect(clicks).toEqual(["island", "island"]);
  });

  it("holds a click on a data-replay link while the label book is coming, and replays it once mounted", async () => {
    // The header's "Se connecter" is a link the island turns into a dialog: clicked before the
    // island is in, the browser must not follow it, and the island must get the click.
    document.body.innerHTML = `<div data-island="a" data-hydrate="load" data-src="/a.js"><a href="/connexion" data-replay>in</a><a href="/plain">out</a></div>`;
    let answer: (r: Response) => void = () => {};
    vi.stubGlobal("fetch", vi.fn(() => new Promise<Response>((resolve) => (answer = resolve))));
    const opened: string[] = [];
    const load = vi.fn(
      (): Promise<IslandModule> =>
        Promise.resolve({
          mount: (el, props) =>
            el.querySelector("a")?.addEventListener("click", (e) => {
              e.preventDefault();
              opened.push((props as { labels: Record<string, string> }).labels.k ?? "");
            }),
        }),
    );
    startIslands(document, load, "/labels-fr.json");
    const link = document.querySelector<HTMLAnchorElement>("[data-replay]")!;
    const followed: boolean[] = [];
    document.addEventListener("click", (e) => followed.push(!e.defaultPrevented));
    link.click();
    document.querySelector<HTMLAnchorElement>("[href='/plain']")!.click();
    await flush();
    expect(opened).toEqual([]);
    expect(followed).toEqual([false, true]);
    answer(new Response(JSON.stringify({ a: { k: "Se connecter" } })));
    await flush();
    await flush();
    expect(opened).toEqual(["Se connecter"]);
    // Once mounted, the loader no longer holds anything: the island's own handler decides.
    expect(followed).toEqual([false, true, false]);
    document.querySelector<HTMLAnchorElement>("[href='/plain']")!.click();
    expect(followed).toEqual([false, true, false, true]);
  });

  it("follows a held link after all when the island's module does not come", async () => {
    document.body.innerHTML = `<div data-island="a" data-hydrate="idle" data-src="/a.js"><a href="#connexion" data-replay>in</a></div>`;
    vi.stubGlobal("requestIdleCallback", () => 0);
    const failing = vi.fn(() => Promise.reject(new Error("404")));
    startIslands(document, failing);
    const followed: boolean[] = [];
    document.addEventListener("click", (e) => followed.push(!e.defaultPrevented));
    document.querySelector<HTMLAnchorElement>("[data-replay]")!.click();
    await flush();
    expect(console.error).toHaveBeenCalledWith("a", expect.any(Error));
    expect(followed).toEqual([false, true]);
  });

  it("marks an island data-mounted once its mount has run, not when its module is asked for", async () => {
    document.body.innerHTML = `<div data-island="a" data-hydrate="interaction" data-src="/a.js"><a href="#x">x</a></div>`;
    let arrive: (m: IslandModule) => void = () => {};
    const load = vi.fn(() => new Promise<IslandModule>((resolve) => (arrive = resolve)));
    startIslands(document, load);
    const el = document.querySelector<HTMLElement>("[data-island]")!;
    el.dispatchEvent(new Event("focusin"));
    expect(load).toHaveBeenCalledTimes(1);
    expect(el.dataset.mounted).toBeUndefined();
    startIslands(document, load);
    expect(load).toHaveBeenCalledTimes(1);
    let listening = false;
    arrive({ mount: () => void (listening = true) });
    await flush();
    expect(listening).toBe(true);
    expect(el.dataset.mounted).toBe("");
  });

  it("never mounts an island twice, and reports a module that fails", async () => {
    const { load, mounted } = page(`<div data-island="a" data-src="/a.js"></div>`);
    startIslands(document, load);
    startIslands(document, load);
    await flush();
    expect(mounted).toHaveLength(1);
    const failing = vi.fn(async () => Promise.reject(new Error("404")));
    document.body.innerHTML = `<div data-island="b" data-src="/b.js"></div>`;
    startIslands(document, failing);
    await flush();
    expect(console.error).toHaveBeenCalled();
  });

  it("gives each island its labels from the book, fetched once", async () => {
    const { load, mounted } = page(
      `<div data-island="a" data-src="/a.js"><script type="application/json" data-props>{"n":1}</script></div>` +
        `<div data-island="b" data-src="/b.js"></div>` +
        `<div data-island="c" data-src="/c.js" data-hydrate="interaction"><script type="application/json" data-props>{}</script></div>`,
    );
    const fetched = vi.fn(() => Promise.resolve(new Response('{"a":{"k1":"one","k2":"two"},"b":{"k":"bee"},"c":{}}')));
    vi.stubGlobal("fetch", fetched);
    startIslands(document, load, "/assets/islands/labels-fr.0123.json");
    await flush();
    document.querySelector("[data-island=c]")!.dispatchEvent(new Event("focusin"));
    await flush();
    expect(mounted.map((m) => [m.name, m.props])).toEqual([
      ["/a.js", { n: 1, labels: { k1: "one", k2: "two" } }],
      ["/b.js", { labels: { k: "bee" } }],
      ["/c.js", { labels: {} }],
    ]);
    expect(fetched.mock.calls).toEqual([["/assets/islands/labels-fr.0123.json"]]);
  });

  it("mounts without labels, and says so, when the book does not come", async () => {
    vi.stubGlobal("fetch", vi.fn(() => Promise.resolve(new Response("gone", { status: 404 }))));
    const { load, mounted } = page(`<div data-island="a" data-src="/a.js"><script type="application/json" data-props>{"n":2}</script></div>`);
    startIslands(document, load, "/assets/islands/labels-fr.gone.json");
    await flush();
    await flush();
    expect(mounted.map((m) => m.props)).toEqual([{ n: 2 }]);
    expect(console.error).toHaveBeenCalledWith("/assets/islands/labels-fr.gone.json", expect.anything());
  });
});
