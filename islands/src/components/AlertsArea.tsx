// The alert on screen (the first of the queue), with its close button when it is closable.

import { useStore } from "zustand";
import { currentAlert, type AlertsStore } from "../stores/alerts";

export interface AlertsAreaProps {
  store: AlertsStore;
  /** Accessible name of the close button. */
  closeLabel: string;
}

export function AlertsArea({ store, closeLabel }: AlertsAreaProps) {
  const alert = useStore(store, currentAlert);
  if (!alert) return null;
  const classes = ["alert", `alert-${alert.level}`, alert.class].filter(Boolean).join(" ");
  return (
    <div className={classes} role={alert.level === "warning" ? "alert" : "status"}>
      <strong>{alert.title}</strong>
      {alert.subtitle ? <p>{alert.subtitle}</p> : null}
      {alert.cta ? (
        <a href={alert.cta.url} {...(alert.cta.newTab ? { target: "_blank", rel: "noopener" } : {})}>
          {alert.cta.label}
        </a>
      ) : null}
      {alert.closable ? (
        <button type="button" aria-label={closeLabel} onClick={() => store.getState().dismiss(alert.id)}>
          ×
        </button>
      ) : null}
    </div>
  );
}
