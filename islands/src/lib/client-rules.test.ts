import { describe, expect, it } from "vitest";
import { avatarInitials, showAvatar, toggleFavourite } from "./client-rules";

describe("client rules", () => {
  it("toggles a favourite: removes, adds first, refuses unknown and full", () => {
    const known = (s: string) => s !== "ghost";
    expect(toggleFavourite(["a", "b"], "a", 5, known)).toEqual({ ok: true, favourites: ["b"], added: false });
    expect(toggleFavourite(["a"], "c", 5, known)).toEqual({ ok: true, favourites: ["c", "a"], added: true });
    expect(toggleFavourite(["a"], "ghost", 5, known)).toEqual({ ok: false, reason: "unknownCinema" });
    expect(toggleFavourite(["a"], "c", 1, known)).toEqual({ ok: false, reason: "limitReached", limit: 1 });
    // A closed cinema no longer listed can still be removed.
    expect(toggleFavourite(["ghost"], "ghost", 1, known)).toEqual({ ok: true, favourites: [], added: false });
  });

  it("shows the photo unless absent or the default placeholder", () => {
    expect(showAvatar("https://id.example/u/1.jpg")).toBe(true);
    expect(showAvatar("https://id.example/Default-Photo.png")).toBe(false);
    expect(showAvatar("  ")).toBe(false);
    expect(showAvatar(undefined)).toBe(false);
  });

  it("takes the initials last name first", () => {
    expect(avatarInitials("Émile", "Dupont")).toBe("DÉ");
    expect(avatarInitials("Anne", "'t Hooft")).toBe("TA");
    expect(avatarInitials("", "Zola")).toBe("Z");
    expect(avatarInitials("ßven", "")).toBe("S");
  });
});
