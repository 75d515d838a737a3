// The one dialog every modal uses (spec §4 Modals; issue: accessible by construction): a
// native `role="dialog"` with `aria-modal`, named by its title; opening moves focus inside
// (the first field or button of its body), Tab and Shift+Tab stay inside, Escape and a
// click on the overlay close it (unless it cannot be closed: the forced sign-up frame),
// and closing gives focus back to the element that had it before (the trigger).
//
// Rendered in a portal at the end of <body>, so no ancestor's transform or overflow (the
// sticky header's) clips it. Nothing is rendered while closed: hydration never sees it.

import { createPortal, useEffect, useId, useRef } from "react";
import type { ComponentChildren } from "preact";
import { focusables, isTopTrap, pushTrap, trapTab } from "./focus";

export type DialogVariant = "centred" | "popin" | "fullscreen" | "player";

export interface DialogProps {
  open: boolean;
  onClose: () => void;
  title: ComponentChildren;
  /** Accessible name of the close button. */
  closeLabel: string;
  children?: ComponentChildren;
  variant?: DialogVariant;
  /** False for a dialog that must be completed (no close button, Escape and overlay do nothing). */
  closable?: boolean;
  /** The title is for assistive technologies only (it still names the dialog). */
  hideTitle?: boolean;
  className?: string;
  /** Where focus goes when the trigger is gone by the time the dialog closes. */
  fallbackFocus?: () => HTMLElement | null;
}

export function Dialog(props: DialogProps) {
  if (!props.open || typeof document === "undefined") return null;
  return createPortal(<DialogPanel {...props} />, document.body);
}

function DialogPanel({ onClose, title, closeLabel, children, variant = "centred", closable = true, hideTitle, className, fallbackFocus }: DialogProps) {
  const titleId = useId();
  const panel = useRef<HTMLDivElement>(null);
  // Kept current for the listeners installed once (and for the focus given back on close).
  const latest = useRef({ onClose, closable, fallbackFocus });
  latest.current = { onClose, closable, fallbackFocus };

  useEffect(() => {
    const el = panel.current!;
    const doc = el.ownerDocument;
    const trigger = doc.activeElement instanceof HTMLElement && doc.activeElement !== doc.body ? doc.activeElement : null;
    const body = el.querySelector<HTMLElement>(".dialog-body");
    (focusables(body ?? el)[0] ?? el).focus();
    const untrap = pushTrap(el);
    // Focus that leaves the top dialog (a click on the page behind, a screen reader's
    // virtual cursor) is brought back.
    const keepInside = (event: FocusEvent) => {
      if (isTopTrap(el) && event.target instanceof Node && !el.contains(event.target)) el.focus();
    };
    doc.addEventListener("focusin", keepInside);
    return () => {
      doc.removeEventListener("focusin", keepInside);
      untrap();
      const back = trigger?.isConnected ? trigger : latest.current.fallbackFocus?.();
      back?.focus();
    };
  }, []);

  const onKeyDown = (event: KeyboardEvent) => {
    if (event.key === "Escape") {
      event.stopPropagation();
      event.preventDefault();
      if (latest.current.closable) latest.current.onClose();
    } else if (event.key === "Tab" && panel.current) {
      trapTab(event, panel.current);
    }
  };

  const classes = ["dialog", `dialog-${variant}`, className].filter(Boolean).join(" ");
  return (
    <div
      className={`dialog-backdrop dialog-backdrop-${variant}`}
      onClick={(event) => {
        if (event.target === event.currentTarget && latest.current.closable) latest.current.onClose();
      }}
    >
      <div ref={panel} className={classes} role="dialog" aria-modal="true" aria-labelledby={titleId} tabIndex={-1} onKeyDown={onKeyDown}>
        <div className="dialog-header">
          <h2 id={titleId} className={hideTitle ? "dialog-title visually-hidden" : "dialog-title"}>
            {title}
          </h2>
          {closable ? (
            <button type="button" className="dialog-close tap" aria-label={closeLabel} onClick={() => latest.current.onClose()}>
              <span aria-hidden="true">×</span>
            </button>
          ) : null}
        </div>
        <div className="dialog-body">{children}</div>
      </div>
    </div>
  );
}
