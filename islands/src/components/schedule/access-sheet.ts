// A showtime's access sheet in its details (issue 17 item 5), loaded on demand at the first
// click in a schedule (islands.json `onDemand`: the details dialog's code is shared by every
// page's islands and has no room left; keep.ts does the same). `watch` notes the chip a click
// opens; when the details dialog shows, an Access section goes at the end of its body: the
// screening's accessibility from its chip's `data-tags` (its tags and accessibility icons, as
// fragments.rs writes them) in words, wheelchair access with "step-free access, wheelchair
// spaces" (the content has no count of spaces: docs/decisions.md "Access sheet"), then the
// cinema's accessibility description and Acceslibre link when it has them
// (`/api/cinema/{slug}`, asked once per cinema). No import: a shared chunk would be a file
// more on every page.

import type { ScheduleProps } from "./Schedule";
import type { CinemaDetail } from "../../generated/api-types";

type Translate = (key: string) => string;

const SHEET = "showtime-access";

/** The accessibility tags in the order chips say them: symbol key (none: the CSS symbol) and words key. */
const FEATURES: [tag: string, symbol: string | null, words: string][] = [
  ["audiodesc", "accessibility.audioDescriptionSymbol", "accessibility.audioDescription"],
  ["hearing-impaired", "accessibility.hearingImpairedSymbol", "accessibility.hearingImpaired"],
  ["pmr", null, "accessibility.wheelchair"],
];

let chip: HTMLElement | null = null;
let watching = false;
const cinemas = new Map<string, Promise<CinemaDetail | null>>();

/** Told of each click in the schedule: puts the access sheet in the details of the showtime the visitor opens. */
export function watch(props: ScheduleProps, click: Event): void {
  chip = (click.target as Element | null)?.closest?.<HTMLElement>("li.st[data-id]") ?? chip;
  if (watching) return;
  watching = true;
  const doc = document;
  const t: Translate = (key) => props.labels?.[key] ?? key;
  const place = () => {
    const body = doc.querySelector<HTMLElement>(".showtime-details .dialog-body");
    if (!body || !chip || !body.querySelector("a[rel~=nofollow]")) return;
    const present = body.querySelector<HTMLElement>(`.${SHEET}`);
    if (present && present.dataset.id === chip.dataset.id) {
      // Last in the body, whatever the dialog rendered since.
      if (present.nextElementSibling) body.append(present);
      return;
    }
    present?.remove();
    body.append(sheet(doc, chip, props, t));
  };
  new MutationObserver(place).observe(doc.body, { childList: true, subtree: true });
  place();
}

/** The cinema of a chip: its block's across cinemas, else the schedule's (`/api/cinema/{slug}/shows`). */
const cinemaOf = (chip: Element, props: ScheduleProps) =>
  chip.closest<HTMLElement>("[data-cinema]")?.dataset.cinema ?? /^\/api\/cinema\/([^/]+)\/shows$/.exec(props.showtimes)?.[1] ?? null;

function cinema(slug: string, props: ScheduleProps): Promise<CinemaDetail | null> {
  let answer = cinemas.get(slug);
  if (!answer) {
    // As api/call.ts `apiUrl` writes it.
    const url = new URL(`/api/cinema/${encodeURIComponent(slug)}`, document.location.origin);
    url.searchParams.set("language", props.lang);
    answer = fetch(url)
      .then((r) => (r.ok ? (r.json() as Promise<CinemaDetail>) : null))
      .catch(() => null);
    cinemas.set(slug, answer);
  }
  return answer;
}

function sheet(doc: Document, chip: HTMLElement, props: ScheduleProps, t: Translate): HTMLElement {
  const el = (tag: string, text = "", className = "") => {
    const node = doc.createElement(tag);
    if (text) node.textContent = text;
    if (className) node.className = className;
    return node;
  };
  const section = el("section", "", SHEET);
  section.dataset.id = chip.dataset.id;
  const heading = el("h3", t("accessibility.sheet"));
  heading.id = `${SHEET}-title`;
  section.setAttribute("aria-labelledby", heading.id);
  const list = el("ul");
  const tags = (chip.dataset.tags ?? "").toLowerCase().split(",");
  for (const [tag, symbol, words] of FEATURES) {
    if (!tags.includes(tag)) continue;
    const item = el("li");
    item.dataset.access = tag;
    const mark = el("span", symbol ? `${t(symbol)} ` : "", symbol ? "acc" : "acc wc");
    mark.setAttribute("aria-hidden", "true");
    item.append(mark, tag === "pmr" ? `${t(words)} — ${t("accessibility.stepFree")}` : t(words));
    list.append(item);
  }
  if (!tags.includes("audiodesc") && !tags.includes("hearing-impaired")) list.append(el("li", t("accessibility.noFeature")));
  section.append(heading, list);
  const slug = cinemaOf(chip, props);
  if (slug)
    void cinema(slug, props).then((c) => {
      if (c?.accessibilityDescription) section.append(el("h4", t("accessibility.cinemaAccess")), el("p", c.accessibilityDescription));
      if (c?.accesLibreUrl && /^https:\/\//.test(c.accesLibreUrl)) {
        const link = el("a", t("accessibility.accesLibre"), "tap") as HTMLAnchorElement;
        link.href = c.accesLibreUrl;
        link.rel = "noopener";
        const p = el("p");
        p.append(link);
        section.append(p);
      }
    });
  return section;
}
