// UI strings as islands receive them: the page writes, in an island's props, the locale
// entries the island lists in `islands.json` (`labels`), untranslated placeholders kept
// (`{count}`, `{name}`…); the island fills them in. A missing entry shows its key, so a
// wiring mistake is visible rather than silent.

export type Labels = Record<string, string>;
export type Vars = Record<string, string | number>;
export type Translate = (key: string, vars?: Vars) => string;

/** `"{count} résultats"` with `{count: 3}` → `"3 résultats"`; unknown placeholders stay. */
export function format(template: string, vars: Vars = {}): string {
  return template.replace(/\{(\w+)\}/g, (whole, name: string) => (name in vars ? String(vars[name]) : whole));
}

/** A translator over an island's labels; `common` (the brand) fills every string. A key
 *  whose entries are plural forms (`search.results.one`, `search.results.other`, as in the
 *  locale files) takes the form of its `count`'s plural category in the page's language
 *  (`<html lang>`, e.g. `de-CH`), the count written as that locale writes numbers (lib/plural.ts `formatCount`, written out
 *  here to keep every island's first chunk small). */
export function translator(labels: Labels = {}, common: Vars = {}): Translate {
  return (key, vars) => {
    const all = vars ? { ...common, ...vars } : common;
    const n = all.count;
    const l = n != null && document.documentElement.lang;
    const form = l && (labels[`${key}.${new Intl.PluralRules(l).select(n as number)}`] ?? labels[`${key}.other`]);
    // `all` is a copy whenever there is a count.
    if (form) all.count = n.toLocaleString(l);
    return format(form || labels[key] || key, all);
  };
}
