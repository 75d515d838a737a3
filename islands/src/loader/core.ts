// The island loader: finds `[data-island]` elements and imports each island's module when it
// is due, then calls its `mount(el, props)`. Kept tiny (it is on every page): no framework.
//
// DOM contract, written by the generator:
//   <div data-island="NAME" data-hydrate="load|idle|visible|interaction" data-src="URL">
//     …server-rendered markup…
//     <script type="application/json" data-props>{…escaped JSON…}</script>
//   </div>
// - data-hydrate: load (default) at once; idle when the browser is idle; visible when the
//   element nears the viewport; interaction on the first pointerdown, focusin or keydown in
//   it, or a `hydrate` event dispatched on it (another island needs it: the alerts area).
// - data-src: the module URL (an island without one is left alone).
// - props: a child `script[data-props]`, removed before hydrating (so the markup matches the
//   component's); none means `{}`.
// - Any island not mounted yet hydrates at once on an interaction with it, and a click on one
//   of its `button[type=button]`, or on a link marked `data-replay` (which the island turns
//   into a dialog), before it is mounted is held and replayed once it is: the visitor's first
//   click is never lost to the loading (nor to the label book's fetch). If the module never
//   comes, the click is replayed all the same (a held link is then followed).
// - data-mounted: set once the module's `mount` has run (its listeners are in place), never
//   before: what another island or a browser test waits on.
// - labels: the islands' UI strings are not in the props but in the language's label book
//   (one JSON file a site and language, `{island: {key: text}}`, named on the root element as
//   `data-labels`): read once a page, at the first island due, and given to each island as
//   `props.labels` (the book has every island, `{}` for one without labels).

export interface IslandModule {
  mount(el: HTMLElement, props: unknown): void;
}

export type Importer = (url: string) => Promise<IslandModule>;

/** Every island's labels of the page's language, by island name. */
export type LabelBook = Record<string, Record<string, string>>;

function readProps(el: HTMLElement): { labels?: Record<string, string> } {
  const script = el.querySelector(":scope>script[data-props]");
  script?.remove();
  return JSON.parse(script?.textContent || "{}") as { labels?: Record<string, string> };
}

/** Islands already handled by a call (a second call leaves them alone). */
const seen = new WeakSet<HTMLElement>();

export function startIslands(
  root: ParentNode,
  load: Importer,
  labels?: string,
): void {
  // The label book, fetched once whoever asks first. A book that does not come is reported and
  // the islands mount all the same, without labels (their keys show).
  let book: Promise<LabelBook> | undefined;
  root.querySelectorAll<HTMLElement>("[data-island]").forEach((el) => {
    const data = el.dataset;
    const src = data.src;
    if (!src || seen.has(el)) return;
    seen.add(el);
    let clicked: HTMLElement | null = null;
    // The module, asked for once whatever asks first (an event, the idle time, the viewport).
    let loading: Promise<void> | undefined;
    const early = (e: Event) => {
      const target = (e.target as Element).closest<HTMLElement>("button[type=button],[data-replay]");
      if (target) {
        clicked = target;
        // A link whose island turns it into a dialog waits for the island, not the next page
        // (a `type=button` has no default action to lose).
        e.preventDefault();
      }
      run();
    };
    const run = (): void =>
      void (loading ||= Promise.all([load(src), labels && (book ||= fetch(labels).then((r) => r.json() as Promise<LabelBook>).catch((e: unknown): LabelBook => (console.error(labels, e), {})))])
        .then(([m, words]) => {
          const props = readProps(el);
          if (words) props.labels = words[data.island!];
          m.mount(el, props);
          data.mounted = "";
        })
        .catch((e) => console.error(data.island, e))
        // The held click, replayed: to the island, or, if its module never came, to the page
        // as without JavaScript (a held link is then followed).
        .finally(() => {
          el.removeEventListener("click", early);
          clicked?.click();
        }));
    // Every island, even one due at load: its module and the label book may still be coming
    // when the visitor clicks. `run` asks once, so the listeners may stay (none blocks scrolling).
    el.addEventListener("click", early);
    for (const type of ["pointerdown", "focusin", "keydown", "hydrate"]) el.addEventListener(type, run);
    const how = data.hydrate;
    if (how == "idle") {
      (window.requestIdleCallback || setTimeout)(run);
    } else if (how == "visible") {
      const near = new IntersectionObserver((entries) => {
        if (entries.some((e) => e.isIntersecting)) {
          near.disconnect();
          run();
        }
      }, { rootMargin: "200px" });
      near.observe(el);
    } else if (how != "interaction") {
      run();
    }
  });
}
