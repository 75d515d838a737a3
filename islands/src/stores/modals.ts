// Every modal of spec §4: an open flag and optional data each; Escape closes the top one,
// an overlay click closes its modal; closing all, or a route change, resets them. A modal
// that blocks scrolling locks the page while any such modal is open. A trigger opens a
// modal only when the viewport is not wider than that modal's maximum width.

import { createStore } from "zustand/vanilla";

export interface ModalConfig {
  /** The page behind does not scroll while it is open. */
  blocksScroll: boolean;
  /** Widest viewport (px) on which a trigger opens it; none means any width. */
  maxWidth?: number;
  /** It plays a video: closing it stops the video. */
  playsVideo?: boolean;
  /** It was opened by a URL fragment (#info, #tarifs): closing it clears the fragment. */
  fromFragment?: boolean;
}

/** Widest tablet viewport: the mobile calendar is for viewports below desktop (spec §9). */
const BELOW_DESKTOP = 1079;

export const MODALS = {
  search: { blocksScroll: true },
  /** The header's sign-in pop-in (a drop-down: the page still scrolls). */
  signIn: { blocksScroll: false },
  /** The sign-in modal centred on screen, opened when an action needs a signed-in client. */
  signInCentred: { blocksScroll: true },
  profile: { blocksScroll: false },
  languageSwitch: { blocksScroll: true },
  locator: { blocksScroll: true },
  cinemaInfo: { blocksScroll: true, fromFragment: true },
  /** Prices of a cinema (fragment #tarifs). */
  pricing: { blocksScroll: true, fromFragment: true },
  calendarDesktop: { blocksScroll: false },
  calendarMobile: { blocksScroll: true, maxWidth: BELOW_DESKTOP },
  filters: { blocksScroll: true },
  showDetails: { blocksScroll: true },
  trailer: { blocksScroll: true, playsVideo: true },
  clientRating: { blocksScroll: true },
  globalFeelings: { blocksScroll: true },
  partners: { blocksScroll: true },
  showtimeDetails: { blocksScroll: true },
  experienceDetails: { blocksScroll: true, playsVideo: true },
  experienceTeaser: { blocksScroll: true, playsVideo: true },
  subscriptionPerks: { blocksScroll: true },
  subscriptionPlan: { blocksScroll: true },
  voucherChecker: { blocksScroll: true },
  giftCard: { blocksScroll: true },
} as const satisfies Record<string, ModalConfig>;

export type ModalId = keyof typeof MODALS;
export const MODAL_IDS = Object.keys(MODALS) as ModalId[];

export interface ModalSlot {
  open: boolean;
  data: unknown;
}

export interface ModalsState {
  modals: Record<ModalId, ModalSlot>;
  /** Open modals, oldest first: Escape closes the last. */
  stack: ModalId[];
  /** The centred sign-in modal was opened because an action needs a signed-in client. */
  signInRequired: boolean;
  scrollLocked: boolean;
  /** Opens a modal; false when the viewport is wider than its maximum (nothing changes). */
  open(id: ModalId, data?: unknown, options?: { maxWidth?: number }): boolean;
  close(id: ModalId): void;
  closeAll(): void;
  /** Escape key: closes the modal on top. */
  escape(): void;
  /** A click on a modal's overlay closes that modal. */
  overlayClick(id: ModalId): void;
  routeChanged(): void;
  /**
   * Guards an action that needs a signed-in client: true when signed in; otherwise every
   * modal closes, the centred sign-in modal opens with signInRequired, and false.
   */
  requireSignIn(signedIn: boolean): boolean;
  /** The header's sign-in entry: its pop-in, not as a requirement. */
  openSignInFromHeader(): void;
}

export interface ModalsDeps {
  /** Current viewport width in px. */
  viewportWidth?: () => number;
  scrollLock?: { lock(): void; unlock(): void };
  stopVideo?: () => void;
  /** Resets the subscription plan being chosen. */
  resetPlan?: () => void;
  /** Removes the fragment from the address (without navigating). */
  clearFragment?: () => void;
  /** After any modal closed (the schedule clears its selected showtime). */
  onClosed?: (id: ModalId) => void;
}

const closedSlots = (): Record<ModalId, ModalSlot> =>
  Object.fromEntries(MODAL_IDS.map((id) => [id, { open: false, data: null }])) as Record<ModalId, ModalSlot>;

const blocks = (stack: readonly ModalId[]) => stack.some((id) => MODALS[id].blocksScroll);

export function createModalsStore(deps: ModalsDeps = {}) {
  const store = createStore<ModalsState>()((set, get) => {
    // Keeps the page's scroll lock in step with the open modals.
    function applyScroll() {
      const want = blocks(get().stack);
      if (want === get().scrollLocked) return;
      set({ scrollLocked: want });
      if (want) deps.scrollLock?.lock();
      else deps.scrollLock?.unlock();
    }

    function closeOne(id: ModalId) {
      if (!get().modals[id].open) return;
      set((s) => ({
        modals: { ...s.modals, [id]: { open: false, data: null } },
        stack: s.stack.filter((m) => m !== id),
        signInRequired: id === "signInCentred" ? false : s.signInRequired,
      }));
      const config: ModalConfig = MODALS[id];
      if (config.playsVideo) deps.stopVideo?.();
      if (id === "subscriptionPlan") deps.resetPlan?.();
      if (config.fromFragment) deps.clearFragment?.();
      deps.onClosed?.(id);
    }

    function closeAll() {
      for (const id of [...get().stack].reverse()) closeOne(id);
      set({ signInRequired: false });
      applyScroll();
    }

    return {
      modals: closedSlots(),
      stack: [],
      signInRequired: false,
      scrollLocked: false,
      open(id, data = null, options = {}) {
        const config: ModalConfig = MODALS[id];
        const maxWidth = options.maxWidth ?? config.maxWidth;
        if (maxWidth !== undefined && deps.viewportWidth && deps.viewportWidth() > maxWidth) return false;
        set((s) => ({
          modals: { ...s.modals, [id]: { open: true, data } },
          stack: [...s.stack.filter((m) => m !== id), id],
        }));
        applyScroll();
        return true;
      },
      close(id) {
        closeOne(id);
        applyScroll();
      },
      closeAll,
      escape() {
        const top = get().stack.at(-1);
        if (top) get().close(top);
      },
      overlayClick(id) {
        get().close(id);
      },
      routeChanged() {
        closeAll();
        // Leaving the page stops any video, in a modal or not.
        deps.stopVideo?.();
      },
      requireSignIn(signedIn) {
        if (signedIn) return true;
        closeAll();
        get().open("signInCentred");
        set({ signInRequired: true });
        return false;
      },
      openSignInFromHeader() {
        get().open("signIn");
        set({ signInRequired: false });
      },
    };
  });
  return store;
}

export type ModalsStore = ReturnType<typeof createModalsStore>;

/** The data a modal was opened with. */
export const modalData = <T>(s: ModalsState, id: ModalId): T | null => (s.modals[id].open ? (s.modals[id].data as T) : null);
