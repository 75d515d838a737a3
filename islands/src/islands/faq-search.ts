// Island "faq-search": the help centre's search form (`<div class="faq-search"
// data-island="faq-search">` around the form the page renders). First stage, on the help
// search page only: the results of the address's query, without the framework. The
// suggestions while typing load at the first interaction with the field.

import { showResults } from "../components/faq/faq-results";
import type { FaqSearchProps } from "../components/faq/FaqSearch";
import { defineStagedIsland } from "../staged";

export type { FaqSearchProps };

export const mount = defineStagedIsland<FaqSearchProps>({
  show(el, props) {
    const target = props.results ? el.ownerDocument.getElementById(props.results) : null;
    if (target) void showResults(props, target);
  },
  ui: () => import("../components/faq/faq-ui"),
});
