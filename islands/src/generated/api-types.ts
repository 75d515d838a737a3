// Generated from the Rust types by site/tests/ts_types.rs (ts-rs): the content types of
// site/src/content, the search answer of search/src/answer.rs, the islands' props of
// site/src/islands.rs, the site and language codes.
// Do not edit. Change the Rust types, then regenerate with
//   UPDATE_TYPES=1 cargo test -p site --test ts_types

/** A country site (`Site` in Rust). */
export type SiteCode = "fr" | "ch" | "be" | "nl" | "tn" | "sn" | "ci" | "ma";

/** A language (`Lang` in Rust). */
export type Lang = "fr" | "en" | "de" | "nl";

/**
 * An image with its intrinsic size, so pages reserve its box and do not shift on load.
 */
export type Image = {
  url: string,
  width: number,
  height: number,
  alt?: string | null,
  /**
   * Other sizes and encodings of the same picture, for `srcset` and `<picture>` sources;
   * none for a vector image (or when the content has only the one file).
   */
  variants?: Array<ImageVariant>,
};

/**
 * One rendition of an [`Image`]: its file, its width in pixels (the height follows the
 * image's ratio) and, for a modern encoding, its media type (`image/avif`, `image/webp`).
 * A variant without a type is in the image's own format.
 */
export type ImageVariant = {
  url: string,
  width: number,
  type?: string | null,
};

/**
 * Title and description for `<title>` and `<meta name="description">`.
 */
export type Seo = {
  title: string,
  description: string,
};

/**
 * Look of a call to action (spec §3 Article: yellow, black, booking).
 */
export type CtaType = "yellow" | "black" | "booking";

/**
 * A call to action: label, url, look, new-tab flag and an optional link target.
 */
export type Cta = {
  label: string,
  url: string,
  type?: CtaType | null,
  newTab: boolean,
  target?: string | null,
};

/**
 * A coloured flag on a show or tag. `colour` is the spec's number 1..=5 (1 green,
 * 2 yellow, 3 grey, 4 red, 5 blue); mapping it to a colour is a rule of `rules`.
 */
export type Flag = {
  label: string,
  colour: number,
};

/**
 * A GPS position as the content gives it: `x` is the latitude, `y` the longitude.
 */
export type GpsPosition = {
  x: number,
  y: number,
};

/**
 * A release date in a zone (a country or region code).
 */
export type Release = {
  date: string,
  zone: string,
};

/**
 * An application route: a path and its parameters (search results, history items).
 */
export type Route = {
  path: string,
  parameters?: { [key in string]: string },
};

/**
 * How an offer's or news item's dates read (spec §3 Filters: exact, from, interval, until,
 * none, exact without hours).
 */
export type DateCriteria = "exact" | "from" | "interval" | "until" | "none" | "exactWithoutHours";

/**
 * The dates of an offer: a criterion and the bounds it uses (local wall-clock times; for
 * `exactWithoutHours` the time part is meaningless).
 */
export type DateRange = {
  type: DateCriteria,
  start?: string | null,
  end?: string | null,
};

/**
 * A promotional block (news-list pushes, subscription promotion, offer promotions,
 * permanent auto-promotion, native ad).
 */
export type Promotion = {
  title: string,
  subtitle?: string | null,
  description?: string | null,
  image?: Image | null,
  cta?: Cta | null,
};

/**
 * A push slide (cinema detail, experience group): spec §3 "title, date, cta, backdrop,
 * contentTag, goal, description, background colour".
 */
export type Push = {
  title: string,
  date?: string | null,
  cta?: Cta | null,
  backdrop?: Image | null,
  contentTag?: string | null,
  goal?: string | null,
  description?: string | null,
  /**
   * A CSS colour.
   */
  backgroundColour?: string | null,
};

/**
 * A guest of an experience article or master template.
 */
export type Guest = {
  name: string,
  role?: string | null,
  description?: string | null,
  image?: Image | null,
};

/**
 * Answer of the `/…/translate` calls: the item's slug in each language of the site,
 * serialised as `{"fr": "...", "en": "..."}`.
 */
export type Translations = Partial<Record<Lang, string>>;

/**
 * JSON error body of the content API for 404 / 410 answers (and other failures).
 * `redirectSlug` tells a client where a gone item went, when known.
 */
export type ContentError = {
  error: string,
  message: string,
  redirectSlug?: string | null,
};

/** Tracking values pushed to the data layer (key → value). */
export type Tracking = { [key in string]: string };

/**
 * Where a video is hosted (spec §3: allocine, vimeo, youtube, S3 — serialised "s3").
 */
export type VideoProvider = "allocine" | "vimeo" | "youtube" | "s3";

/**
 * A video: `id` is the provider's id (for S3, the file URL may be in `url`).
 */
export type Video = {
  id: string,
  main: boolean,
  /**
   * Language (or version label) of the video's sound track, e.g. "fr", "VOST".
   */
  language?: string | null,
  title?: string | null,
  snapshot?: Image | null,
  provider: VideoProvider,
  /**
   * Direct or embed URL where the provider needs one (S3 files).
   */
  url?: string | null,
};

/**
 * Whether a tag is an experience or an accessibility feature.
 */
export type TagKind = "experience" | "accessibility";

/**
 * Where a tag is displayed.
 */
export type TagDisplay = {
  cinema: boolean,
  cinemaFilters: boolean,
  showFilters: boolean,
  showtime: boolean,
  accessibility: boolean,
  show: boolean,
};

/**
 * A tooltip badge explaining a tag.
 */
export type TooltipBadge = {
  title: string,
  description?: string | null,
  image?: Image | null,
};

/**
 * Orders of a tag (0 means "not ordered"; upsell picks the lowest non-zero).
 */
export type TagOrders = {
  showtime: number,
  filter: number,
  upsell: number,
};

/**
 * How a showtime icon is drawn.
 */
export type TagIconKind = "sprite" | "image" | "text";

/**
 * Icon of a tag on showtimes: a sprite id, an image URL or a text.
 */
export type TagIcon = {
  type: TagIconKind,
  value: string,
};

/**
 * A tag (`/tags`).
 */
export type Tag = {
  slug: string,
  /**
   * A null title is an unknown tag (spec §8 "Tag not found").
   */
  title?: string | null,
  type?: TagKind | null,
  premium: boolean,
  /**
   * The tag is also a version filter.
   */
  versionFilter: boolean,
  display: TagDisplay,
  tooltipBadge?: TooltipBadge | null,
  orders: TagOrders,
  upsellText?: string | null,
  upsellBackdrop?: Image | null,
  ctaUrl?: string | null,
  icon?: TagIcon | null,
  highlighted: boolean,
  thumbnailTitle?: string | null,
  modalTitle?: string | null,
  description?: string | null,
  pictoBanner?: Image | null,
  pictoImage?: Image | null,
  /**
   * Flag colour number 1..=5 of the label.
   */
  labelFlagColour?: number | null,
  /**
   * Flag colour number 1..=5 of the background.
   */
  backgroundFlagColour?: number | null,
};

/**
 * Status of a showtime. The server gives `available` or `soldout`; `locked` is derived
 * (an available showtime whose reservability end has passed). Sold out shows as "full",
 * locked as "old".
 */
export type ShowtimeStatus = "available" | "soldout" | "locked";

/**
 * A language version (VF, VOST, VO, VF-ST-SME…): `slug` for filters, `label` to show.
 */
export type Version = {
  slug: string,
  label: string,
};

/**
 * Technical flags of a showtime.
 */
export type ShowtimeFlags = {
  /**
   * Projected in 3D.
   */
  threeD: boolean,
};

/**
 * Where the special details of a showtime come from.
 */
export type SpecialShowtimeSource = "tag" | "showtime";

/**
 * Details of a special showtime (a screening with a debate, a premiere…).
 */
export type SpecialShowtimeDetails = {
  titleShowtimeDetails?: string | null,
  descriptionShowtimeDetails?: string | null,
  titleScreening?: string | null,
  modalTitle?: string | null,
  source?: SpecialShowtimeSource | null,
};

/**
 * One showtime. `show` and `cinema` are slugs so a flat list can be grouped.
 * Times are RFC 3339 with the cinema's local offset.
 */
export type Showtime = {
  id: string,
  show: string,
  cinema: string,
  status: ShowtimeStatus,
  datetime: string,
  endTime?: string | null,
  version: Version,
  /**
   * Tag slugs.
   */
  tags?: Array<string>,
  flags: ShowtimeFlags,
  /**
   * Booking tunnel URL.
   */
  bookingUrl?: string | null,
  /**
   * Auditorium name.
   */
  auditorium?: string | null,
  seatCount?: number | null,
  /**
   * Tag slugs of accessibility tags to show as icons.
   */
  accessibilityIcons?: Array<string>,
  /**
   * Tag slugs of experience tags to show as icons.
   */
  experienceIcons?: Array<string>,
  specialShowtimeDetails?: SpecialShowtimeDetails | null,
  /**
   * Booking closes at this time.
   */
  reservabilityEnd?: string | null,
  /**
   * When the film itself starts: the showtime's time plus the cinema's pre-show. Derived
   * by the runtime API (`site::rules::film_times`), never stored in the content.
   */
  filmStart?: string | null,
  /**
   * When the film ends: its start plus the show's duration; absent without a duration.
   * Derived as `film_start`. (`end_time` is the ticketing system's end of the session.)
   */
  filmEnd?: string | null,
};

/**
 * A cinecheck rating (a pictogram with its label).
 */
export type Cinecheck = {
  label: string,
  icon?: string | null,
};

/**
 * Age rating of a show. `ref` is the rating code (TP and AD mean "Tout public").
 */
export type ContentRating = {
  ref: string,
  label: string,
  description?: string | null,
  /**
   * Warning text shown with the rating.
   */
  warning?: string | null,
  cinecheck?: Array<Cinecheck>,
};

/**
 * Orders of a show in the lists it appears in (lower first).
 */
export type ShowOrders = {
  default: number,
  home: number,
  upcoming: number,
  kids: number,
  specialAndEvent: number,
};

/**
 * Where the show can be watched at home.
 */
export type ShowVod = {
  title: string,
  slug: string,
  poster?: Image | null,
  lowPrice?: number | null,
  url: string,
};

/**
 * How many clients wish to see / rated a show.
 */
export type FeelingsCounts = {
  wishlist: number,
  disappointed: number,
  liked: number,
  loved: number,
};

/**
 * A show (`/show/{slug}`, `/shows`). `reference` is its identity across languages.
 */
export type Show = {
  slug: string,
  reference: string,
  title: string,
  /**
   * Minutes.
   */
  duration?: number | null,
  synopsis?: string | null,
  /**
   * Comma-separated list.
   */
  directors?: string | null,
  /**
   * Comma-separated list.
   */
  actors?: string | null,
  genres?: Array<string>,
  /**
   * Tag slugs.
   */
  tags?: Array<string>,
  releases?: Array<Release>,
  /**
   * 1900-01-01 means unknown (spec §5).
   */
  originalRelease?: string | null,
  poster?: Image | null,
  background?: Image | null,
  backdrop?: Image | null,
  contentRating?: ContentRating | null,
  /**
   * A film (true) or another kind of show (opera, concert, sport…).
   */
  isMovie: boolean,
  new: boolean,
  comingSoon: boolean,
  premiere: boolean,
  bookable: boolean,
  flag?: Flag | null,
  label?: string | null,
  orders: ShowOrders,
  salesOpeningDate?: string | null,
  showtimesDisplayDate?: string | null,
  kids: boolean,
  specialEvent: boolean,
  trailers?: Array<Video>,
  nationality?: string | null,
  feelings?: FeelingsCounts | null,
  tracking?: { [key in string]: string } | null,
  redirectSlug?: string | null,
  /**
   * The show is available to watch at home.
   */
  vodAvailability: boolean,
  vod?: ShowVod | null,
  extraInformation?: string | null,
  /**
   * Title drawn as an image.
   */
  logoTitle?: Image | null,
};

/**
 * A show in short form: what a card, a schedule entry or a search hit needs.
 */
export type ShowSummary = {
  slug: string,
  reference: string,
  title: string,
  duration?: number | null,
  genres?: Array<string>,
  tags?: Array<string>,
  releases?: Array<Release>,
  poster?: Image | null,
  contentRating?: ContentRating | null,
  isMovie: boolean,
  new: boolean,
  comingSoon: boolean,
  premiere: boolean,
  bookable: boolean,
  flag?: Flag | null,
  label?: string | null,
  kids: boolean,
};

/**
 * What a show offers on a day: its tags, versions and whether a showtime is special.
 */
export type ScheduleResume = {
  /**
   * Tag slugs found among the day's showtimes.
   */
  tags?: Array<string>,
  versions?: Array<Version>,
  specialShowtime: boolean,
};

/**
 * One show of a day: its slug, its summary (`data`, when embedded), the resume and the
 * showtimes.
 */
export type ScheduleShow = {
  show: string,
  data?: ShowSummary | null,
  resume: ScheduleResume,
  showtimes: Array<Showtime>,
};

/**
 * An upsell push: invites to a premium experience (the tag with the lowest non-zero upsell
 * order).
 */
export type UpsellPush = {
  /**
   * Tag slug.
   */
  tag: string,
  text?: string | null,
  backdrop?: Image | null,
  cta?: Cta | null,
};

/**
 * A schedule (`/cinema/{slug}/shows`, `/show/{slug}/showtimes/…`, city and experience
 * schedules): days (YYYY-MM-DD keys) to shows.
 */
export type Schedule = {
  days: { [key in string]: Array<ScheduleShow> },
  highlightedShowtime?: Showtime | null,
  upsellPushes?: Array<UpsellPush>,
};

/**
 * Postal address of a cinema.
 */
export type Address = {
  addressLine1: string,
  addressLine2?: string | null,
  addressZip: string,
  addressCity: string,
};

/**
 * Size of a cinema.
 */
export type Statistics = {
  seats: number,
  halls: number,
};

/**
 * A service of a cinema (parking, bar, accessibility…).
 */
export type Service = {
  slug: string,
  label: string,
  description?: string | null,
  image?: Image | null,
};

/**
 * "Sessions nearby" hint: another cinema (slug) and the sentence that introduces it.
 */
export type SessionsNearby = {
  cinema: string,
  wording: string,
};

/**
 * A cinema in list form (`/cinemas`).
 */
export type Cinema = {
  slug: string,
  /**
   * Reference in the ticketing system; stable across languages, used by the locator cookie.
   */
  vistaRef: string,
  name: string,
  /**
   * City name, in the page language.
   */
  city: string,
  citySlug: string,
  gpsPosition?: GpsPosition | null,
  /**
   * Tag slugs (experiences and accessibility) of the cinema.
   */
  tags?: Array<string>,
  address: Address,
  theaterPostalCode?: string | null,
  description?: string | null,
  disabledServices?: Array<string>,
  backdrop?: Image | null,
  statistics?: Statistics | null,
  mapsUrl?: string | null,
  services?: Array<Service>,
  sessionsNearby?: SessionsNearby | null,
  seo?: Seo | null,
  /**
   * Minutes of pre-show (advertising, trailers) before the film starts; absent means the
   * site's default (`Site::default_pre_show_minutes`). See `site::rules::film_times`.
   */
  preShowMinutes?: number | null,
};

/**
 * A cinema pass product sold at a cinema.
 */
export type CinepassItem = {
  label: string,
  price: number,
  image?: Image | null,
  legend?: string | null,
};

/**
 * An e-card as sold on a cinema page (amounts include taxes).
 */
export type CinemaECard = {
  label: string,
  /**
   * Price of one seat.
   */
  singleTtcAmount: number,
  /**
   * Price of the card.
   */
  ttcAmount: number,
  image?: Image | null,
  imageAlt?: string | null,
  /**
   * Order reference for the booking tunnel.
   */
  refCmd?: string | null,
  highlightMessage?: string | null,
};

/**
 * A short link to another cinema (nearby cinemas).
 */
export type CinemaLink = {
  slug: string,
  name: string,
  citySlug?: string | null,
  /**
   * Distance from this cinema, in kilometres.
   */
  distance?: number | null,
};

/**
 * A short link to a city.
 */
export type CityLink = {
  slug: string,
  name: string,
};

/**
 * A price line. `termsIndex` points into [`Pricing::terms`] (the legend number shown
 * next to the price).
 */
export type Price = {
  label: string,
  amount: number,
  legend?: string | null,
  termsIndex?: number | null,
};

/**
 * A complement built from additional prices: a parent line and its child lines.
 */
export type PriceComplement = {
  parent: Price,
  children?: Array<Price>,
};

/**
 * Prices of a cinema.
 */
export type Pricing = {
  prices?: Array<Price>,
  complements?: Array<PriceComplement>,
  terms?: Array<string>,
  globalTerms?: string | null,
};

/**
 * The premium block of a premium cinema.
 */
export type CinemaPremium = {
  title: string,
  description?: string | null,
  backdrop?: Image | null,
  cta?: Cta | null,
};

/**
 * A cinema in detail form (`/cinema/{slug}`): the list fields plus spec §3 "Detail adds".
 */
export type CinemaDetail = {
  cinepass?: Array<CinepassItem>,
  ecards?: Array<CinemaECard>,
  nearbyCinemas?: Array<CinemaLink>,
  nearbyCities?: Array<CityLink>,
  /**
   * How to get there (HTML).
   */
  itinerary?: string | null,
  pricing?: Pricing | null,
  pushes?: Array<Push>,
  /**
   * Weekday the cinema week starts on, as days after Sunday (0 Sunday, 1 Monday, 3
   * Wednesday); absent means the default (spec §9: 3, Wednesday). See
   * `site::rules::ordering::week_offset`.
   */
  cinemaWeekOffset?: number | null,
  redirectSlug?: string | null,
  tracking?: { [key in string]: string } | null,
  premium: boolean,
  cinemaPremium?: CinemaPremium | null,
  accessibilityDescription?: string | null,
  /**
   * Spelled as the spec and the CMS spell it.
   */
  accesLibreUrl?: string | null,
  slug: string,
  /**
   * Reference in the ticketing system; stable across languages, used by the locator cookie.
   */
  vistaRef: string,
  name: string,
  /**
   * City name, in the page language.
   */
  city: string,
  citySlug: string,
  gpsPosition?: GpsPosition | null,
  /**
   * Tag slugs (experiences and accessibility) of the cinema.
   */
  tags?: Array<string>,
  address: Address,
  theaterPostalCode?: string | null,
  description?: string | null,
  disabledServices?: Array<string>,
  backdrop?: Image | null,
  statistics?: Statistics | null,
  mapsUrl?: string | null,
  services?: Array<Service>,
  sessionsNearby?: SessionsNearby | null,
  seo?: Seo | null,
  /**
   * Minutes of pre-show (advertising, trailers) before the film starts; absent means the
   * site's default (`Site::default_pre_show_minutes`). See `site::rules::film_times`.
   */
  preShowMinutes?: number | null,
};

/**
 * An alert shown on cinema pages (`/alerts`).
 */
export type CinemaAlert = {
  message: string,
  /**
   * Slugs of the cinemas concerned (ignored when `allCinemas`).
   */
  cinemas?: Array<string>,
  warning: boolean,
  allCinemas: boolean,
  cta?: Cta | null,
};

/**
 * A city in list form (`/cities`).
 */
export type City = {
  slug: string,
  name: string,
  /**
   * Postal code prefix (the department in France).
   */
  postalCode: string,
  /**
   * The city is the main city of its region.
   */
  mainRegion: boolean,
  /**
   * The city has one page that lists all its cinemas.
   */
  singlePage: boolean,
  /**
   * Region key: `amsterdam`, `idf`, or `horsfrance` outside France.
   */
  region?: string | null,
};

/**
 * The highlight block of a city page.
 */
export type CityHighlight = {
  title: string,
  description?: string | null,
  topShows?: Array<ShowSummary>,
};

/**
 * A city in detail form (`/city/{slug}`).
 */
export type CityDetail = {
  /**
   * Slug of the cinema chosen by default in this city.
   */
  defaultCinema?: string | null,
  description?: string | null,
  seo?: Seo | null,
  cinemas?: Array<Cinema>,
  nearby?: Array<CityLink>,
  backdrop?: Image | null,
  backdropMobile?: Image | null,
  highlight?: CityHighlight | null,
  slug: string,
  name: string,
  /**
   * Postal code prefix (the department in France).
   */
  postalCode: string,
  /**
   * The city is the main city of its region.
   */
  mainRegion: boolean,
  /**
   * The city has one page that lists all its cinemas.
   */
  singlePage: boolean,
  /**
   * Region key: `amsterdam`, `idf`, or `horsfrance` outside France.
   */
  region?: string | null,
};

/**
 * A geolocation zone (`/zone`, `/zone/{id}`): where a detected city sits.
 */
export type Zone = {
  id: string,
  name: string,
  citySlug?: string | null,
  position?: GpsPosition | null,
};

/**
 * Kind of the localisation filter.
 */
export type LocalisationKind = "cinema" | "city" | "around" | "fav";

/**
 * Mode stored in the locator cookie.
 */
export type LocatorType = "cinema" | "city" | "position" | "favorite";

/**
 * Value of the locator cookie: a cinema vistaRef or city slug (text) or coordinates.
 */
export type LocatorValue = GpsPosition | string;

/**
 * The `cgp_locator` cookie (JSON).
 */
export type LocatorCookie = {
  type: LocatorType,
  value?: LocatorValue | null,
};

/**
 * Kind of article.
 */
export type ArticleType = "news" | "event" | "offer" | "experience";

/**
 * An article (`/article/{slug}`, `/news/{slug}`, news items of `/news`).
 */
export type Article = {
  reference: string,
  slug: string,
  title: string,
  position?: number | null,
  teaser?: string | null,
  tags?: Array<string>,
  type: ArticleType,
  headline?: string | null,
  /**
   * HTML body.
   */
  content?: string | null,
  image?: Image | null,
  thumbnail?: Image | null,
  backdrop?: Image | null,
  releaseDate?: string | null,
  author?: string | null,
  redirectSlug?: string | null,
  trackingSlug?: string | null,
  featuredShow?: ShowSummary | null,
  displayArticleCreationDate: boolean,
  displaySocialMedia: boolean,
  displayBackToNews: boolean,
  displayNewsTag: boolean,
  cta?: Cta | null,
  /**
   * Dates, for articles of type offer or event.
   */
  date?: DateRange | null,
};

/**
 * An experience article: an article plus its cinemas (slugs) and guest.
 */
export type ExperienceArticle = {
  cinemas?: Array<string>,
  guest?: Guest | null,
  reference: string,
  slug: string,
  title: string,
  position?: number | null,
  teaser?: string | null,
  tags?: Array<string>,
  type: ArticleType,
  headline?: string | null,
  /**
   * HTML body.
   */
  content?: string | null,
  image?: Image | null,
  thumbnail?: Image | null,
  backdrop?: Image | null,
  releaseDate?: string | null,
  author?: string | null,
  redirectSlug?: string | null,
  trackingSlug?: string | null,
  featuredShow?: ShowSummary | null,
  displayArticleCreationDate: boolean,
  displaySocialMedia: boolean,
  displayBackToNews: boolean,
  displayNewsTag: boolean,
  cta?: Cta | null,
  /**
   * Dates, for articles of type offer or event.
   */
  date?: DateRange | null,
};

/**
 * The news list (`/news`): news items, highlighted news and offers.
 */
export type NewsList = {
  news: Array<Article>,
  highlighted?: Array<Article>,
  offers?: Array<Offer>,
  /**
   * Articles that moved: old slug → new slug (spec §2 article redirect). Not listed in
   * `news`, but their old addresses must keep working.
   */
  moved?: { [key in string]: string },
};

/**
 * An offer (`/offer/{slug}`): an article of type offer plus its dates, cinemas and
 * national flag. `article.reference` is its identity across languages.
 */
export type Offer = {
  /**
   * Slugs of the cinemas where the offer applies (empty when national).
   */
  cinemas?: Array<string>,
  /**
   * The offer applies in every cinema of the country.
   */
  national: boolean,
  reference: string,
  slug: string,
  title: string,
  position?: number | null,
  teaser?: string | null,
  tags?: Array<string>,
  type: ArticleType,
  headline?: string | null,
  /**
   * HTML body.
   */
  content?: string | null,
  image?: Image | null,
  thumbnail?: Image | null,
  backdrop?: Image | null,
  releaseDate?: string | null,
  author?: string | null,
  redirectSlug?: string | null,
  trackingSlug?: string | null,
  featuredShow?: ShowSummary | null,
  displayArticleCreationDate: boolean,
  displaySocialMedia: boolean,
  displayBackToNews: boolean,
  displayNewsTag: boolean,
  cta?: Cta | null,
  /**
   * Dates, for articles of type offer or event.
   */
  date?: DateRange | null,
};

/**
 * Blocks of the offers page, in the order the header gives.
 */
export type OfferBlock = "promotion" | "event" | "temporary" | "ecards";

/**
 * Header of the offers page (`/offers/page`).
 */
export type OffersPageHeader = {
  title: string,
  subtitle?: string | null,
  description?: string | null,
  restriction?: string | null,
  cta?: Cta | null,
  /**
   * Small print next to the call to action.
   */
  ctaInfo?: string | null,
  logo?: Image | null,
  backdrop?: Image | null,
  mobileBackdrop?: Image | null,
  blockOrder?: Array<OfferBlock>,
  image?: Image | null,
};

/**
 * A temporary offer (`/offers/temporary`).
 */
export type TemporaryOffer = {
  title: string,
  subtitle?: string | null,
  price?: number | null,
  initialPrice?: number | null,
  /**
   * Position in the list (lower first).
   */
  ordering: number,
  cta?: Cta | null,
  picture?: Image | null,
};

/**
 * A service offered with an experience (reclining seats, sound…).
 */
export type ExperienceService = {
  title: string,
  description?: string | null,
  image?: Image | null,
};

/**
 * An experience (`/gpxp`, `/gpxp/{slug}`).
 */
export type Experience = {
  reference: string,
  slug: string,
  title: string,
  /**
   * Slug of the tag that marks showtimes of this experience.
   */
  tag?: string | null,
  backdrop?: Image | null,
  logo?: Image | null,
  teaser?: string | null,
  /**
   * HTML.
   */
  details?: string | null,
  video?: Video | null,
  services?: Array<ExperienceService>,
  seo?: Seo | null,
};

/**
 * An experience group (`/experience-group/{slug}`): an experience with its articles and
 * pushes.
 */
export type ExperienceGroup = {
  articles?: Array<ExperienceArticle>,
  pushes?: Array<Push>,
  reference: string,
  slug: string,
  title: string,
  /**
   * Slug of the tag that marks showtimes of this experience.
   */
  tag?: string | null,
  backdrop?: Image | null,
  logo?: Image | null,
  teaser?: string | null,
  /**
   * HTML.
   */
  details?: string | null,
  video?: Video | null,
  services?: Array<ExperienceService>,
  seo?: Seo | null,
};

/**
 * A projection or sound technology (`/technologies`).
 */
export type Technology = {
  slug: string,
  title: string,
  description?: string | null,
  logo?: Image | null,
  image?: Image | null,
  /**
   * Slug of the experience page presenting it.
   */
  experience?: string | null,
};

/**
 * A season in list form (`/events`).
 */
export type Season = {
  reference: string,
  slug: string,
  title: string,
  /**
   * Kind of season as the content names it (opera, ballet, concert…).
   */
  type?: string | null,
  subtitle?: string | null,
  description?: string | null,
  poster?: Image | null,
  price?: number | null,
  initialPrice?: number | null,
  active: boolean,
  /**
   * HTML.
   */
  details?: string | null,
  cta?: Cta | null,
  redirectSlug?: string | null,
  seo?: Seo | null,
};

/**
 * A season in detail form (`/event/{slug}`): prices, logo, backdrop and the showtimes,
 * keyed by cinema slug then show slug.
 */
export type SeasonDetail = {
  prices?: Array<Price>,
  logo?: Image | null,
  backdrop?: Image | null,
  showtimes?: { [key in string]: { [key in string]: Array<Showtime> } },
  reference: string,
  slug: string,
  title: string,
  /**
   * Kind of season as the content names it (opera, ballet, concert…).
   */
  type?: string | null,
  subtitle?: string | null,
  description?: string | null,
  poster?: Image | null,
  price?: number | null,
  initialPrice?: number | null,
  active: boolean,
  /**
   * HTML.
   */
  details?: string | null,
  cta?: Cta | null,
  redirectSlug?: string | null,
  seo?: Seo | null,
};

/**
 * Header of a master template page.
 */
export type TemplateHeader = {
  title: string,
  subtitle?: string | null,
  backdrop?: Image | null,
  logo?: Image | null,
  cta?: Cta | null,
};

/**
 * A titled text block (explanation, listing, mobile app).
 */
export type TemplateBlock = {
  title: string,
  /**
   * HTML.
   */
  content?: string | null,
  image?: Image | null,
  ctas?: Array<Cta>,
};

/**
 * A tile of the mosaic.
 */
export type MosaicTile = {
  image: Image,
  title?: string | null,
  url?: string | null,
};

/**
 * A master template page.
 */
export type MasterTemplate = {
  reference: string,
  slug: string,
  title: string,
  header?: TemplateHeader | null,
  explanation?: TemplateBlock | null,
  mosaic?: Array<MosaicTile>,
  listing?: TemplateBlock | null,
  mobileApp?: TemplateBlock | null,
  /**
   * Cinema slugs.
   */
  cinemas?: Array<string>,
  /**
   * Show slugs.
   */
  shows?: Array<string>,
  /**
   * Page-specific UI labels (key → text).
   */
  labels?: { [key in string]: string },
  guest?: Guest | null,
  seo?: Seo | null,
};

/**
 * The category an FAQ article belongs to.
 */
export type FaqCategoryRef = {
  id: string,
  name: string,
};

/**
 * An FAQ article (`/faq/article/slug/{slug}`, `/faq/article/id/{id}`).
 */
export type FaqArticle = {
  id: string,
  reference: string,
  slug: string,
  title: string,
  category: FaqCategoryRef,
  teaser?: string | null,
  /**
   * HTML.
   */
  content: string,
  publicationDate?: string | null,
  /**
   * The agent chat may be offered on this article.
   */
  agentforce: boolean,
};

/**
 * An FAQ category (`/faq/category/{categoryId}`), with its articles when listed.
 */
export type FaqCategory = {
  id: string,
  title: string,
  description?: string | null,
  articles?: Array<FaqArticle>,
};

/**
 * A footer link. `cookiePreferences` links open the cookie-preferences panel instead.
 */
export type FooterLink = {
  title: string,
  url: string,
  newTab: boolean,
  cookiePreferences: boolean,
};

/**
 * A column of footer links.
 */
export type FooterColumn = {
  title: string,
  links: Array<FooterLink>,
};

/**
 * A social network link.
 */
export type SocialLink = {
  label: string,
  url: string,
};

/**
 * An FAQ item of the footer (the accordion): description is HTML; `questions` are
 * question titles and `slugs` the FAQ article slugs they link to.
 */
export type FooterFaqItem = {
  title: string,
  description: string,
  type?: string | null,
  questions?: Array<string>,
  slugs?: Array<string>,
};

/**
 * The footer.
 */
export type Footer = {
  columns: Array<FooterColumn>,
  socialNetworks?: Array<SocialLink>,
  faq?: Array<FooterFaqItem>,
};

/**
 * Level of an alert.
 */
export type AlertLevel = "warning" | "info";

/**
 * An alert. One with `autoCloseId` is removed after 10 seconds.
 */
export type Alert = {
  level: AlertLevel,
  title: string,
  subtitle?: string | null,
  /**
   * Extra CSS class (e.g. `voucher-error-alert`).
   */
  class?: string | null,
  icon?: string | null,
  autoCloseId?: string | null,
  closable: boolean,
  cta?: Cta | null,
};

/**
 * Feature flags (all off unless the content turns them on).
 */
export type FeatureFlags = {
  authenticationEnabled: boolean,
  offersMenuDisplayed: boolean,
  walletEnabled: boolean,
  voucherCheckerEnabled: boolean,
  /**
   * Home-video (VOD) pages and links.
   */
  homeVideoEnabled: boolean,
  /**
   * The business (corporate sales) site link.
   */
  businessSiteEnabled: boolean,
  giftCardEnabled: boolean,
  vodEnabled: boolean,
  subscriptionsEnabled: boolean,
  /**
   * Subscription add-on options can be changed.
   */
  subscriptionAddonsEnabled: boolean,
  /**
   * Re-subscription is offered to former subscribers.
   */
  subscriptionReSubscriptionEnabled: boolean,
  /**
   * Tracking: 4DX experience.
   */
  tracking4dxExperience: boolean,
  /**
   * Tracking: Dolby Cinema experience.
   */
  trackingDolbyCinemaExperience: boolean,
  /**
   * Tracking: multiple show categories.
   */
  trackingMultipleShowCategories: boolean,
  /**
   * Tracking: show copy count.
   */
  trackingShowCopyCount: boolean,
  /**
   * Tracking: subscription pass.
   */
  trackingSubscriptionPass: boolean,
};

/**
 * Per-site overrides of [`FeatureFlags`]: a set value replaces the default.
 */
export type FeatureOverrides = {
  authenticationEnabled?: boolean | null,
  offersMenuDisplayed?: boolean | null,
  walletEnabled?: boolean | null,
  voucherCheckerEnabled?: boolean | null,
  /**
   * Home-video (VOD) pages and links.
   */
  homeVideoEnabled?: boolean | null,
  /**
   * The business (corporate sales) site link.
   */
  businessSiteEnabled?: boolean | null,
  giftCardEnabled?: boolean | null,
  vodEnabled?: boolean | null,
  subscriptionsEnabled?: boolean | null,
  /**
   * Subscription add-on options can be changed.
   */
  subscriptionAddonsEnabled?: boolean | null,
  /**
   * Re-subscription is offered to former subscribers.
   */
  subscriptionReSubscriptionEnabled?: boolean | null,
  /**
   * Tracking: 4DX experience.
   */
  tracking4dxExperience?: boolean | null,
  /**
   * Tracking: Dolby Cinema experience.
   */
  trackingDolbyCinemaExperience?: boolean | null,
  /**
   * Tracking: multiple show categories.
   */
  trackingMultipleShowCategories?: boolean | null,
  /**
   * Tracking: show copy count.
   */
  trackingShowCopyCount?: boolean | null,
  /**
   * Tracking: subscription pass.
   */
  trackingSubscriptionPass?: boolean | null,
};

/**
 * Names of the cookies the site reads and writes.
 */
export type CookieNames = {
  /**
   * The locator cookie (`cgp_locator`).
   */
  locator: string,
  /**
   * The chosen language.
   */
  language: string,
  /**
   * Domain-wide authentication cookie (1 hour).
   */
  auth: string,
  /**
   * Forced-authentication retry cookie (5 minutes).
   */
  authRetry: string,
};

/**
 * An element injected into pages (a script, a style, a tag). It is used only when its
 * position and element kind are known (spec §5): those are checked by the rules.
 */
export type Injection = {
  /**
   * Where: e.g. `head`, `bodyStart`, `bodyEnd`.
   */
  position: string,
  /**
   * Element kind: e.g. `script`, `style`, `meta`, `noscript`.
   */
  element: string,
  content: string,
  attributes?: { [key in string]: string },
};

/**
 * Agent chat configuration: used only when all four settings are set (spec §5).
 */
export type AgentChatConfig = {
  organizationId?: string | null,
  deploymentName?: string | null,
  siteUrl?: string | null,
  scrtUrl?: string | null,
};

/**
 * Limits of the locator's nearby list (spec §9 defaults: 50 distance, 6 cinemas).
 */
export type LocatorLimits = {
  maxGeolocationDistance: number,
  maxGeolocationCinemas: number,
};

/**
 * Settings of the chain (`/settings`).
 */
export type Settings = {
  /**
   * Default feature flags.
   */
  features: FeatureFlags,
  /**
   * Overrides by website code (`fr`, `be`, …).
   */
  siteFeatures?: { [key in string]: FeatureOverrides },
  /**
   * Base URL of the client (accounts) API.
   */
  clientUrl?: string | null,
  /**
   * Base URL of the booking tunnel.
   */
  tunnelUrl?: string | null,
  cookieNames: CookieNames,
  injections?: Array<Injection>,
  youtubeChannel?: string | null,
  captchaKey?: string | null,
  agentChat: AgentChatConfig,
  locator: LocatorLimits,
};

/**
 * `/settings`: the chain's settings with the requesting site's feature flags resolved, so no
 * client applies overrides itself.
 */
export type SiteSettings = {
  website: string,
  siteFeaturesResolved: FeatureFlags,
  /**
   * Default feature flags.
   */
  features: FeatureFlags,
  /**
   * Overrides by website code (`fr`, `be`, …).
   */
  siteFeatures?: { [key in string]: FeatureOverrides },
  /**
   * Base URL of the client (accounts) API.
   */
  clientUrl?: string | null,
  /**
   * Base URL of the booking tunnel.
   */
  tunnelUrl?: string | null,
  cookieNames: CookieNames,
  injections?: Array<Injection>,
  youtubeChannel?: string | null,
  captchaKey?: string | null,
  agentChat: AgentChatConfig,
  locator: LocatorLimits,
};

/**
 * `/events`: the entertainment page — active seasons and special events, and event shows.
 */
export type EventsPage = {
  seasons: Array<Season>,
  shows: Array<ShowSummary>,
};

/**
 * `/alerts`: site alerts and cinema alerts.
 */
export type AlertsPage = {
  alerts: Array<Alert>,
  cinemaAlerts: Array<CinemaAlert>,
};

/** `/faq/categories`: the help-centre categories of the site with their articles. */
export type FaqCategories = Array<FaqCategory>;

/**
 * Type of a search result.
 */
export type SearchResultType = "cinema" | "show" | "event" | "gpxp" | "news" | "offer" | "faq" | "master_template";

/**
 * Payload of a show result.
 */
export type ShowPayload = {
  releases: Array<Release>,
  originalRelease?: string | null,
  rating?: ContentRating | null,
};

/**
 * Address part of a cinema result.
 */
export type PayloadAddress = {
  city: string,
  postalCode: string,
};

/**
 * The cinema of a cinema result.
 */
export type PayloadCinema = {
  name: string,
  slug: string,
  address: PayloadAddress,
  disabledServices: Array<string>,
  tags: Array<string>,
};

/**
 * Payload of a cinema result: the cinema and its experiences (tag slugs).
 */
export type CinemaPayload = {
  cinema: PayloadCinema,
  experiences: Array<string>,
};

/**
 * A search result (`/search/full`). `payload` is kept as JSON: read it typed with
 * [`SearchResult::show_payload`] or [`SearchResult::cinema_payload`].
 */
export type SearchResult = {
  id: string,
  type: SearchResultType,
  slug: string,
  title: string,
  image?: Image | null,
  url?: string | null,
  route?: Route | null,
  /**
   * Free JSON: a client narrows it by `type` (a cinema or show payload).
   */
  payload?: unknown,
  topic?: string | null,
  startDate?: string | null,
  endDate?: string | null,
  /**
   * How start and end dates read (news and offers).
   */
  dateType?: DateCriteria | null,
};

/**
 * An entry of the search or locator history (latest 3 kept).
 */
export type HistoryItem = {
  title: string,
  subtitle?: string | null,
  url: string,
  route?: Route | null,
};

/**
 * The results of one type.
 */
export type SearchGroup = {
  type: SearchResultType,
  /**
   * How many results of this type match, whatever `items` holds.
   */
  total: number,
  items: Array<SearchResult>,
};

/**
 * Answer of `GET /api/search/full`.
 *
 * ```json
 * {
 *   "query": "star wa",
 *   "groups": [
 *     { "type": "show",   "total": 12, "items": [ SearchResult, … up to 4 ] },
 *     { "type": "cinema", "total": 0,  "items": [] },
 *     { "type": "offer",  "total": 1,  "items": [ … up to 4 ] },
 *     { "type": "news",   "total": 0,  "items": [] },
 *     { "type": "faq",    "total": 0,  "items": [] }
 *   ]
 * }
 * ```
 *
 * - Without a type: every group of the scope, in that order, empty ones included (the
 *   island hides them), each with its preview (`items`, best first) and its `total`.
 * - With a type: that one group, with all its results (`items.len() == total`).
 * - FAQ scope (the help centre's search): only the `faq` group; with a type other than
 *   faq, no group at all.
 *
 * `query` echoes the text as received (untrimmed), so an island can drop an answer that
 * arrives after the visitor typed on. Items are [`SearchResult`]s (spec §3, camelCase,
 * `type` is snake_case).
 */
export type SearchAnswer = {
  query: string,
  groups: Array<SearchGroup>,
};

/**
 * Newsletter and cinema-pass subscription states of a client.
 */
export type ClientSubscriptions = {
  newsletter: boolean,
  cinepass: boolean,
};

/**
 * A scheduled downgrade of a subscription plan.
 */
export type Downgrade = {
  plan: string,
  executionDate: string,
};

/**
 * A client's subscription plan and what they may change.
 */
export type ClientSubscription = {
  currentPlan?: string | null,
  /**
   * Plan ids the client may change to.
   */
  eligibleChanges?: Array<string>,
  eligibleReSubscription: boolean,
  eligibleForAddonChange: boolean,
  downgrade?: Downgrade | null,
};

/**
 * The signed-in client as the site uses it.
 */
export type Client = {
  id: string,
  name: string,
  email: string,
  /**
   * Photo URL; absent or the default placeholder means "show initials".
   */
  avatar?: string | null,
  /**
   * Two initials, from the last and first name.
   */
  avatarFallback: string,
  /**
   * Cinema slugs, most recent first.
   */
  favoriteCinemas: Array<string>,
  registered: boolean,
  emailVerify: boolean,
  firstLogin: boolean,
  sendNewsletter: boolean,
  mailCommunication: boolean,
  loyaltyLevel?: string | null,
  cinepassType?: string | null,
  subscriptions: ClientSubscriptions,
  subscription?: ClientSubscription | null,
};

/**
 * Subscription block of the account payload.
 */
export type AccountSubscription = {
  currentPlan?: string | null,
  eligibleChanges?: Array<string>,
  eligibleReSubscription: boolean,
  eligibleForAddonChange: boolean,
  newLeadId?: string | null,
  newPlan?: string | null,
  nextPlanExecutionDate?: string | null,
};

/**
 * The account read from the server (`accounts/me`). `icu` is the client id.
 */
export type AccountPayload = {
  icu: string,
  firstname: string,
  lastname: string,
  email: string,
  photoUrl?: string | null,
  newsletterSubscription: boolean,
  cinepassSubscription: boolean,
  cinepassType?: string | null,
  subscription?: AccountSubscription | null,
  registered: boolean,
  emailVerify: boolean,
  firstLogin: boolean,
  mailCommunication: boolean,
  sendNewsletter: boolean,
  loyaltyLevel?: string | null,
};

/**
 * A favourite cinema as `accounts/me/cinemas` lists it (`codeCcs` is the cinema reference).
 */
export type AccountCinema = {
  codeCcs: string,
};

/**
 * Body of PATCH / DELETE `accounts/me/cinemas`: cinema references.
 */
export type AccountCinemasBody = {
  cinemas: Array<string>,
};

/**
 * Claims of a token-based client.
 */
export type TokenClient = {
  sub: string,
  iss: string,
  email: string,
  family_name?: string | null,
};

/**
 * A client's rating of a show.
 */
export type Emotion = "disappointed" | "liked" | "loved";

/**
 * A client's wish list (show slugs) and emotions (show slug → emotion).
 */
export type Feelings = {
  wishlist: Array<string>,
  emotions: { [key in string]: Emotion },
};

/**
 * Body of POST `/client/{id}/shows`.
 */
export type FeelingsRequest = {
  showSlugs: Array<string>,
};

/**
 * Body of POST `/client/{id}/show/{slug}/intention` (intention defaults to 2).
 */
export type IntentionRequest = {
  intention: number,
  isDelete: boolean,
};

/**
 * Body of POST `/client/{id}/show/{slug}/emotion`.
 */
export type EmotionRequest = {
  emotion: Emotion,
  isDelete: boolean,
};

/**
 * Answer of `webview` (spec §4, §7): where the identity frame signs a visitor in or up, and
 * the OpenID provider the islands run the authorization-code flow with (PKCE) for this site.
 */
export type AuthEndpoints = {
  /**
   * The provider's authorization endpoint (the sign-in frame opens it with the request).
   */
  urlLogin: string,
  /**
   * The same endpoint: sign-up adds [`IdentityProvider::signup_hint`] to the request.
   */
  urlSignup: string,
  provider: IdentityProvider,
};

/**
 * One site's OpenID provider, as its configuration and the provider's discovery document
 * say. Nothing secret: a browser client is public (PKCE, no client secret).
 */
export type IdentityProvider = {
  /**
   * Exact `iss` of the provider's tokens.
   */
  issuer: string,
  /**
   * The site's client id at the provider (the ID token's audience).
   */
  clientId: string,
  /**
   * The API the access token is for (sent as `audience`, as Auth0 expects), if any.
   */
  audience: string | null,
  /**
   * Organization the client must belong to (`organization` in the request, `org_id` or
   * `org_name` in the ID token), if any.
   */
  organization: string | null,
  authorizationEndpoint: string,
  tokenEndpoint: string,
  /**
   * Where sign-out ends the provider's session (RP-initiated logout), if it has one.
   */
  endSessionEndpoint: string | null,
  jwksUri: string,
  /**
   * Scopes asked for (`offline_access` for refresh tokens).
   */
  scope: string,
  /**
   * Query parameter a sign-up adds, as `name=value` (`prompt=create`, `screen_hint=signup`).
   */
  signupHint: string,
  /**
   * Navigate to the provider instead of opening it in a frame over the page.
   */
  redirect: boolean,
  /**
   * Ask the provider to end the federated (social) session too at sign-out.
   */
  federatedLogout: boolean,
  /**
   * The site's sign-in return page in this language (`/callback`, `/nl/callback`…): the
   * redirect URI is the site's origin followed by this path.
   */
  callbackPath: string,
};

/**
 * An e-card product (`/ecards`). An empty label or terms reads as `None` (spec §5).
 */
export type ECard = {
  typeId: string,
  label?: string | null,
  terms?: string | null,
  /**
   * Seats the card holds.
   */
  seats: number,
  price: number,
  image?: Image | null,
};

/**
 * A voucher card found by the voucher checker.
 */
export type VoucherCard = {
  code: string,
  label: string,
  /**
   * Seats or uses left.
   */
  remainingUses?: number | null,
  expiry?: string | null,
};

/**
 * Answer of `/voucher/{code}`: `resultCode` 0 means success and carries the card.
 */
export type VoucherResult = {
  resultCode: number,
  message?: string | null,
  card?: VoucherCard | null,
};

/**
 * A gift card balance (`/gift-card/{a}/{b}`).
 */
export type GiftCard = {
  number: string,
  balance: number,
  currency: string,
  expiry?: string | null,
};

/**
 * Answer of `/gift-card/{number}/{pin}`: `resultCode` 0 carries the card (never its PIN).
 */
export type GiftCardResult = {
  resultCode: number,
  message?: string | null,
  card?: GiftCard | null,
};

/**
 * A partner cinema accepting the subscription. One without theaters is ignored (spec §5).
 */
export type PartnerCinema = {
  name: string,
  slug?: string | null,
  city: string,
  theaters: Array<string>,
  temporary: boolean,
};

/**
 * An option of a subscription offer (an add-on bought in a quantity).
 */
export type SubscriptionOption = {
  id: string,
  label: string,
  /**
   * Monthly price of one unit.
   */
  price: number,
  maxQuantity: number,
};

/**
 * A subscription offer (plan).
 */
export type SubscriptionOffer = {
  id: string,
  title: string,
  description?: string | null,
  monthlyPrice: number,
  commitmentMonths: number,
  options?: Array<SubscriptionOption>,
};

/**
 * A plan being chosen: the offer id and a quantity per option id (0 at selection).
 */
export type SelectedPlan = {
  offer: string,
  quantities: { [key in string]: number },
};

/**
 * The subscription page (`/cms/1.0.0/subscription/subscription-offers`, `/cinepass`).
 */
export type Subscription = {
  maintenance: boolean,
  promotion?: Promotion | null,
  partnerCinemas?: Array<PartnerCinema>,
  offers: Array<SubscriptionOffer>,
  currentShows?: Array<ShowSummary>,
  offerPromotions?: Array<Promotion>,
};

/**
 * An island that needs nothing but the common props (alerts, callback, voucher, gift card).
 */
export type NoProps = Record<symbol,
  never>;

/**
 * A link of the header's account menu, named by its UI-string key under `header.`.
 */
export type AccountLink = {
  key: string,
  href: string,
};

/**
 * The same page in another language of the site.
 */
export type LanguagePath = {
  lang: Lang,
  path: string,
};

/**
 * What a client gains by signing in on this site (the sign-in dialog's list).
 */
export type Benefit = "booking" | "movies" | "favourites" | "cards";

export type HeaderProps = {
  authEnabled: boolean,
  account: Array<AccountLink>,
  benefits: Array<Benefit>,
  alternates: Array<LanguagePath>,
  /**
   * How many favourite cinemas a client may keep on this site (`Site::favourite_limit`).
   */
  favouriteLimit: number,
  /**
   * Where the header's cinemas link leads after the locator's choice (spec §2); absent on a
   * site of one cinema or without a cinema list.
   */
  cinemasLink: CinemasLinkPaths | null,
};

export type TrackingProps = {
  /**
   * The page view's fields the page knows (the island adds the platform type).
   */
  page: TrackedPage,
  authEnabled: boolean,
  /**
   * On a show or event page: the show (`rules::tracked_show`).
   */
  show?: TrackedShow,
  /**
   * The subscription-pass dimension (tracking flag): the client's pass, once known.
   */
  trackSubscriptionPass: boolean,
};

/**
 * A page view as the data layer names it (spec §9 tracking), pushed as it is.
 */
export type TrackedPage = {
  /**
   * The page type of spec §2 (`PageKind::tracking_type`).
   */
  page_type: string,
  /**
   * The site's country, upper-cased (`FR`).
   */
  country: string,
  language: string,
  /**
   * The environment of the site's host (`rules::environment_of`).
   */
  environment: string,
};

/**
 * A show as the data layer describes it (spec §9 tracking: the default rating, the flags),
 * named as the data layer names it: the island pushes these fields as they are.
 */
export type TrackedShow = {
  show_slug: string,
  /**
   * The content rating's label lower-cased, `tout public` when the show has none.
   */
  content_rating: string,
  /**
   * The site's classification scheme (`france`, `belgium-netherlands`, `default`).
   */
  rating_scheme: string,
  /**
   * Every genre with the multiple-categories flag, else the first.
   */
  show_categories: Array<string>,
  /**
   * Whether the show plays in 4DX (with the 4DX flag).
   */
  experience_4dx?: boolean,
  /**
   * Whether the show plays in Dolby Cinema (with the Dolby flag).
   */
  experience_dolby_cinema?: boolean,
  /**
   * Cinemas playing the show (with the copy-count flag).
   */
  show_copy_count?: number,
};

/**
 * The favourite button of a cinema page.
 */
export type FavouriteProps = {
  /**
   * The cinema's slug and name.
   */
  cinema: string,
  name: string,
  benefits: Array<Benefit>,
  /**
   * How many favourite cinemas a client may keep on this site (`Site::favourite_limit`).
   */
  favouriteLimit: number,
};

/**
 * A day of a schedule written in the page: its date and its tab's label.
 */
export type ScheduleDay = {
  /**
   * `YYYY-MM-DD`.
   */
  date: string,
  label: string,
};

/**
 * A choice of a schedule filter: the URL filter's value and its label.
 */
export type FilterOption = {
  value: string,
  label: string,
};

/**
 * What the schedule's filters offer: what plays in the days written.
 */
export type ScheduleFilters = {
  versions: Array<FilterOption>,
  tags: Array<FilterOption>,
  genres: Array<FilterOption>,
};

export type ScheduleProps = {
  days: Array<ScheduleDay>,
  filters: ScheduleFilters,
  /**
   * The runtime API's showtimes of the cinema (`?date=` a day); of the city, experience
   * or show on those pages.
   */
  showtimes: string,
  /**
   * On a show page: the cinemas playing the show, so the island follows the locator's
   * choice (its cookie names a cinema by `vistaRef`, a city by slug).
   */
  places?: Array<SchedulePlace>,
};

/**
 * A cinema of a schedule across cinemas (a show page's), as the locator names it.
 */
export type SchedulePlace = {
  slug: string,
  vistaRef: string,
  citySlug: string,
};

/**
 * The labels of the cinema page's information links.
 */
export type CinemaInfoLinks = {
  info: string,
  pricing: string,
};

export type CinemaInfoProps = {
  links: CinemaInfoLinks,
};

/**
 * A cinema, by slug and name.
 */
export type CinemaChoice = {
  slug: string,
  name: string,
};

/**
 * Where a locator's choice leads: page addresses with `{slug}` in place of the item's.
 */
export type LocatorPaths = {
  cinema: string | null,
  city: string | null,
};

export type LocatorProps = {
  /**
   * The cinema of the page, on a cinema page.
   */
  cinemaPage: CinemaChoice | null,
  paths: LocatorPaths,
  limits: LocatorLimits,
  /**
   * Whether a choice filters the page's schedule rather than leading to its page.
   */
  filter: boolean,
  /**
   * The cinema list page: with a choice of the visitor's, go to its first cinema (spec §4).
   */
  redirect: boolean,
  /**
   * How many favourite cinemas a client may keep on this site (`Site::favourite_limit`).
   */
  favouriteLimit: number,
};

export type ShowFeelingsProps = {
  /**
   * The show's slug.
   */
  show: string,
  benefits: Array<Benefit>,
};

/**
 * The video a trailer plays.
 */
export type TrailerVideo = {
  id: string,
  /**
   * The show's main trailer (else its first is played).
   */
  main: boolean,
  provider: VideoProvider,
  url: string | null,
};

export type TrailerProps = {
  video: TrailerVideo,
  /**
   * Where the link leads without the island: the provider's page of the video.
   */
  href: string,
  /**
   * The show's title.
   */
  title: string,
};

/**
 * An offer of the subscription page, as the page writes it.
 */
export type SubscriptionOfferProps = {
  id: string,
  title: string,
  description: string | null,
  monthlyPrice: number,
  commitmentMonths: number,
  /**
   * "{price} / month" in the page's language.
   */
  priceLabel: string,
  options: Array<SubscriptionOption>,
};

export type SubscriptionProps = {
  offers: Array<SubscriptionOfferProps>,
  /**
   * ISO 4217 code.
   */
  currency: string,
  /**
   * BCP 47 locale for formatting prices, e.g. `fr-FR`.
   */
  locale: string,
  /**
   * The client area's subscription form.
   */
  subscribeUrl: string,
};

/**
 * The agent chat's four settings, all set (the island is written only then, spec §5).
 */
export type AgentChat = {
  organizationId: string,
  deploymentName: string,
  siteUrl: string,
  scrtUrl: string,
};

export type HelpChatProps = {
  chat: AgentChat,
  /**
   * The client area's contact form.
   */
  contact: string | null,
};

export type FaqSearchProps = {
  /**
   * The help centre's search page.
   */
  action: string | null,
  inputId: string,
  /**
   * The id of the element the results are written into, on the search page.
   */
  results: string | null,
};

/**
 * The pages the header's cinemas link may lead to (spec §2 "Cinemas link target"): the
 * cinema list, a cinema page and a light city page (`{slug}` in place of the item's).
 */
export type CinemasLinkPaths = {
  list: string,
  cinema: string,
  cityLight: string,
};

/**
 * A show of a list "at my cinema" narrows to: its slug and page.
 */
export type ListedShow = {
  slug: string,
  href: string,
};

/**
 * The "at my cinema" island of the home and shows lists: with a choice in the locator, the
 * list shows only the shows playing there. `shows` is the whole list in the spec's order
 * (`site::rules::ordering`), when the page shows only its first `limit`; empty when the page
 * lists them all (the island narrows the page's own cards).
 */
export type AtCinemaProps = {
  /**
   * The `id` of the list (`ul`) it narrows.
   */
  list: string,
  shows: Array<ListedShow>,
  limit: number | null,
};

/**
 * A show of a season, as the season island names it (the API's schedule answers slugs).
 */
export type SeasonShow = {
  slug: string,
  title: string,
};

/**
 * The season island (season and special-event pages): where it asks the screenings of the
 * cinema the visitor chose (`{showtimes}?cinema=`), and the season's shows. The cinemas to
 * choose from are the page's `<select>` options (slug, `data-ref`, city `data-city`).
 */
export type SeasonProps = {
  /**
   * `/api/event/{slug}/showtimes`.
   */
  showtimes: string,
  shows: Array<SeasonShow>,
};

/**
 * The gift-card island (issue 13): on the gift-card page a button opens the balance check in
 * a dialog (spec §4 gift-card modal); on its balance page (`GiftCardBalance`) the form is
 * open in the page.
 */
export type GiftCardProps = {
  inline: boolean,
};
