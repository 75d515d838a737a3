// The header's account entry for a signed-in client, written without the UI framework (the
// header's first stage, before any interaction): the avatar button, exactly as the Header
// component renders it, in place of the server's "Se connecter" link.

import { avatarOf } from "../../lib/client-rules";
import type { Translate } from "../../lib/i18n";
import type { Client } from "../../types";

export function avatarButton(doc: Document, client: Client, t: Translate): HTMLButtonElement {
  const button = doc.createElement("button");
  button.type = "button";
  button.className = "avatar tap";
  button.setAttribute("aria-haspopup", "dialog");
  button.setAttribute("aria-expanded", "false");
  const avatar = avatarOf(client);
  if ("photo" in avatar) {
    const img = doc.createElement("img");
    img.src = avatar.photo;
    img.alt = "";
    img.width = img.height = 32;
    button.append(img);
  } else {
    const initials = doc.createElement("span");
    initials.setAttribute("aria-hidden", "true");
    initials.textContent = avatar.initials;
    button.append(initials);
  }
  const label = doc.createElement("span");
  label.className = "visually-hidden";
  label.textContent = t("header.account");
  button.append(label);
  return button;
}
