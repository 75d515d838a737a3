// The sign-in invitation and the identity frame (loaded when one of them first opens).

import type { ClientStore, FrameKind } from "../../stores/client";
import { pageModals } from "../../stores/page/modals";
import { Dialog } from "../Dialog";
import { useT } from "../i18n";
import { ModalDialog } from "../ModalDialog";
import { useStore } from "../use-store";
import type { AccountDialogsProps } from "./AccountDialogs";

const FRAME_TITLES: Record<FrameKind, string> = {
  signIn: "modals.signIn",
  signUp: "client.signUp",
  register: "client.completeRegistration",
  verifyEmail: "client.verifyEmail",
};

/** Where focus goes when the button that opened a dialog is gone: the header's account entry. */
const accountEntry = () => document.querySelector<HTMLElement>(".account button, .account a");

export function SignInDialogs({ client, benefits }: AccountDialogsProps) {
  const t = useT();
  return (
    <>
      <ModalDialog id="signIn" variant="popin" title={t("client.signInTitle")} closeLabel={t("modals.close")} fallbackFocus={accountEntry}>
        <Invitation client={client} benefits={benefits} modal="signIn" />
      </ModalDialog>
      <ModalDialog id="signInCentred" title={t("client.signInTitle")} closeLabel={t("modals.close")} fallbackFocus={accountEntry}>
        <Invitation client={client} benefits={benefits} modal="signInCentred" />
      </ModalDialog>
      <IdentityFrame client={client} />
    </>
  );
}

function Invitation({ client, benefits, modal }: AccountDialogsProps & { modal: "signIn" | "signInCentred" }) {
  const t = useT();
  // A fact of the site: it never changes while the page lives.
  const canRegister = client.getState().registrationOffered;
  const go = (how: "signIn" | "signUp") => {
    pageModals().getState().close(modal);
    void client.getState()[how]();
  };
  return (
    <>
      <p>{t("client.signInIntro")}</p>
      <ul className="benefits">
        {benefits.map((b) => (
          <li key={b}>{t(`client.benefits.${b}`)}</li>
        ))}
      </ul>
      <button type="button" className="button tap" onClick={() => go("signIn")}>
        {t("client.signIn")}
      </button>
      {canRegister && (
        <p>
          {t("client.noAccount")}{" "}
          <button type="button" className="button-link tap" onClick={() => go("signUp")}>
            {t("client.signUp")}
          </button>
        </p>
      )}
    </>
  );
}

function IdentityFrame({ client }: { client: ClientStore }) {
  const t = useT();
  const frame = useStore(client, (s) => s.frame);
  if (!frame) return null;
  const title = t(FRAME_TITLES[frame.kind]);
  return (
    <Dialog
      open
      onClose={() => client.getState().closeFrame()}
      title={title}
      hideTitle
      closable={frame.closable}
      closeLabel={t("modals.close")}
      variant={frame.fullscreen ? "fullscreen" : "centred"}
      className="identity"
      fallbackFocus={accountEntry}
    >
      <iframe className="identity-frame" src={frame.url} title={title} />
    </Dialog>
  );
}
