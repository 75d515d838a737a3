// @vitest-environment jsdom
import { afterEach, describe, expect, it, vi } from "vitest";
import { startIslands } from "./loader/core";
import { defineStagedIsland, wakeIslands, type UiModule } from "./staged";

afterEach(() => {
  document.body.innerHTML = "";
});

const flush = async () => {
  for (let i = 0; i < 5; i++) await new Promise((r) => setTimeout(r, 0));
};

/** An island whose first stage marks the element and whose interactive part counts clicks. */
function island(now = false) {
  const clicks: string[] = [];
  const ui = vi.fn(
    (): Promise<UiModule<unknown>> =>
      Promise.resolve({
        mount: (el) => el.querySelector("button")?.addEventListener("click", () => clicks.push("ui")),
      }),
  );
  const mount = defineStagedIsland<unknown>({ show: (el) => (el.dataset.shown = ""), ui, now: () => now });
  return { mount, ui, clicks };
}

describe("staged islands", () => {
  it("shows the first stage at once and loads the interactive part at the first interaction, replaying the click", async () => {
    document.body.innerHTML = `<div><button type="button">b</button></div>`;
    const el = document.querySelector("div")!;
    const { mount, ui, clicks } = island();
    mount(el, {});
    expect("shown" in el.dataset).toBe(true);
    expect(ui).not.toHaveBeenCalled();
    el.querySelector("button")!.click();
    await flush();
    expect(ui).toHaveBeenCalledTimes(1);
    expect(el.dataset.ui).toBe("on");
    expect(clicks).toEqual(["ui"]);
  });

  it("loads at once when asked to (the address), or when woken before its module was in", async () => {
    document.body.innerHTML = `<div data-island="x" data-hydrate="idle" data-src="/x.js"><button type="button">b</button></div>`;
    const el = document.querySelector<HTMLElement>("div")!;
    const { mount, ui } = island();
    vi.stubGlobal("requestIdleCallback", () => 0);
    startIslands(document, () => Promise.resolve({ mount: (e, p) => mount(e, p) }));
    wakeIslands("[data-island=x]");
    await flush();
    expect(ui).toHaveBeenCalledTimes(1);
    vi.unstubAllGlobals();
    document.body.innerHTML = `<div></div>`;
    const now = island(true);
    now.mount(document.querySelector("div")!, {});
    await flush();
    expect(now.ui).toHaveBeenCalledTimes(1);
    expect(el.dataset.ui).toBe("on");
  });
});
