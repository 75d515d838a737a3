// The signed-in client's pop-in (spec §6): their name, the profile, the benefits (FR site)
// or favourite cinemas (other sites) — whichever the page's client-area links hold (the
// generator's `chrome.account`) —, the bookings, the private calendar feed (its panel loaded
// on demand in place of its button: ../calendar-feed/CalendarFeed.ts), and sign-out.

import type { ClientStore } from "../../stores/client";
import { pageModals } from "../../stores/page/modals";
import { useT } from "../i18n";
import { ModalDialog } from "../ModalDialog";
import { useStore } from "../use-store";
import type { AccountLink } from "./Header";

/** The label of each client-area link (`account` is the profile). */
const LINK_LABELS: Record<string, string> = {
  account: "client.profile",
  benefits: "header.benefits",
  favouriteCinemas: "header.favouriteCinemas",
  bookings: "header.bookings",
};

export function ProfilePopin({ client, account }: { client: ClientStore; account: AccountLink[] }) {
  const t = useT();
  const who = useStore(client, (s) => s.client);
  const signOut = async () => {
    pageModals().getState().close("profile");
    await client.getState().signOut();
  };
  return (
    <ModalDialog id="profile" variant="popin" title={t("client.greeting", { name: who?.name ?? "" })} closeLabel={t("modals.close")}>
      <ul className="profile-links">
        {account
          .filter((link) => link.key in LINK_LABELS)
          .map((link) => (
            <li key={link.key}>
              <a className="tap" href={link.href}>
                {t(LINK_LABELS[link.key]!)}
              </a>
            </li>
          ))}
      </ul>
      <button
        type="button"
        className="button-link tap"
        onClick={(e) => {
          const button = e.currentTarget;
          void import("../calendar-feed/CalendarFeed").then((m) => m.openCalendarFeed(button, t));
        }}
      >
        {t("calendarFeed.title")}
      </button>
      <button type="button" className="button-link tap" onClick={() => void signOut()}>
        {t("header.signOut")}
      </button>
    </ModalDialog>
  );
}
