// A cinema's information (`#info`) and prices (`#tarifs`) in dialogs (spec §2, §4): the
// page's own sections, shown in the dialog (a copy, the page keeps its sections), opened by
// the links, by the address's fragment, and by a change of it (back and forward).

import { useEffect, useLayoutEffect, useRef } from "react";
import type { ModalId } from "../../stores/modals";
import { pageUrl } from "../../stores/page/env";
import { pageModals } from "../../stores/page/modals";
import { useT } from "../i18n";
import type { IslandProps } from "../island-props";
import { ModalDialog } from "../ModalDialog";
import { useStore } from "../use-store";
import type { CinemaInfoProps as CinemaInfoPropsData } from "../../generated/api-types";

/** The props the generator writes (site/src/islands.rs, exported to TypeScript). */
export type CinemaInfoProps = IslandProps & CinemaInfoPropsData;

const MODALS: Record<string, { id: ModalId; title: string; link: "info" | "pricing" }> = {
  "#info": { id: "cinemaInfo", title: "modals.cinemaInfo", link: "info" },
  "#tarifs": { id: "pricing", title: "modals.pricing", link: "pricing" },
};

function openFor(hash: string) {
  const modal = MODALS[hash];
  if (modal) pageModals().getState().open(modal.id);
}

export function CinemaInfo({ links }: CinemaInfoProps) {
  useEffect(() => {
    openFor(pageUrl().read().hash);
    const onHash = () => openFor(pageUrl().read().hash);
    window.addEventListener("hashchange", onHash);
    return () => window.removeEventListener("hashchange", onHash);
  }, []);
  return (
    <>
      {Object.entries(MODALS).map(([hash, modal]) => (
        <a
          key={hash}
          className="tap"
          href={hash}
          data-replay=""
          onClick={(event) => {
            event.preventDefault();
            const { pathname, search } = pageUrl().read();
            pageUrl().replace(pathname + search + hash);
            openFor(hash);
          }}
        >
          {links[modal.link]}
        </a>
      ))}
      {Object.entries(MODALS).map(([hash, modal]) => (
        <SectionDialog key={hash} id={modal.id} title={modal.title} section={hash.slice(1)} />
      ))}
    </>
  );
}

function SectionDialog({ id, title, section }: { id: ModalId; title: string; section: string }) {
  const t = useT();
  const open = useStore(pageModals(), (s) => s.modals[id].open);
  const source = typeof document === "undefined" ? null : document.getElementById(section);
  const heading = source?.querySelector("h2")?.textContent?.trim();
  return (
    <ModalDialog id={id} title={heading || t(title)} closeLabel={t("modals.close")} className={`cinema-${section}`}>
      {open && source ? <SectionCopy source={source} /> : null}
    </ModalDialog>
  );
}

/** The section's content without its heading (the dialog's title) and without ids (no duplicates). */
function SectionCopy({ source }: { source: HTMLElement }) {
  const box = useRef<HTMLDivElement>(null);
  useLayoutEffect(() => {
    const copy = source.cloneNode(true) as HTMLElement;
    copy.querySelector("h2")?.remove();
    for (const el of [copy, ...copy.querySelectorAll("[id]")]) el.removeAttribute("id");
    box.current?.replaceChildren(...copy.childNodes);
  }, [source]);
  return <div ref={box} className="section-copy" />;
}
