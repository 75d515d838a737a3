// A dialog whose open flag lives in the page's modals store (spec §4 Modals): any island
// opens it with `pageModals().getState().open(id, data)`; Escape, the overlay and the close
// button close it through the store, which frees the scroll and runs the modal's own
// after-close rules (stop the video, reset the plan, clear the fragment, clear the showtime).

import type { ModalId } from "../stores/modals";
import { pageModals } from "../stores/page/modals";
import { Dialog, type DialogProps } from "./Dialog";
import { useStore } from "./use-store";

export type ModalDialogProps = Omit<DialogProps, "open" | "onClose"> & { id: ModalId };

export function ModalDialog({ id, ...rest }: ModalDialogProps) {
  const modals = pageModals();
  const open = useStore(modals, (s) => s.modals[id].open);
  return <Dialog {...rest} open={open} onClose={() => modals.getState().overlayClick(id)} />;
}

/** Whether a modal is open, and its data. */
export function useModal<T = unknown>(id: ModalId): { open: boolean; data: T | null } {
  const modals = pageModals();
  const open = useStore(modals, (s) => s.modals[id].open);
  const data = useStore(modals, (s) => (s.modals[id].open ? (s.modals[id].data as T) : null));
  return { open, data };
}
