// What an island module is: a `mount(el, props)` export that hydrates the server-rendered
// markup of `el` with the island's component. The loader imports the module when the
// island is due and calls `mount` with the props the page wrote as JSON.

import { hydrate } from "preact";
import type { ComponentChild } from "preact";

export type Mount<P> = (el: HTMLElement, props: P) => void;

export function defineIsland<P>(render: (props: P, el: HTMLElement) => ComponentChild): Mount<P> {
  return (el, props) => hydrate(render(props, el), el);
}
