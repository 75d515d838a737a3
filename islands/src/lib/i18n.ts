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

/** A translator over an island's labels; `common` (the brand) fills every string. */
export function translator(labels: Labels = {}, common: Vars = {}): Translate {
  return (key, vars) => format(labels[key] ?? key, vars ? { ...common, ...vars } : common);
}
