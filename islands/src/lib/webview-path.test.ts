import { describe, expect, it } from "vitest";
import { inPageVariant, webviewPrefix } from "./webview-path";

describe("webview paths", () => {
  it("recognises a webview page by /m after the language prefix", () => {
    expect(webviewPrefix("/m/aide")).toBe("");
    expect(webviewPrefix("/m/aide/recherche")).toBe("");
    expect(webviewPrefix("/nl/m/help")).toBe("/nl");
    expect(webviewPrefix("/aide")).toBeNull();
    expect(webviewPrefix("/nl/help")).toBeNull();
    expect(webviewPrefix("/mobile")).toBeNull();
  });

  it("keeps a help link in the webview on a webview page", () => {
    expect(inPageVariant("/aide/article/slug/annuler", "/m/aide/recherche")).toBe("/m/aide/article/slug/annuler");
    expect(inPageVariant("/nl/help/article/id/7?x=1#a", "/nl/m/help")).toBe("/nl/m/help/article/id/7?x=1#a");
  });

  it("leaves links alone elsewhere, already in the webview, absolute or in another language", () => {
    expect(inPageVariant("/aide/article/slug/annuler", "/aide/recherche")).toBe("/aide/article/slug/annuler");
    expect(inPageVariant("/m/aide/article/slug/annuler", "/m/aide")).toBe("/m/aide/article/slug/annuler");
    expect(inPageVariant("https://example.org/aide", "/m/aide")).toBe("https://example.org/aide");
    expect(inPageVariant("//cdn.example.org/aide", "/m/aide")).toBe("//cdn.example.org/aide");
    expect(inPageVariant("/en/help/topic/1", "/nl/m/help")).toBe("/en/help/topic/1");
    expect(inPageVariant("/en/help/topic/1", "/m/aide")).toBe("/en/help/topic/1");
    expect(inPageVariant("/nl/help", "/nl/m/help")).toBe("/nl/m/help");
  });
});
