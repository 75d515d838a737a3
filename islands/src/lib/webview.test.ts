// @vitest-environment jsdom
import { describe, expect, it } from "vitest";
import { markWebview, WEBVIEW_CLASS, WEBVIEW_USER_AGENT_MARKER } from "./webview";

describe("webview mode from the user agent", () => {
  it("marks the root element only when the app's marker is in the user agent", () => {
    const inApp = document.createElement("html");
    markWebview(inApp, `Mozilla/5.0 (Linux; Android 14) ${WEBVIEW_USER_AGENT_MARKER}/1.0`);
    expect(inApp.classList.contains(WEBVIEW_CLASS)).toBe(true);
    const browser = document.createElement("html");
    markWebview(browser, "Mozilla/5.0 (Linux; Android 14) Chrome/130.0 Mobile Safari/537.36");
    expect(browser.classList.contains(WEBVIEW_CLASS)).toBe(false);
  });
});
