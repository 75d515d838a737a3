// The page address behind an interface: stores read it and rewrite it in place (history
// replaceState, no navigation), or navigate; tests pass a fake.

export interface PageUrl {
  pathname: string;
  search: string;
  hash: string;
}

export interface UrlPort {
  read(): PageUrl;
  /** Rewrites the address without navigating (history.replaceState, state kept). */
  replace(url: string): void;
  /** Goes to another page. */
  navigate(url: string): void;
}

export function browserUrl(win: Window = window): UrlPort {
  return {
    read: () => ({ pathname: win.location.pathname, search: win.location.search, hash: win.location.hash }),
    replace: (url) => win.history.replaceState(win.history.state, "", url),
    navigate: (url) => win.location.assign(url),
  };
}
