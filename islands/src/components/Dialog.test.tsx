// @vitest-environment jsdom
import { render } from "preact";
import { useState } from "react";
import { act } from "preact/test-utils";
import { afterEach, describe, expect, it } from "vitest";
import { dialogs, key, settle } from "../testing/islands";
import { Dialog } from "./Dialog";

function Harness({ closable = true }: { closable?: boolean }) {
  const [open, setOpen] = useState(false);
  return (
    <>
      <button type="button" id="trigger" onClick={() => setOpen(true)}>
        Ouvrir
      </button>
      <Dialog open={open} onClose={() => setOpen(false)} title="Tarifs" closeLabel="Fermer" closable={closable}>
        <input aria-label="Code" />
        <a href="/x">Lien</a>
        <button type="button">Valider</button>
      </Dialog>
    </>
  );
}

let root: HTMLElement;
async function open(closable = true) {
  root = document.createElement("div");
  document.body.append(root);
  await act(() => render(<Harness closable={closable} />, root));
  const trigger = document.getElementById("trigger")!;
  trigger.focus();
  await act(() => trigger.click());
  await settle(2);
  return { trigger, dialog: dialogs()[0]! };
}

afterEach(async () => {
  await act(() => render(null, root));
  document.body.innerHTML = "";
});

describe("Dialog", () => {
  it("is a modal dialog named by its title, rendered at the end of the page, with focus inside", async () => {
    const { dialog } = await open();
    expect(dialog.getAttribute("aria-modal")).toBe("true");
    expect(document.getElementById(dialog.getAttribute("aria-labelledby")!)?.textContent).toBe("Tarifs");
    expect(dialog.closest("body > .dialog-backdrop")).not.toBeNull();
    expect(document.activeElement?.getAttribute("aria-label")).toBe("Code");
  });

  it("keeps Tab inside: from the last element to the first, and back", async () => {
    const { dialog } = await open();
    const close = dialog.querySelector<HTMLElement>(".dialog-close")!;
    const last = dialog.querySelector<HTMLElement>(".dialog-body button")!;
    last.focus();
    await key(last, "Tab");
    expect(document.activeElement).toBe(close);
    await key(close, "Tab", { shiftKey: true });
    expect(document.activeElement).toBe(last);
  });

  it("brings back focus that wanders outside", async () => {
    const { trigger, dialog } = await open();
    await act(() => trigger.focus());
    expect(dialog.contains(document.activeElement)).toBe(true);
  });

  it("closes on Escape and gives focus back to its trigger", async () => {
    const { trigger } = await open();
    await key(document.activeElement, "Escape");
    expect(dialogs()).toHaveLength(0);
    expect(document.activeElement).toBe(trigger);
  });

  it("closes on the overlay and the close button, with targets marked for the 24 px rule", async () => {
    let { dialog } = await open();
    const close = dialog.querySelector<HTMLElement>(".dialog-close")!;
    expect(close.classList.contains("tap")).toBe(true);
    expect(close.getAttribute("aria-label")).toBe("Fermer");
    await act(() => close.click());
    expect(dialogs()).toHaveLength(0);
    await act(() => render(null, root));
    ({ dialog } = await open());
    await act(() => (dialog.parentElement as HTMLElement).click());
    expect(dialogs()).toHaveLength(0);
  });

  it("cannot be closed when it must be completed", async () => {
    const { dialog } = await open(false);
    expect(dialog.querySelector(".dialog-close")).toBeNull();
    await key(document.activeElement, "Escape");
    await act(() => (dialog.parentElement as HTMLElement).click());
    expect(dialogs()).toHaveLength(1);
  });
});
