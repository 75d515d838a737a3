// "Languages I understand" (issue 17 item 2): the visitor follows some languages (the
// `follow_langs` cookie, `fr,en`); a screening is followable when its audio is one of them or
// its subtitles are. Each version's list of chips (`ul.showtimes`) carries the version's
// languages as the generator normalised them (site::rules::version_languages): `data-audio`
// (an ISO code, `orig` for an original version, `und` for a label the table does not know:
// never hidden) and `data-subs` (comma-separated, absent for none). No copy of the table here;
// a chip the live statuses add or rebuild sits in its version's list, so it has its languages.
//
// Loaded on demand: by the schedule island's first stage when the visitor follows languages
// (the cookie), or by the modals island at a click on the choice's button. It imports nothing
// (types aside), so the islands' shared chunks stay as they are. The schedule's own filters
// (schedule-dom.ts `filterShows`) reset the versions and shows they hide each time they run; a
// MutationObserver runs this filter again after them (and after the day tabs, live updates).

import type { Labels, Translate, Vars } from "../../lib/i18n";

export const FOLLOW_COOKIE = "follow_langs";
/** A year, in days. */
export const FOLLOW_DAYS = 365;
/** The platform's UI languages: always offered, whatever the page shows. */
export const BASE_LANGUAGES = ["fr", "en", "de", "nl"];

const codes = (value: string | null | undefined) =>
  (value ?? "")
    .split(",")
    .map((c) => c.trim().toLowerCase())
    .filter((c) => /^[a-z]{2,3}$/.test(c));

/** The languages the visitor follows (empty: no choice, nothing hidden), from `document.cookie`. */
export function readFollowed(cookie: string): string[] {
  const value = new RegExp(`(?:^|;\\s*)${FOLLOW_COOKIE}=([^;]*)`).exec(cookie)?.[1] ?? "";
  let text = "";
  try {
    text = decodeURIComponent(value);
  } catch {
    // A value not written by this module: no choice.
  }
  return [...new Set(codes(text))];
}

/** The cookie that stores a choice for a year, site-wide, SameSite=Lax; no language at all removes it. */
export function followCookie(langs: readonly string[], secure: boolean): string {
  const age = langs.length === 0 ? 0 : FOLLOW_DAYS * 86400;
  return `${FOLLOW_COOKIE}=${langs.join(",")}; path=/; max-age=${age}; SameSite=Lax${secure ? "; Secure" : ""}`;
}

/** Whether a version's list (`ul.showtimes`) can be followed by a visitor following `langs` (none: every list). */
export function followable(list: Element, langs: readonly string[]): boolean {
  const audio = list.getAttribute("data-audio");
  if (langs.length === 0 || !audio || audio === "und") return true;
  return langs.includes(audio) || codes(list.getAttribute("data-subs")).some((s) => langs.includes(s));
}

/** The languages the page's chips are heard or subtitled in, after the base ones. */
export function pageLanguages(container: ParentNode): string[] {
  const found = new Set(BASE_LANGUAGES);
  for (const list of container.querySelectorAll("ul.showtimes[data-audio]")) {
    for (const c of [...codes(list.getAttribute("data-audio")), ...codes(list.getAttribute("data-subs"))]) if (c !== "orig" && c !== "und") found.add(c);
  }
  return [...found];
}

/** What this filter hid (and only it): shown again before each run. */
const MARK = "data-lang-hidden";

/**
 * Hides the versions a visitor following `langs` cannot follow (their label too), then the
 * shows left with none; `showAll` hides nothing. Runs after the schedule's filters
 * (schedule-dom.ts `filterShows`): what they hide stays hidden, this only hides more, and
 * first shows again what it hid itself (marked `data-lang-hidden`). Returns, per day, how
 * many screenings of the shows and versions the filters keep were hidden.
 */
export function applyLanguages(container: ParentNode, langs: readonly string[], showAll: boolean): Map<string, number> {
  for (const el of container.querySelectorAll<HTMLElement>(`[${MARK}]`)) {
    el.removeAttribute(MARK);
    el.hidden = false;
  }
  const hide = (el: Element | null) => {
    if (el instanceof HTMLElement && !el.hidden) {
      el.hidden = true;
      el.setAttribute(MARK, "");
    }
  };
  const hidden = new Map<string, number>();
  for (const section of container.querySelectorAll<HTMLElement>("section.day")) {
    let count = 0;
    for (const show of section.querySelectorAll<HTMLElement>("li.schedule-show")) {
      const lists = [...show.querySelectorAll<HTMLElement>("ul.showtimes")];
      for (const list of lists) {
        if (showAll || list.hidden || followable(list, langs)) continue;
        if (!show.hidden) count += list.querySelectorAll("li.st:not([hidden])").length;
        hide(list);
        const label = list.previousElementSibling;
        if (label?.matches("p.version")) hide(label);
      }
      if (lists.length > 0 && lists.every((l) => l.hidden)) hide(show);
    }
    hidden.set(section.getAttribute("aria-labelledby")?.replace(/^day-/, "") ?? "", count);
  }
  return hidden;
}

/** A change the schedule made to what it hides (its filters): what this filter hid there is the schedule's again. */
export function forget(records: readonly MutationRecord[]): void {
  for (const r of records) if (r.type === "attributes") (r.target as Element).removeAttribute(MARK);
}

/** Screenings hidden in the days shown (every day before the day tabs, else the one chosen). */
export const hiddenShown = (container: ParentNode, hidden: Map<string, number>) =>
  [...container.querySelectorAll<HTMLElement>("section.day")].reduce((sum, day) => sum + (day.hidden ? 0 : (hidden.get(day.getAttribute("aria-labelledby")?.replace(/^day-/, "") ?? "") ?? 0)), 0);

/** A language's name in the page's language ("français", "English"), else its code. */
function languageName(doc: Document, code: string): string {
  try {
    const name = new Intl.DisplayNames([doc.documentElement.lang || "en"], { type: "language" }).of(code) ?? code;
    return name.charAt(0).toLocaleUpperCase() + name.slice(1);
  } catch {
    return code;
  }
}

/**
 * The choice and the filter on a schedule (`container`: the schedule's section, with its day
 * sections and the `.follow-langs-tools` the generator writes): the disclosure button opens
 * checkboxes of the languages offered; each change is stored and applied at once; a line
 * says how many screenings of the days shown are hidden, with a "Show all" button that shows
 * them for this page view. `open`: the visitor clicked the button before this module loaded.
 */
/** A translator over an island's labels (lib/i18n.ts `translator`, written out: importing it
 *  would move it out of the chunk it shares with the islands); plural forms by `count`. */
export function translate(labels: Labels = {}): Translate {
  return (key: string, vars: Vars = {}) => {
    const n = vars.count as number | undefined;
    const lang = document.documentElement.lang || "en";
    const text = (n != null && (labels[`${key}.${new Intl.PluralRules(lang).select(n)}`] ?? labels[`${key}.other`])) || labels[key] || key;
    return text.replace(/\{(\w+)\}/g, (whole, name: string) => (name === "count" && n != null ? n.toLocaleString(lang) : name in vars ? String(vars[name]) : whole));
  };
}

export default function followLanguages(container: HTMLElement, t: Translate, open = false): void {
  const doc = container.ownerDocument;
  const tools = container.querySelector<HTMLElement>(".follow-langs-tools");
  const toggle = tools?.querySelector<HTMLButtonElement>(".follow-langs-open");
  const panel = tools?.querySelector<HTMLElement>(".follow-langs");
  if (!tools || !toggle || !panel || tools.dataset.ready) return;
  tools.dataset.ready = "1";
  let followed = readFollowed(doc.cookie);
  let showAll = false;
  const offered = [...new Set([...pageLanguages(container), ...followed])];

  // The hidden count and "Show all", after the button.
  const line = doc.createElement("p");
  line.className = "follow-langs-hidden";
  const count = doc.createElement("span");
  count.setAttribute("role", "status");
  const all = doc.createElement("button");
  all.type = "button";
  all.className = "button-link tap";
  all.textContent = t("schedule.languages.showAll");
  line.append(count, " ", all);
  toggle.after(line);

  const apply = (records: readonly MutationRecord[] = []) => {
    observer.disconnect();
    forget(records);
    const hidden = hiddenShown(container, applyLanguages(container, followed, showAll));
    line.hidden = hidden === 0;
    count.textContent = hidden ? t("schedule.languages.hidden", { count: hidden }) : "";
    observer.observe(container, { subtree: true, childList: true, attributes: true, attributeFilter: ["hidden"] });
  };
  // The schedule's filters, day tabs and live updates change the page: filter again after them.
  const observer = new MutationObserver((records) => apply(records));
  all.addEventListener("click", () => {
    showAll = true;
    apply();
    toggle.focus();
  });

  // The choices.
  const fieldset = doc.createElement("fieldset");
  const legend = doc.createElement("legend");
  legend.textContent = t("schedule.languages.legend");
  fieldset.append(legend);
  for (const code of offered) {
    const label = doc.createElement("label");
    label.className = "tap";
    const box = doc.createElement("input");
    box.type = "checkbox";
    box.name = "follow-lang";
    box.value = code;
    box.checked = followed.includes(code);
    box.addEventListener("change", () => {
      followed = offered.filter((c) => (c === code ? box.checked : followed.includes(c)));
      doc.cookie = followCookie(followed, doc.location?.protocol === "https:");
      showAll = false;
      apply();
    });
    label.append(box, ` ${languageName(doc, code)}`);
    fieldset.append(label);
  }
  const done = doc.createElement("button");
  done.type = "button";
  done.className = "button tap";
  done.textContent = t("schedule.languages.done");
  panel.append(fieldset, done);

  const show = (on: boolean, focus: boolean) => {
    panel.hidden = !on;
    toggle.setAttribute("aria-expanded", on ? "true" : "false");
    if (!focus) return;
    if (on) fieldset.querySelector("input")?.focus();
    else toggle.focus();
  };
  toggle.addEventListener("click", () => show(!!panel.hidden, true));
  done.addEventListener("click", () => show(false, true));
  panel.addEventListener("keydown", (event) => {
    if (event.key !== "Escape") return;
    event.preventDefault();
    show(false, true);
  });
  apply();
  if (open) show(true, true);
}
