// On a show page, the schedule island's first stage follows the locator's choice
// (places.ts): loaded only on the pages whose schedule names its cinemas (`places`), so a
// cinema page's first stage does not carry it (islands.json lists it on demand).

export { followLocator } from "./places";
