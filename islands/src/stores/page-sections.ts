// Small state of page sections (spec §4): the footer accordion, the news list's type filter
// and paging, the cinema page's accordions, the help centre's flags.

import { createStore } from "zustand/vanilla";

/** Footer accordion: one item open at a time; clicking the open one closes it. */
export interface FooterAccordionState {
  open: string | null;
  toggle(id: string): void;
}

export function createFooterAccordionStore() {
  return createStore<FooterAccordionState>()((set) => ({
    open: null,
    toggle: (id) => set((s) => ({ open: s.open === id ? null : id })),
  }));
}

/** News list: a type filter (set, or cleared when chosen again) and the page number. */
export interface NewsState {
  type: string | null;
  page: number;
  toggleType(type: string): void;
  goToPage(page: number): void;
}

export function createNewsStore(initial: { type?: string | null; page?: number } = {}) {
  return createStore<NewsState>()((set) => ({
    type: initial.type ?? null,
    page: initial.page ?? 1,
    toggleType: (type) => set((s) => ({ type: s.type === type ? null : type, page: 1 })),
    goToPage: (page) => set({ page: Math.max(1, Math.floor(page)) }),
  }));
}

/** Cinema page: the open service and the open information accordion; a route change closes both. */
export interface CinemaPageState {
  service: string | null;
  info: string | null;
  toggleService(slug: string): void;
  toggleInfo(id: string): void;
  routeChanged(): void;
}

export function createCinemaPageStore() {
  return createStore<CinemaPageState>()((set) => ({
    service: null,
    info: null,
    toggleService: (slug) => set((s) => ({ service: s.service === slug ? null : slug })),
    toggleInfo: (id) => set((s) => ({ info: s.info === id ? null : id })),
    routeChanged: () => set({ service: null, info: null }),
  }));
}

/** Help centre: "display all" per block, the search autocomplete, the chat availability. */
export interface FaqState {
  displayAll: Record<string, boolean>;
  autocomplete: boolean;
  /** null: not known (not checked yet, or the check failed). */
  chatAvailable: boolean | null;
  showAll(block: string): void;
  routeChanged(): void;
  searchFocused(): void;
  searchBlurred(): void;
  checkChat(): Promise<void>;
}

export interface FaqDeps {
  chatAvailability?: () => Promise<boolean>;
}

export function createFaqStore(deps: FaqDeps = {}) {
  return createStore<FaqState>()((set) => ({
    displayAll: {},
    autocomplete: false,
    chatAvailable: null,
    showAll: (block) => set((s) => ({ displayAll: { ...s.displayAll, [block]: true } })),
    routeChanged: () => set({ displayAll: {}, autocomplete: false }),
    searchFocused: () => set({ autocomplete: true }),
    searchBlurred: () => set({ autocomplete: false }),
    async checkChat() {
      if (!deps.chatAvailability) return set({ chatAvailable: null });
      try {
        set({ chatAvailable: (await deps.chatAvailability()) === true });
      } catch {
        set({ chatAvailable: null });
      }
    },
  }));
}
