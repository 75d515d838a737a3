// Island "alerts": the page's alert area for alerts raised in the browser (favourite limit,
// geolocation, voucher). The page renders `<div data-island="alerts" aria-live="polite">`
// empty; alerts of the content are rendered by the page itself.

import { AlertsArea } from "../components/AlertsArea";
import { defineIsland } from "../island";
import { pageAlerts } from "../stores/page";

export interface AlertsProps {
  closeLabel: string;
}

export const mount = defineIsland<AlertsProps>((props) => (
  <AlertsArea store={pageAlerts()} closeLabel={props.closeLabel} />
));
