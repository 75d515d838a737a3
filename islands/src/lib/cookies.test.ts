// @vitest-environment jsdom
import { describe, expect, it } from "vitest";
import { documentCookies } from "./cookies";
import { memoryStore, readJson, safeStorage } from "./storage";

describe("browser cookies and storage", () => {
  it("writes, reads and removes URI-encoded cookies", () => {
    const jar = documentCookies(document);
    jar.set("cgp_locator", JSON.stringify({ type: "city", value: "lyon" }), { days: 365 });
    jar.set("lang", "en");
    expect(JSON.parse(jar.get("cgp_locator") ?? "null")).toEqual({ type: "city", value: "lyon" });
    expect(document.cookie).toContain("cgp_locator=%7B");
    expect(jar.get("lang")).toBe("en");
    jar.remove("lang");
    expect(jar.get("lang")).toBeNull();
    expect(jar.get("missing")).toBeNull();
  });

  it("turns a throwing storage into an empty one", () => {
    const broken = safeStorage(() => {
      throw new Error("SecurityError");
    });
    broken.setItem("a", "1");
    expect(broken.getItem("a")).toBeNull();
    const store = memoryStore({ bad: "{", good: "[1]" });
    expect(readJson(store, "bad")).toBeNull();
    expect(readJson(store, "good")).toEqual([1]);
    expect(readJson(store, "none")).toBeNull();
  });
});
