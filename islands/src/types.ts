// Data shapes the islands read, as the Rust `site` crate serialises them (camelCase JSON).
// Written by hand for now, field for field after `site/src/content/*.rs`; to be replaced by
// types generated from the Rust ones (one source of truth), at which point this file goes.

export type SiteCode = "fr" | "ch" | "be" | "nl" | "tn" | "sn" | "ci" | "ma";
export type Lang = "fr" | "en" | "de" | "nl";

export interface GpsPosition {
  /** Latitude. */
  x: number;
  /** Longitude. */
  y: number;
}

export interface Image {
  url: string;
  width?: number;
  height?: number;
  alt?: string;
}

export interface Address {
  addressLine1?: string;
  addressLine2?: string;
  addressZip?: string;
  addressCity?: string;
}

/** A cinema in list form (`/cinemas`), the fields the islands use. */
export interface Cinema {
  slug: string;
  vistaRef: string;
  name: string;
  city: string;
  citySlug: string;
  gpsPosition?: GpsPosition | null;
  address?: Address;
  theaterPostalCode?: string | null;
  tags?: string[];
}

/** A city in list form (`/cities`). */
export interface City {
  slug: string;
  name: string;
  postalCode?: string;
  mainRegion?: boolean;
  singlePage?: boolean;
  region?: string;
}

/** A geolocation zone (`/zone`): where the server places the visitor. */
export interface Zone {
  id: string;
  name: string;
  citySlug?: string | null;
  position?: GpsPosition | null;
}

export type LocatorType = "cinema" | "city" | "position" | "favorite";

/** The `cgp_locator` cookie: a cinema vistaRef, a city slug, coordinates, or nothing. */
export interface LocatorCookie {
  type: LocatorType;
  value?: string | GpsPosition | null;
}

export type CtaType = "yellow" | "black" | "booking";

export interface Cta {
  label: string;
  url: string;
  type?: CtaType;
  newTab?: boolean;
  target?: string;
}

export type AlertLevel = "warning" | "info";

export interface Alert {
  level: AlertLevel;
  title: string;
  subtitle?: string;
  class?: string;
  icon?: string;
  autoCloseId?: string;
  closable?: boolean;
  cta?: Cta;
}

export type SearchResultType = "cinema" | "show" | "event" | "gpxp" | "news" | "offer" | "faq" | "master_template";

export interface Route {
  path: string;
  parameters?: Record<string, string>;
}

export interface SearchResult {
  id: string;
  type: SearchResultType;
  slug: string;
  title: string;
  image?: Image;
  url?: string;
  route?: Route;
  payload?: unknown;
  topic?: string;
  startDate?: string;
  endDate?: string;
  dateType?: string;
}

/** The results of one type in a search answer: a preview (or all, for one type) and the total. */
export interface SearchGroup {
  type: SearchResultType;
  total: number;
  items: SearchResult[];
}

/** `GET /api/search/full`: the groups in the modal's order, empty ones included. */
export interface SearchAnswer {
  query: string;
  groups: SearchGroup[];
}

/** The cinema of a cinema search result's payload. */
export interface CinemaPayload {
  cinema: { name: string; slug: string; address?: { city?: string; postalCode?: string } };
  experiences?: string[];
}

export interface HistoryItem {
  title: string;
  subtitle?: string;
  url: string;
  route?: Route;
}

export interface ClientSubscriptions {
  newsletter: boolean;
  cinepass: boolean;
}

export interface ClientSubscription {
  currentPlan?: string;
  eligibleChanges?: string[];
  eligibleReSubscription?: boolean;
  eligibleForAddonChange?: boolean;
  downgrade?: { plan: string; executionDate: string };
}

/** The signed-in client as the site uses it. */
export interface Client {
  id: string;
  name: string;
  email: string;
  avatar?: string;
  avatarFallback: string;
  favoriteCinemas: string[];
  registered: boolean;
  emailVerify: boolean;
  firstLogin: boolean;
  sendNewsletter: boolean;
  mailCommunication: boolean;
  loyaltyLevel?: string;
  cinepassType?: string;
  subscriptions: ClientSubscriptions;
  subscription?: ClientSubscription;
}

export interface AccountSubscription {
  currentPlan?: string;
  eligibleChanges?: string[];
  eligibleReSubscription?: boolean;
  eligibleForAddonChange?: boolean;
  newLeadId?: string;
  newPlan?: string;
  nextPlanExecutionDate?: string;
}

/** The account read from `accounts/me`; `icu` is the client id. */
export interface AccountPayload {
  icu: string;
  firstname?: string;
  lastname?: string;
  email?: string;
  photoUrl?: string;
  newsletterSubscription?: boolean;
  cinepassSubscription?: boolean;
  cinepassType?: string;
  subscription?: AccountSubscription;
  registered?: boolean;
  emailVerify?: boolean;
  firstLogin?: boolean;
  mailCommunication?: boolean;
  sendNewsletter?: boolean;
  loyaltyLevel?: string;
  /** Favourite cinema slugs, when the account answer carries them. */
  favoriteCinemas?: string[];
}

export type Emotion = "disappointed" | "liked" | "loved";

/** One show's feelings as the client API answers them (`intention` set: on the wish list). */
export interface ShowFeeling {
  slug: string;
  intention?: number | null;
  emotion?: Emotion | null;
}

export interface Feelings {
  wishlist: string[];
  emotions: Record<string, Emotion>;
}

/** The identity frame URLs (`webview`). */
export interface AuthEndpoints {
  urlLogin: string;
  urlSignup: string;
}

export interface SubscriptionOption {
  id: string;
  label: string;
  price: number;
  maxQuantity?: number;
}

export interface SubscriptionOffer {
  id: string;
  title: string;
  monthlyPrice: number;
  options?: SubscriptionOption[];
}

/** A plan being chosen: the offer id and a quantity per option id. */
export interface SelectedPlan {
  offer: string;
  quantities: Record<string, number>;
}

export type VideoProvider = "allocine" | "vimeo" | "youtube" | "s3";

export interface Video {
  id: string;
  main?: boolean;
  language?: string;
  title?: string;
  provider: VideoProvider;
  url?: string;
}

/** A page in another language of the same site (`<link rel="alternate">`). */
export interface Alternate {
  lang: Lang;
  path: string;
}

/** A voucher found by the checker (`/voucher/{code}`), as the API serialises it. */
export interface VoucherCard {
  code: string;
  label?: string;
  kind?: string;
  valid_until?: string | null;
  validUntil?: string | null;
  status?: string;
}

/** `resultCode` 0: the voucher is valid and `card` describes it; otherwise `message` says why not. */
export interface VoucherAnswer {
  resultCode: number;
  message?: string | null;
  card?: VoucherCard | null;
}

/** A showtime of a schedule answer (`/api/cinema/{slug}/shows?date=`), the fields the islands show. */
export interface Showtime {
  id: string;
  show: string;
  cinema: string;
  status: "available" | "soldout" | "locked";
  datetime: string;
  endTime?: string;
  version: { slug: string; label: string };
  tags?: string[];
  flags?: { threeD?: boolean };
  bookingUrl?: string;
  auditorium?: string;
  seatCount?: number;
  accessibilityIcons?: string[];
  experienceIcons?: string[];
  specialShowtimeDetails?: {
    titleShowtimeDetails?: string;
    descriptionShowtimeDetails?: string;
    titleScreening?: string;
    modalTitle?: string;
  };
}

/** A schedule answer: days (YYYY-MM-DD) to shows and their showtimes. */
export interface ScheduleAnswer {
  days: Record<string, { show: string; data?: { title?: string } | null; showtimes: Showtime[] }[]>;
}
