// The alert on screen (the first of the queue), with its close button when it is closable.
// The area itself (the page's `role="status"` element) announces it.

import { currentAlert, type AlertsStore } from "../stores/alerts";
import { useStore } from "./use-store";

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
    <div className={classes} data-icon={alert.icon}>
      <strong>{alert.title}</strong>
      {alert.subtitle ? <p>{alert.subtitle}</p> : null}
      {alert.cta ? (
        <a className="tap" href={alert.cta.url} {...(alert.cta.newTab ? { target: "_blank", rel: "noopener" } : {})}>
          {alert.cta.label}
        </a>
      ) : null}
      {alert.closable ? (
        <button type="button" className="alert-close tap" aria-label={closeLabel} onClick={() => store.getState().dismiss(alert.id)}>
          <span aria-hidden="true">×</span>
        </button>
      ) : null}
    </div>
  );
}
