// The cases of `site/src/rules/show.rs`'s show filter, case for case where they apply.
import { describe, expect, it } from "vitest";
import { showPasses } from "./show-filter";

const show = { versions: ["VF", "vost"], tags: ["IMAX", "avp-equipe"], genres: ["Comédie", "Drame"], bookable: true };
const none = { versions: [], tags: [], genres: [] };

describe("show filter", () => {
  it("passes a bookable show when nothing is chosen, never an unbookable one", () => {
    expect(showPasses(none, show)).toBe(true);
    expect(showPasses(none, { ...show, bookable: false })).toBe(false);
  });

  it("needs one chosen value per chosen criterion, slugs ignoring case, genres folded", () => {
    expect(showPasses({ ...none, versions: ["vf", "vo"] }, show)).toBe(true);
    expect(showPasses({ ...none, versions: ["vo"] }, show)).toBe(false);
    expect(showPasses({ ...none, tags: ["imax"] }, show)).toBe(true);
    expect(showPasses({ ...none, genres: ["comedie"] }, show)).toBe(true);
    expect(showPasses({ versions: ["vf"], tags: ["4dx"], genres: [] }, show)).toBe(false);
  });

  it("compares genres by their URL key: a label with blanks matches its dashed value", () => {
    const sf = { ...show, genres: ["Science fiction"] };
    expect(showPasses({ ...none, genres: ["science-fiction"] }, sf)).toBe(true);
    expect(showPasses({ ...none, genres: ["science"] }, sf)).toBe(false);
  });

  it("takes chosen avp for its team variant, not the reverse", () => {
    expect(showPasses({ ...none, tags: ["avp"] }, show)).toBe(true);
    expect(showPasses({ ...none, tags: ["avp-equipe"] }, { ...show, tags: ["avp"] })).toBe(false);
  });
});
