// The header island's interactive part (loaded at the first interaction with it).

import { defineIsland } from "../../island";
import { createLanguageStore } from "../../stores/language";
import { pageClient } from "../../stores/page/client";
import { pageCookies, pageUrl } from "../../stores/page/env";
import { IslandRoot } from "../IslandRoot";
import { Header, type HeaderProps } from "./Header";

export const mount = defineIsland<HeaderProps>((props) => {
  const alternates = props.alternates ?? [];
  const language = createLanguageStore({
    current: props.lang,
    alternates,
    cookies: pageCookies(),
    navigate: (url) => pageUrl().navigate(url),
  });
  return (
    <IslandRoot props={props}>
      <Header {...props} alternates={alternates} account={props.account ?? []} benefits={props.benefits ?? []} client={pageClient(props)} language={language} />
    </IslandRoot>
  );
});
