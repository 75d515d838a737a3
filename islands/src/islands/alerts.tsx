// Island "alerts": the page's area for alerts raised in the browser (favourite limit,
// geolocation, voucher), `<div class="alerts" role="status" data-island="alerts"
// data-hydrate="interaction">`, empty. Nothing raises an alert before an interactive part
// has loaded, so it loads when the first alert comes (the queue wakes it).

import { AlertsArea } from "../components/AlertsArea";
import type { IslandProps } from "../components/island-props";
import { defineIsland } from "../island";
import { translator } from "../lib/i18n";
import { pageAlerts } from "../stores/page/alerts";

export const mount = defineIsland<Pick<IslandProps, "labels">>((props) => (
  <AlertsArea store={pageAlerts()} closeLabel={translator(props.labels)("alerts.close")} />
));
