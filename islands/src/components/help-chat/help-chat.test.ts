// @vitest-environment jsdom
import { afterEach, describe, expect, it, vi } from "vitest";
import { mount, type HelpChatProps } from "../../islands/help-chat";
import { cleanPage, click, mountOn, routes, sameMarkup, settle, testPage, anonymous, type ApiAnswer, type ApiRoutes } from "../../testing/islands";
import { FR, labelsOf } from "../../testing/labels";
import { SERVICE_GLOBAL, type ChatService } from "./start-chat";

const CHAT = { organizationId: "00D000000000001", deploymentName: "Lumen_Help", siteUrl: "https://chat.example/lumen", scrtUrl: "https://chat.example/scrt" };
const PROPS: HelpChatProps = { site: "fr", lang: "fr", labels: labelsOf("help-chat"), chat: CHAT, contact: "https://account.example.org/contact" };
const SCRIPT = "https://chat.example/lumen/assets/js/bootstrap.min.js";

/** What the generator writes inside the island's element (templates/partials/help_chat.html). */
const HEADING = `<h2 id="help-chat-title">${FR["help.stillNeedHelp"]}</h2>`;
const CONTACT = `<a class="help-chat-contact tap" href="https://account.example.org/contact">${FR["help.contactUs"]}</a>`;
const status = (text = "") => `<p class="help-chat-status" role="status">${text}</p>`;
const MARKUP = HEADING + status() + CONTACT;
const START = `<button type="button" class="button tap help-chat-start">${FR["help.chat.start"]}</button>`;

/** The runtime API's availability call answering `answer` (never, when it is a pending promise). */
const availability =
  (answer: ApiAnswer | Promise<ApiAnswer>): ApiRoutes =>
  ({ url }) =>
    url.pathname === "/api/help/chat" ? answer : undefined;

async function block(answer: ApiAnswer | Promise<ApiAnswer>, props: HelpChatProps = PROPS) {
  const page = testPage({ href: "/aide", api: routes(availability(answer), anonymous) });
  const el = await mountOn(mount, `<section class="help-chat" aria-labelledby="help-chat-title" data-island="help-chat">${MARKUP}</section>`, props);
  const asked = () => page.api.calls.filter((c) => c.url.pathname === "/api/help/chat").length;
  return { el, asked, button: () => el.querySelector<HTMLButtonElement>("button") };
}

/** The element's inside, compared node for node with `markup`. */
const shows = (el: HTMLElement, markup: string) => {
  const copy = document.createElement("section");
  copy.innerHTML = el.innerHTML;
  return sameMarkup(markup, copy);
};

const chatScripts = () => [...document.head.querySelectorAll<HTMLScriptElement>("script")].filter((s) => s.src === SCRIPT);
const service = () => window as unknown as Record<string, ChatService | undefined>;

afterEach(() => {
  cleanPage();
  document.head.querySelectorAll("script").forEach((s) => s.remove());
  delete service()[SERVICE_GLOBAL];
  vi.restoreAllMocks();
});

describe("help-chat island", () => {
  it("leaves what the server wrote as it is while the availability is not known", async () => {
    const { el, asked } = await block(new Promise<ApiAnswer>(() => {}));
    expect(shows(el, MARKUP)).toBe(true);
    expect(asked()).toBe(1);
  });

  it("announces an available advisor and offers the start button", async () => {
    const { el } = await block({ body: { available: true } });
    expect(shows(el, HEADING + status(FR["help.chat.available"]) + START + CONTACT)).toBe(true);
  });

  it("says when the chat is unavailable, with the contact link only", async () => {
    const { el } = await block({ body: { available: false } });
    expect(shows(el, HEADING + status(FR["help.chat.unavailable"]) + CONTACT)).toBe(true);
  });

  it.each([
    ["a failed check", { status: 503, body: { error: "unavailable" } }],
    ["an answer without a boolean", { body: { available: "yes" } }],
  ])("keeps the availability unknown after %s: the contact link only", async (_, answer) => {
    const { el } = await block(answer);
    expect(shows(el, MARKUP)).toBe(true);
  });

  it("asks once per page, however many times the island mounts", async () => {
    const { asked } = await block({ body: { available: true } });
    await mountOn(mount, `<section class="help-chat" data-island="help-chat">${MARKUP}</section>`, PROPS);
    expect(asked()).toBe(1);
  });

  it("loads the chat service from the site URL at the first press, configures it and opens a conversation", async () => {
    const { button } = await block({ body: { available: true } });
    expect(chatScripts()).toEqual([]);
    await click(button());
    const [script] = chatScripts();
    expect(script?.async).toBe(true);
    const chat = { init: vi.fn(), utilAPI: { launchChat: vi.fn() } };
    service()[SERVICE_GLOBAL] = chat;
    script!.dispatchEvent(new Event("load"));
    await settle();
    expect(chat.init).toHaveBeenCalledWith(CHAT.organizationId, CHAT.deploymentName, CHAT.siteUrl, { scrt2URL: CHAT.scrtUrl });
    expect((chat as ChatService).settings).toEqual({ language: "fr" });
    expect(chat.utilAPI.launchChat).toHaveBeenCalledTimes(1);
    // Pressed again: the same service opens another conversation, nothing loads twice.
    await click(button());
    expect(chatScripts()).toHaveLength(1);
    expect(chat.init).toHaveBeenCalledTimes(1);
    expect(chat.utilAPI.launchChat).toHaveBeenCalledTimes(2);
  });

  it("shows the chat as unavailable when its service does not load, the focus on the contact link", async () => {
    vi.spyOn(console, "error").mockImplementation(() => {});
    const { el, button } = await block({ body: { available: true } });
    button()!.focus();
    await click(button());
    chatScripts()[0]!.dispatchEvent(new Event("error"));
    await settle();
    expect(shows(el, HEADING + status(FR["help.chat.unavailable"]) + CONTACT)).toBe(true);
    expect(chatScripts()).toEqual([]);
    expect(document.activeElement).toBe(el.querySelector("a.help-chat-contact"));
  });

  it("loads nothing from a site URL that is not https", async () => {
    vi.spyOn(console, "error").mockImplementation(() => {});
    const { el, button } = await block({ body: { available: true } }, { ...PROPS, chat: { ...CHAT, siteUrl: "http://chat.example/lumen" } });
    await click(button());
    expect(document.head.querySelectorAll("script")).toHaveLength(0);
    expect(shows(el, HEADING + status(FR["help.chat.unavailable"]) + CONTACT)).toBe(true);
  });
});
