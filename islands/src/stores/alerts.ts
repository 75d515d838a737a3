// The alert queue (spec §4): the first alert is shown; closing removes it and shows the next;
// a closable alert can be dismissed by the visitor; one with an autoCloseId goes away by
// itself after 10 seconds.

import { createStore } from "zustand/vanilla";
import { globalTimers, type Timers } from "../lib/time";
import type { Alert } from "../types";

export const ALERT_AUTO_CLOSE_MS = 10_000;

export interface QueuedAlert extends Alert {
  id: number;
}

export interface AlertsState {
  queue: QueuedAlert[];
  /** Queues an alert; returns its id. */
  push(alert: Alert): number;
  /** Removes an alert (the shown one when no id is given). */
  close(id?: number): void;
  /** The visitor's close button: only a closable alert goes. */
  dismiss(id: number): void;
}

export interface AlertsDeps {
  timers?: Timers;
}

/** The alert on screen. */
export const currentAlert = (s: AlertsState): QueuedAlert | null => s.queue[0] ?? null;

export function createAlertsStore(deps: AlertsDeps = {}) {
  const timers = deps.timers ?? globalTimers;
  let nextId = 1;
  return createStore<AlertsState>()((set, get) => ({
    queue: [],
    push(alert) {
      const id = nextId++;
      set((s) => ({ queue: [...s.queue, { ...alert, id }] }));
      if (alert.autoCloseId) timers.set(() => get().close(id), ALERT_AUTO_CLOSE_MS);
      return id;
    },
    close(id) {
      const target = id ?? get().queue[0]?.id;
      if (target === undefined) return;
      set((s) => ({ queue: s.queue.filter((a) => a.id !== target) }));
    },
    dismiss(id) {
      if (get().queue.find((a) => a.id === id)?.closable) get().close(id);
    },
  }));
}

export type AlertsStore = ReturnType<typeof createAlertsStore>;
/** What other stores need of the queue. */
export type AlertSink = Pick<AlertsState, "push">;
