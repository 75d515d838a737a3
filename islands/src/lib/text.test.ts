import { describe, expect, it } from "vitest";
import { cinemaMatches, containsFolded, fold, postalCodeMatches } from "./text";

describe("typed text", () => {
  it("folds accents and case as the Rust side does", () => {
    expect(fold("Évry-Courcouronnes")).toBe("evry-courcouronnes");
    expect(fold("Saint-Étienne")).toBe("saint-etienne");
    expect(fold("CŒUR de Pierre")).toBe("coeur de pierre");
    expect(fold("Straße Zürich")).toBe("strasse zurich");
    expect(fold("Liège Nîmes Besançon")).toBe("liege nimes besancon");
    expect(fold("ｆｕｌｌ")).toBe("full");
  });

  it("matches typed text without accents", () => {
    expect(containsFolded("Lumen Nîmes", "nimes")).toBe(true);
    expect(containsFolded("Lumen Nimes", "NÎMES ")).toBe(true);
    expect(containsFolded("anything", "")).toBe(true);
    expect(containsFolded("Lyon", "lyons")).toBe(false);
  });

  it("matches postal codes by their start", () => {
    expect(postalCodeMatches("75", ["75011"])).toBe(true);
    expect(postalCodeMatches("750", ["13001", "75011"])).toBe(true);
    expect(postalCodeMatches("76", ["75011"])).toBe(false);
    expect(postalCodeMatches("1012 a", ["1012AB"])).toBe(true);
    expect(postalCodeMatches("", ["75011"])).toBe(false);
    expect(postalCodeMatches("paris", ["75011"])).toBe(false);
  });

  it("matches a cinema by name, city or either postal code", () => {
    const cinema = { name: "Lumen Opéra", city: "Paris" };
    expect(cinemaMatches("opera", cinema, [])).toBe(true);
    expect(cinemaMatches("PARIS", cinema, [])).toBe(true);
    expect(cinemaMatches("lyon", cinema, [])).toBe(false);
    expect(cinemaMatches("75", cinema, ["75", null])).toBe(true);
    expect(cinemaMatches("7500", cinema, [undefined, "75009"])).toBe(true);
    expect(cinemaMatches("69", cinema, ["75", "75009"])).toBe(false);
    expect(cinemaMatches("  ", cinema, [])).toBe(true);
  });
});
