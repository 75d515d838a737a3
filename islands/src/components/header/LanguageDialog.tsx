// The language switch (spec §2, §4): the page in each language of the site; choosing one
// remembers it in the lang cookie and goes to that page (its slugs may differ).

import type { LanguageStore } from "../../stores/language";
import { pageModals } from "../../stores/page/modals";
import { useT } from "../i18n";
import { ModalDialog } from "../ModalDialog";

export function LanguageDialog({ store }: { store: LanguageStore }) {
  const t = useT();
  const { current, alternates } = store.getState();
  return (
    <ModalDialog id="languageSwitch" title={t("languages.choose")} closeLabel={t("modals.close")}>
      <ul className="languages">
        {alternates.map((alt) => (
          <li key={alt.lang}>
            <a
              className="tap"
              href={alt.path}
              hrefLang={alt.lang}
              lang={alt.lang}
              aria-current={alt.lang === current ? "true" : undefined}
              onClick={(event) => {
                event.preventDefault();
                if (!store.getState().switchTo(alt.lang)) pageModals().getState().close("languageSwitch");
              }}
            >
              {t(`languages.native.${alt.lang}`)}
            </a>
          </li>
        ))}
      </ul>
    </ModalDialog>
  );
}
