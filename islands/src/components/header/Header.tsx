// The header's tools: the search button, the language switch, and the account entry —
// "Se connecter" (its pop-in invites to sign in or sign up) for an anonymous visitor, the
// avatar or initials (its pop-in is the profile) for a signed-in client. The server renders
// the anonymous header; the first stage may already show the avatar (the session known),
// which the first render here reproduces.

import { avatarOf } from "../../lib/client-rules";
import { knownSession } from "../../session";
import type { ClientStore } from "../../stores/client";
import type { LanguageStore } from "../../stores/language";
import type { ModalId } from "../../stores/modals";
import { pageModals } from "../../stores/page/modals";
import { AccountDialogs } from "../account/AccountDialogs";
import { useHydrated } from "../IslandRoot";
import { useT } from "../i18n";
import type { IslandProps } from "../island-props";
import { SearchDialog } from "../search/SearchDialog";
import { useStore } from "../use-store";
import { LanguageDialog } from "./LanguageDialog";
import { ProfilePopin } from "./ProfilePopin";
import type { HeaderProps as HeaderPropsData } from "../../generated/api-types";

/** A link of the client area: account, benefits or favouriteCinemas, bookings. */
export type { AccountLink } from "../../generated/api-types";

/** The props the generator writes (site/src/islands.rs, exported to TypeScript). */
export type HeaderProps = IslandProps & HeaderPropsData;

export interface HeaderStores {
  client: ClientStore;
  language: LanguageStore;
}

export function Header(props: HeaderProps & HeaderStores) {
  const t = useT();
  const hydrated = useHydrated();
  const modals = pageModals();
  const openId = useStore(modals, (s) => s.stack.at(-1) ?? null);
  const searchOpen = useStore(modals, (s) => s.modals.search.open);
  const languageOpen = useStore(modals, (s) => s.modals.languageSwitch.open);
  const profileOpen = useStore(modals, (s) => s.modals.profile.open);

  const open = (id: ModalId) => () => void modals.getState().open(id);

  return (
    <>
      <button type="button" className="header-search tap" aria-haspopup="dialog" aria-expanded={openId === "search"} onClick={open("search")}>
        {t("header.search")}
      </button>
      {props.alternates.length > 1 ? (
        <button type="button" className="header-language tap" aria-haspopup="dialog" aria-expanded={openId === "languageSwitch"} onClick={open("languageSwitch")}>
          <span className="visually-hidden">{`${t("languages.change")} `}</span>
          {props.lang.toUpperCase()}
        </button>
      ) : null}
      {props.authEnabled ? (
        <nav className="account" aria-label={t("header.accountMenu")}>
          <AccountEntry {...props} hydrated={hydrated} />
        </nav>
      ) : null}
      {props.authEnabled && hydrated ? <AccountDialogs client={props.client} benefits={props.benefits} /> : null}
      {searchOpen ? <SearchDialog site={props.site} lang={props.lang} favouriteLimit={props.favouriteLimit} /> : null}
      {languageOpen ? <LanguageDialog store={props.language} /> : null}
      {profileOpen ? <ProfilePopin client={props.client} account={props.account} /> : null}
    </>
  );
}

function AccountEntry({ client, account, hydrated }: HeaderProps & HeaderStores & { hydrated: boolean }) {
  const t = useT();
  const modals = pageModals();
  // Until the store has its answer, the first stage's (the same request).
  const signedIn = useStore(client, (s) => (s.initialised ? s.client : (knownSession()?.client ?? null)));
  const expanded = useStore(modals, (s) => s.modals.profile.open || s.modals.signIn.open);
  // The server's markup: a link to the client area (it works without JavaScript).
  if (!hydrated && !signedIn) {
    return (
      <a
        className="sign-in tap"
        href={account[0]?.href}
        data-replay=""
        onClick={(event) => {
          event.preventDefault();
          modals.getState().openSignInFromHeader();
        }}
      >
        {t("header.signIn")}
      </a>
    );
  }
  if (!signedIn) {
    return (
      <button type="button" className="sign-in tap" aria-haspopup="dialog" aria-expanded={expanded} onClick={() => modals.getState().openSignInFromHeader()}>
        {t("header.signIn")}
      </button>
    );
  }
  const avatar = avatarOf(signedIn);
  return (
    <button type="button" className="avatar tap" aria-haspopup="dialog" aria-expanded={expanded} onClick={() => void modals.getState().open("profile")}>
      {"photo" in avatar ? <img src={avatar.photo} alt="" width={32} height={32} /> : <span aria-hidden="true">{avatar.initials}</span>}
      <span className="visually-hidden">{t("header.account")}</span>
    </button>
  );
}
