// Keyboard focus inside dialogs: what can take focus, and keeping Tab within the dialog on
// top. Dialogs stack (the sign-in modal can open over the search); only the top one traps.

const FOCUSABLE = [
  "a[href]",
  "button:not([disabled])",
  "input:not([disabled]):not([type=hidden])",
  "select:not([disabled])",
  "textarea:not([disabled])",
  "iframe",
  "video[controls]",
  "[tabindex]:not([tabindex='-1'])",
].join(",");

/** Focusable elements of `root`, in document order, skipping hidden ones. */
export function focusables(root: HTMLElement): HTMLElement[] {
  return [...root.querySelectorAll<HTMLElement>(FOCUSABLE)].filter((el) => !el.closest("[hidden]") && !el.hasAttribute("inert"));
}

const stack: HTMLElement[] = [];

/** Registers an open dialog panel; returns the function that unregisters it. */
export function pushTrap(panel: HTMLElement): () => void {
  stack.push(panel);
  return () => {
    const at = stack.lastIndexOf(panel);
    if (at >= 0) stack.splice(at, 1);
  };
}

export const isTopTrap = (panel: HTMLElement) => stack.at(-1) === panel;

/** Tab and Shift+Tab on the dialog: from the last element back to the first, and the reverse. */
export function trapTab(event: KeyboardEvent, panel: HTMLElement): void {
  const items = focusables(panel);
  if (items.length === 0) {
    event.preventDefault();
    panel.focus();
    return;
  }
  const first = items[0]!;
  const last = items[items.length - 1]!;
  const active = panel.ownerDocument.activeElement;
  if (event.shiftKey && (active === first || active === panel)) {
    event.preventDefault();
    last.focus();
  } else if (!event.shiftKey && (active === last || active === panel)) {
    event.preventDefault();
    first.focus();
  }
}
