// Island "modals": the triggers of the modals of spec §4 that open on demand — calendar
// (desktop and mobile), show details, client rating, global feelings, partners, experience
// details and teaser, subscription perks. Each trigger is a real button or link in the page
// (`[data-modal]`, islands/README.md "modals"); a link leads to the section it shows when
// there is no JavaScript. The modals' code (components/modals/modals-ui.tsx, on demand)
// loads at a trigger's first use. No framework here: every page kind with a trigger loads
// this file.

import type { IslandProps } from "../components/island-props";

export type ModalsProps = IslandProps;

export function mount(el: HTMLElement, props: ModalsProps): void {
  el.addEventListener("click", (event) => {
    const trigger = (event.target as Element).closest<HTMLElement>("[data-modal]");
    if (!trigger) return;
    event.preventDefault();
    import("../components/modals/modals-ui").then((ui) => ui.open(trigger, props)).catch(console.error);
  });
}
