// The help centre's search page (a static shell: the query and results are the island's):
// the articles matching the address's `q`, written without the framework (the FAQ search
// island's first stage) into the page's results element — a count announced, then links.

import { translator, type Translate } from "../../lib/i18n";
import { searchAllowed, MIN_SEARCH_LENGTH } from "../../stores/search";
import { pageApi } from "../../stores/page/api";
import { pageUrl } from "../../stores/page/env";
import { inPageVariant } from "../../lib/webview-path";
import type { SearchResult } from "../../types";
import type { FaqSearchProps } from "./FaqSearch";

export async function showResults(props: FaqSearchProps, target: HTMLElement): Promise<void> {
  const t: Translate = translator(props.labels);
  const doc = target.ownerDocument;
  const query = new URLSearchParams(pageUrl().read().search).get("q")?.trim() ?? "";
  const status = doc.createElement("p");
  status.className = "faq-count";
  status.setAttribute("role", "status");
  const list = doc.createElement("ul");
  list.className = "faq-results-list";
  target.replaceChildren(status, list);
  if (!searchAllowed(query, "faq")) {
    status.textContent = query ? t("search.minLength", { min: MIN_SEARCH_LENGTH + 1 }) : "";
    return;
  }
  let items: SearchResult[] = [];
  try {
    const answer = await pageApi(props).search(query, { scope: "faq", type: "faq" });
    items = answer.groups.find((g) => g.type === "faq")?.items ?? [];
  } catch {
    status.textContent = t("alerts.genericError");
    return;
  }
  status.textContent = items.length === 0 ? t("help.noResult", { query }) : t("search.results", { count: items.length });
  for (const item of items) {
    const li = doc.createElement("li");
    const a = doc.createElement("a");
    a.href = inPageVariant(item.url ?? item.route?.path ?? "#", pageUrl().read().pathname);
    a.textContent = item.title;
    li.append(a);
    list.append(li);
  }
}
