import type { ColumnType, Generated, Insertable, Selectable, Updateable } from 'kysely';
import type { SocialNetwork } from '../../common/social-links';

/** Timestamps are ISO 8601 UTC strings and booleans 0/1 on both engines, so rows read alike. */
type Timestamp = string;
type Flag = number;

/** A column the database fills when an insert leaves it out (its default, or null): optional on insert. */
type Defaulted<T> = ColumnType<T, T | undefined, T>;

/** When the row was made and last changed (the migrations' `timestamps` columns). */
interface Timestamps {
  created_at: Timestamp;
  updated_at: Timestamp;
}

/** A name in each interface language (the migrations' `localizedNames` columns). */
interface LocalizedNames {
  name_en: string;
  name_de: string;
  name_es: string;
  name_fr: string;
  name_pt: string;
}

/** An uploaded picture's variants (the migrations' `imageVariants` columns). */
interface ImageVariants {
  /** The large variant's URL; the medium and thumbnail URLs beside it. */
  image_url: string;
  medium_url: string;
  thumbnail_url: string;
  /** Of the large variant. */
  width: number;
  height: number;
}

/** One text column per social network (`SOCIAL_NETWORKS`), null when not given. */
export interface UsersTable extends Record<SocialNetwork, string | null>, Timestamps {
  id: Generated<number>;
  username: string;
  username_key: string;
  email: string;
  email_key: string;
  password_hash: string;
  name: string;
  role: Defaulted<string>;
  user_type: string;
  featured_until: Timestamp | null;
  avatar: string | null;
  /** Pictures shown: 1 for an avatar plus the gallery images not hidden; kept by triggers (migration 2026-11-29-110). */
  pictures: Defaulted<number>;
  header_image: string | null;
  bio: string | null;
  city: string | null;
  country: string | null;
  city_id: number | null;
  country_id: number | null;
  city_name: string | null;
  country_name: string | null;
  gender: string | null;
  experience: string | null;
  /** JSON array of language ids. */
  languages: Defaulted<string>;
  workstations: Defaulted<number>;
  piercings: Defaulted<Flag>;
  tattoo_removal: Defaulted<Flag>;
  microblading: Defaulted<Flag>;
  /** Sum and count of the ratings received, written in each review's transaction. */
  rating_sum: Defaulted<number>;
  rating_count: Defaulted<number>;
  /** The interface language last chosen (en, de, es, fr, pt); mails use it. */
  language: Defaulted<string | null>;
  email_on_message: Defaulted<Flag>;
  /** Last request or open event stream (kept coarse); the unread-message mail waits for 10 idle minutes. */
  last_active_at: Defaulted<Timestamp | null>;
  /** When the last unread-message mail was claimed; at most one an hour. */
  message_mail_at: Defaulted<Timestamp | null>;
  /** Set while an admin has suspended the account (migration 2026-11-27-001); it cannot log in and leaves public pages. */
  suspended_at: Defaulted<Timestamp | null>;
  /** When the suspension ends by itself; null while it lasts until lifted. */
  suspended_until: Defaulted<Timestamp | null>;
  suspension_reason: Defaulted<string | null>;
  /** When the last forum mail digest was claimed (migration 2026-11-27-070); at most one an hour. */
  forum_mail_at: Defaulted<Timestamp | null>;
  /** Mail preferences per kind of forum notice: replies in watched threads, mentions. */
  email_on_forum_reply: Defaulted<Flag>;
  email_on_forum_mention: Defaulted<Flag>;
  /** The weekly mail of the Following feed, off until chosen (migration 2026-11-28-100). */
  email_weekly_follows: Defaulted<Flag>;
  /** The Monday (yyyy-mm-dd) of the last week whose Following mail was claimed. */
  follows_mail_week: Defaulted<string | null>;
}

/** One account following another (an artist or studio); the pair is the key. */
export interface FollowsTable {
  follower_id: number;
  followed_id: number;
  created_at: Timestamp;
}

export interface SessionsTable {
  /** SHA-256 of the cookie's random id: a leaked table cannot be replayed. */
  id: string;
  user_id: number;
  created_at: Timestamp;
  expires_at: Timestamp;
  last_seen_at: Timestamp;
}

export interface StylesTable extends LocalizedNames {
  id: Generated<number>;
  slug: string;
}

export interface UserStylesTable {
  user_id: number;
  style_id: number;
}

export interface CountriesTable extends LocalizedNames {
  id: Generated<number>;
  code: string;
}

export interface CitiesTable {
  id: Generated<number>;
  country_id: number;
  name: string;
  latitude: number;
  longitude: number;
  population: number;
  /** The GeoNames id of a city an admin import matched or added (migration 2026-11-27-005); null for the seed's. */
  geoname_id: Defaulted<number | null>;
}

/** Every name of a city folded for prefix search, one row per city and spelling (migration 2026-11-27-050). */
export interface CitySearchNamesTable {
  name_key: string;
  city_id: number;
}

/** A city's name in one interface language (migration 2026-11-25-001). */
export interface CityNamesTable {
  city_id: number;
  language: string;
  name: string;
}

export interface ContactMessagesTable {
  id: Generated<number>;
  name: string;
  email: string;
  subject: string;
  message: string;
  language: string;
  user_id: number | null;
  handled: Defaulted<Flag>;
  /** new, read, answered, closed or spam (migration 2026-11-27-004). */
  status: Defaulted<string>;
  status_changed_at: Defaulted<Timestamp | null>;
  /** An appeal: the suspended account and the suspension it appeals (migration 2026-11-27-020). */
  appeal_user_id: Defaulted<number | null>;
  appeal_suspended_at: Defaulted<Timestamp | null>;
  created_at: Timestamp;
}

/** An answer an admin mailed to a contact message, kept with it. */
export interface ContactRepliesTable {
  id: Generated<number>;
  message_id: number;
  admin_id: number | null;
  subject: string;
  body: string;
  created_at: Timestamp;
}

/** One row per user and Berlin day (yyyy-mm-dd) with an authenticated request. */
export interface UserActivityTable {
  user_id: number;
  day: string;
  /** The Monday (yyyy-mm-dd) of the day's ISO week. */
  week_start: string;
}

export interface PasswordResetsTable {
  token_hash: string;
  user_id: number;
  created_at: Timestamp;
  expires_at: Timestamp;
  used_at: Timestamp | null;
}

export interface ProfileVisitsTable {
  id: Generated<number>;
  profile_id: number;
  /** "u:<id>" for a logged-in visitor, else a keyed hash of the network (IPv4 address, IPv6 /64): no raw IPs kept. */
  visitor_key: string;
  /** yyyy-mm-dd (UTC): one visit per visitor and day. */
  day: string;
  created_at: Timestamp;
}

export interface GalleryImagesTable extends ImageVariants, Timestamps {
  id: Generated<number>;
  user_id: number;
  caption: string | null;
  position: Defaulted<number>;
  /** 'new' until an admin looked at it ('reviewed'): images are public at once, reviewed after. */
  review_status: Defaulted<string>;
  reviewed_at: Defaulted<Timestamp | null>;
  /** Set while moderation hides the image: it leaves every public answer; its owner sees why. */
  hidden_at: Defaulted<Timestamp | null>;
  hidden_reason: Defaulted<string | null>;
}

export interface GalleryImageStylesTable {
  image_id: number;
  style_id: number;
}

/** A photo of a guest spot's workplace; the first (lowest position) leads its card. */
export interface GuestSpotPhotosTable extends ImageVariants {
  id: Generated<number>;
  guest_spot_id: number;
  user_id: number;
  position: Defaulted<number>;
  created_at: Timestamp;
}

/** What guest spots and availabilities both have. */
interface ListingColumns extends Timestamps {
  id: Generated<number>;
  slug: string;
  title: string;
  description: string | null;
  /** yyyy-mm-dd on both engines. */
  start_date: string;
  end_date: string;
  country_id: number | null;
  city_id: number | null;
  is_active: Defaulted<Flag>;
  /** Set while moderation hides the listing: it leaves the public lists whatever is_active says. */
  hidden_at: Defaulted<Timestamp | null>;
  hidden_reason: Defaulted<string | null>;
  /** Title, description and place folded for the text filter (lowercase, no accents). */
  search_text: Defaulted<string>;
}

export interface GuestSpotsTable extends ListingColumns {
  studio_id: number;
  city_name: string | null;
  compensation: string | null;
  compensation_details: string | null;
  places: Defaulted<number>;
  requirements: string | null;
  /** The structured terms as JSON text (DealTerms), null without any. */
  terms: string | null;
  /** Facts of `terms` the list filters by, written with it. */
  deal_type: string | null;
  guest_share_percent: number | null;
  rent_day_cents: number | null;
  offers_housing: Defaulted<Flag>;
}

export interface GuestSpotStylesTable {
  guest_spot_id: number;
  style_id: number;
}

export interface AvailabilitiesTable extends ListingColumns {
  artist_id: number;
  preferred_location: string | null;
  /** What the artist looks for in a deal, as JSON text (DealWishes), null without any. */
  wishes: string | null;
}

export interface AvailabilityStylesTable {
  availability_id: number;
  style_id: number;
}

export interface ReviewsTable extends Timestamps {
  id: Generated<number>;
  reviewer_id: number;
  reviewed_id: number;
  rating: number;
  comment: string | null;
}

export interface MessagesTable {
  id: Generated<number>;
  sender_id: number;
  receiver_id: number;
  /** min(sender, receiver) and max(...): a thread is one range of messages_pair_idx. */
  user_low: number;
  user_high: number;
  content: string;
  is_read: Defaulted<Flag>;
  read_at: Timestamp | null;
  /** The browser's UUID for the send; unique per sender, so a retry finds the first. */
  client_id: string | null;
  /** 'guest_spot' for an application, with the spot's id and a JSON snapshot of it. */
  reference_type: string | null;
  reference_id: number | null;
  reference_data: string | null;
  /** Set when moderation removed the message: the row stays, its text is never shown again. */
  removed_at: Defaulted<Timestamp | null>;
  created_at: Timestamp;
}

/** One row per participant and contact, written in each message's transaction. */
export interface ConversationsTable {
  user_id: number;
  contact_id: number;
  last_message_id: number | null;
  last_message: string | null;
  last_sender_id: number | null;
  last_message_at: Timestamp | null;
  unread_count: Defaulted<number>;
  /** Messages up to this id are hidden for user_id (conversation deleted for them). */
  hidden_until_id: Defaulted<number>;
  created_at: Timestamp;
}

/** What a user has unread over their visible conversations with unblocked contacts, kept by triggers (migration 075). */
export interface UnreadCountersTable {
  user_id: number;
  unread: Defaulted<number>;
}

export interface BlocksTable {
  blocker_id: number;
  blocked_id: number;
  created_at: Timestamp;
}

export interface ReportsTable {
  id: Generated<number>;
  reporter_id: number;
  target_type: string;
  target_id: number;
  target_user_id: number | null;
  reason: string;
  details: string | null;
  /** JSON of the reported message or review as it was, for the admin area. */
  snapshot: string | null;
  /** open, resolved or dismissed. */
  status: Defaulted<string>;
  /** The action that closed it (dismiss, warn_owner, suspend_owner, hide, remove) and the admin's reason. */
  resolution: Defaulted<string | null>;
  resolution_reason: Defaulted<string | null>;
  resolved_at: Defaulted<Timestamp | null>;
  created_at: Timestamp;
}

/** An application or invitation (migration 2026-11-28-010): `terms` is a JSON snapshot. */
export interface DealRequestsTable {
  id: Generated<number>;
  kind: string;
  status: string;
  guest_spot_id: number | null;
  availability_id: number | null;
  artist_id: number;
  studio_id: number;
  start_date: string;
  end_date: string;
  terms: string | null;
  message: string | null;
  reason: string | null;
  created_at: Timestamp;
  decided_at: Timestamp | null;
  stay_id: number | null;
}

/** One private calendar feed per account; its token is the secret part of the feed's address. */
export interface CalendarFeedsTable {
  user_id: number;
  token: string;
  created_at: string;
}

/** A guest stay an accepted request became (migration 2026-11-28-010). */
export interface StaysTable {
  id: Generated<number>;
  artist_id: number;
  studio_id: number;
  guest_spot_id: number | null;
  request_id: number | null;
  start_date: string;
  end_date: string;
  city_name: string | null;
  terms: string | null;
  status: string;
  created_at: Timestamp;
  cancelled_at: Timestamp | null;
  cancel_reason: string | null;
  cancelled_by: number | null;
}

/** A studio's uploaded proof (migration 2026-11-28-050); status pending, approved or rejected. */
export interface StudioVerificationsTable {
  id: Generated<number>;
  user_id: number;
  status: string;
  /** The private document's storage key: never a public URL. */
  document_key: string;
  content_type: string;
  /** The admin's reason for a rejection. */
  reason: string | null;
  created_at: Timestamp;
  decided_at: Timestamp | null;
  decided_by: number | null;
}

/** One side of a stay that was mailed to review the other (migration 2026-11-28-050). */
export interface StayReviewMailsTable {
  stay_id: number;
  user_id: number;
  sent_at: Timestamp;
}

/** A party's acceptance of a stay's written agreement, for one version of it (migration 2026-11-28-040). */
export interface AgreementAcceptancesTable {
  id: Generated<number>;
  stay_id: number;
  user_id: number;
  /** artist or studio */
  side: string;
  /** The hash of what the agreement was written from when it was accepted. */
  terms_hash: string;
  accepted_at: Timestamp;
}

/** The catalogue: prices in integer cents, edited by the admin area. */
export interface ProductsTable {
  product_type: string;
  amount_cents: number;
  currency: string;
  updated_at: Timestamp;
}

/**
 * Our order, written before the provider is called. status: created, capturing, pending,
 * completed, failed, cancelled, expired; it only moves through updates guarded by the status.
 */
export interface PaymentOrdersTable extends Timestamps {
  /** Our UUID; the provider's custom_id and the base of every PayPal-Request-Id. */
  id: string;
  user_id: number | null;
  product_type: string;
  amount_cents: number;
  currency: string;
  /** 'paypal' or 'test'. */
  provider: string;
  provider_order_id: string | null;
  capture_id: string | null;
  status: string;
  /** The planned post an Instagram product is spent on at once. */
  post_id: number | null;
  /** The page the purchase began on, where the buyer returns. */
  return_path: string | null;
  /** The buyer's interface language at the order, for the receipt and its mail. */
  language: string;
  /** Why the order failed, for support (provider status or error name). */
  failure: string | null;
  /** YYYY-NNNNNN, gapless per year, assigned in the completion transaction. */
  receipt_number: string | null;
  /** JSON {name, email, username} of the buyer at completion, kept through account deletion. */
  buyer_snapshot: string | null;
  /** JSON {name, address, vatId, vatRate} of the seller at completion. */
  seller_snapshot: string | null;
  completed_at: Timestamp | null;
}

export interface ReceiptCountersTable {
  year: number;
  last_number: number;
}

/** The test provider's own books. status: CREATED, APPROVED, COMPLETED, DECLINED, VOIDED. */
export interface TestProviderOrdersTable extends Timestamps {
  id: string;
  custom_id: string;
  request_id: string;
  amount_value: string;
  currency: string;
  status: string;
  capture_id: string | null;
  capture_request_id: string | null;
}

export interface PaymentWebhookEventsTable {
  event_id: string;
  event_type: string;
  received_at: Timestamp;
}

/** Promotion credits: product_type instagram_feed_post, instagram_story or instagram_reel. */
export interface UserCreditsTable {
  user_id: number;
  product_type: string;
  count: Defaulted<number>;
}

export interface InstagramMediaTable extends ImageVariants {
  id: Generated<number>;
  user_id: number;
  created_at: Timestamp;
}

/** A planned social post. type: feed_post, story, reel; status: draft, planned, published, cancelled. */
export interface InstagramPostsTable extends Timestamps {
  id: Generated<number>;
  user_id: number;
  type: string;
  caption: Defaulted<string>;
  /** JSON array of hashtags without '#'. */
  hashtags: Defaulted<string>;
  planned_at: Timestamp | null;
  status: string;
  media_id: number | null;
  /** When the reminder mail was claimed; one per planned time. */
  reminded_at: Timestamp | null;
  published_at: Timestamp | null;
}

/** A promotion credit spent on a post. status: requested, done, rejected (credit returned). */
export interface PostPromotionsTable {
  id: Generated<number>;
  post_id: number;
  user_id: number;
  product_type: string;
  status: string;
  order_id: string | null;
  created_at: Timestamp;
  decided_at: Timestamp | null;
  /** The published post on Instagram, shown to its owner (migration 2026-11-27-003). */
  permalink: Defaulted<string | null>;
  /** Why the admin area rejected it. */
  reason: Defaulted<string | null>;
}

/** A stretch of featured status, bought or granted by an admin (migration 2026-11-27-003). */
export interface FeaturedPeriodsTable {
  id: Generated<number>;
  user_id: number;
  /** purchase or admin. */
  source: string;
  order_id: string | null;
  admin_id: number | null;
  starts_at: Timestamp;
  /** Cut to the revoke's moment when an admin revokes the status. */
  ends_at: Timestamp;
  revoked_at: Timestamp | null;
  reason: string | null;
  created_at: Timestamp;
}

/** What an admin did, append only (migration 2026-11-27-000). */
export interface AdminAuditLogTable {
  id: Generated<number>;
  /** Emptied when the admin's account is deleted; the entry stays. */
  admin_id: number | null;
  /** What was done, e.g. `user.suspend`, `gallery.delete`, `product.price`. */
  action: string;
  /** The kind of thing acted on: user, gallery_image, report, product, ... */
  target_type: string;
  target_id: string | null;
  reason: string | null;
  /** JSON {before, after} of the values the action changed. */
  details: string | null;
  created_at: Timestamp;
}

/** A warning an admin mailed to a user (migration 2026-11-27-001). */
export interface AdminUserWarningsTable {
  id: Generated<number>;
  user_id: number;
  admin_id: number | null;
  reason: string;
  created_at: Timestamp;
}

/** The admin team's internal note about a user, never shown to them. */
export interface AdminUserNotesTable {
  id: Generated<number>;
  user_id: number;
  admin_id: number | null;
  body: string;
  created_at: Timestamp;
}

/** An in-app notification (the bell): its title is written from kind and params when read, in the reader's language. */
export interface IdempotencyKeysTable {
  id: Generated<number>;
  user_id: number;
  key: string;
  scope: string;
  fingerprint: string;
  status: 'running' | 'done';
  response_status: number | null;
  response_body: string | null;
  /** The large variant's URL of the picture the running upload stored, noted before its row is written. */
  stored_ref: string | null;
  created_at: string;
  updated_at: string;
}

export interface NotificationsTable {
  id: Generated<number>;
  user_id: number;
  kind: string;
  /** JSON of what the title needs (never who acted). */
  params: Defaulted<string>;
  /** A path without a language prefix. */
  url: string;
  created_at: Timestamp;
  read_at: Defaulted<Timestamp | null>;
}

/** A city import of the admin area (migration 2026-11-27-005): its state, counts, first errors and preview. */
export interface CityImportsTable extends Timestamps {
  id: Generated<number>;
  admin_id: number | null;
  /** parsing, ready, importing, done, failed or cancelled. */
  status: string;
  filename: string;
  /** geonames or csv. */
  source: string;
  licence: string | null;
  progress: Defaulted<number>;
  total_rows: Defaulted<number>;
  valid_rows: Defaulted<number>;
  new_cities: Defaulted<number>;
  updated_cities: Defaulted<number>;
  unchanged: Defaulted<number>;
  linked: Defaulted<number>;
  error_count: Defaulted<number>;
  /** JSON [{line, code, params}] of the first errors. */
  errors: Defaulted<string>;
  /** JSON of the first changes the import would make. */
  preview: Defaulted<string>;
  /** JSON of the commit's filters. */
  options: string | null;
  /** Refreshed while a process reads or writes the import; a stale one was interrupted. */
  heartbeat_at: Defaulted<Timestamp | null>;
}

/** A valid row of an import, waiting for the commit. */
export interface CityImportRowsTable {
  import_id: number;
  line: number;
  country_code: string;
  name: string;
  latitude: number;
  longitude: number;
  population: number | null;
  geoname_id: number | null;
  /** JSON {language: name} of the names per interface language the file gave. */
  names: string | null;
}

/**
 * A thing site search finds (migration 2026-11-27-060): a profile, guest spot, availability or
 * forum thread, written by modules/search in the transaction of the change it mirrors. The
 * words the engines match live beside it (SQLite's `search_fts`, PostgreSQL's `tsv` columns).
 */
export interface SearchDocumentsTable {
  id: Generated<number>;
  /** One of SEARCH_TYPES (src/common/schemas/search.ts). */
  type: string;
  ref_id: number;
  owner_id: number;
  /** The language its words are stemmed in (en, de, es, fr, pt). */
  language: string;
  title: string;
  body: string;
  /** A path without a language prefix. */
  url: string;
  /** What "newest" orders by among equally good hits. */
  sort_at: Timestamp;
  indexed_at: Timestamp;
}

/** Settings of the search index, e.g. the version of the rules it was built with. */
export interface SearchStateTable {
  key: string;
  value: string;
}

export interface Database {
  reviews: ReviewsTable;
  messages: MessagesTable;
  conversations: ConversationsTable;
  unread_counters: UnreadCountersTable;
  blocks: BlocksTable;
  reports: ReportsTable;
  deal_requests: DealRequestsTable;
  stays: StaysTable;
  agreement_acceptances: AgreementAcceptancesTable;
  calendar_feeds: CalendarFeedsTable;
  studio_verifications: StudioVerificationsTable;
  stay_review_mails: StayReviewMailsTable;
  follows: FollowsTable;
  city_alerts: CityAlertsTable;
  saved_searches: SavedSearchesTable;
  saved_search_hits: SavedSearchHitsTable;
  city_alert_sends: CityAlertSendsTable;
  gallery_images: GalleryImagesTable;
  guest_spot_photos: GuestSpotPhotosTable;
  gallery_image_styles: GalleryImageStylesTable;
  password_resets: PasswordResetsTable;
  profile_visits: ProfileVisitsTable;
  users: UsersTable;
  sessions: SessionsTable;
  styles: StylesTable;
  user_styles: UserStylesTable;
  countries: CountriesTable;
  cities: CitiesTable;
  city_names: CityNamesTable;
  city_search_names: CitySearchNamesTable;
  city_imports: CityImportsTable;
  city_import_rows: CityImportRowsTable;
  contact_messages: ContactMessagesTable;
  contact_replies: ContactRepliesTable;
  user_activity: UserActivityTable;
  guest_spots: GuestSpotsTable;
  guest_spot_styles: GuestSpotStylesTable;
  availabilities: AvailabilitiesTable;
  availability_styles: AvailabilityStylesTable;
  products: ProductsTable;
  payment_orders: PaymentOrdersTable;
  receipt_counters: ReceiptCountersTable;
  test_provider_orders: TestProviderOrdersTable;
  payment_webhook_events: PaymentWebhookEventsTable;
  user_credits: UserCreditsTable;
  instagram_media: InstagramMediaTable;
  instagram_posts: InstagramPostsTable;
  post_promotions: PostPromotionsTable;
  featured_periods: FeaturedPeriodsTable;
  admin_audit_log: AdminAuditLogTable;
  admin_user_warnings: AdminUserWarningsTable;
  admin_user_notes: AdminUserNotesTable;
  notifications: NotificationsTable;
  idempotency_keys: IdempotencyKeysTable;
  search_documents: SearchDocumentsTable;
  search_state: SearchStateTable;
  forum_categories: ForumCategoriesTable;
  forum_threads: ForumThreadsTable;
  forum_category_stats: ForumCategoryStatsTable;
  forum_posts: ForumPostsTable;
  forum_post_images: ForumPostImagesTable;
  forum_likes: ForumLikesTable;
  forum_watches: ForumWatchesTable;
  rate_limits: RateLimitsTable;
  job_leases: JobLeasesTable;
  storage_deletions: StorageDeletionsTable;
  outbox_events: OutboxEventsTable;
}

/** A mail alert of an address for an artist coming near a city (migration 2026-11-28-110). */
/** A member's saved filters of a public list (docs/decisions/051). */
export interface SavedSearchesTable {
  id: Generated<number>;
  user_id: number;
  /** guest_spots, availabilities or artists. */
  kind: string;
  /** The set filters as JSON, in the list's own spelling. */
  filters: string;
  name: string;
  /** instant, daily or weekly: how often hits are mailed. */
  frequency: string;
  paused: Generated<number>;
  /** The country id the filters name, 0 for any: the matching's prefilter. */
  country_key: Generated<number>;
  created_at: Timestamp;
  updated_at: Timestamp;
  last_digest_at: Timestamp | null;
}

/** An item a saved search matched, once per search and item. */
export interface SavedSearchHitsTable {
  search_id: number;
  item_kind: string;
  item_id: number;
  created_at: Timestamp;
  mailed_at: Timestamp | null;
}

export interface CityAlertsTable {
  id: Generated<number>;
  artist_id: number;
  email: string;
  /** The address folded (trimmed, lower case): one alert per address, artist and city. */
  email_key: string;
  city_id: number;
  radius_km: number;
  language: string;
  /** SHA-256 of the address's manage link token, the same on all its rows. */
  manage_hash: string;
  /** Null until the address confirmed the double opt-in mail: nothing is sent before. */
  confirmed_at: Timestamp | null;
  created_at: Timestamp;
  updated_at: Timestamp;
}

/** Which alert was mailed about which stay or availability: its key lets one mail through. */
export interface CityAlertSendsTable {
  alert_id: number;
  source_kind: string;
  source_id: number;
  sent_at: Timestamp;
}

/** A shared rate-limit counter (migration 2026-11-27-120, src/server/lib/rate-limit/postgres.ts). */
export interface RateLimitsTable {
  key: string;
  count: number;
  /** When the window ends, in milliseconds since the epoch. */
  reset_at: number;
}

/** A bucket object whose image is gone, deleted by the collector a day later (migration 2026-11-27-110, src/server/lib/storage). */
export interface StorageDeletionsTable {
  object_key: string;
  marked_at: Timestamp;
}

/** Who runs a scheduled job until when (migration 2026-11-27-130, src/server/lib/leases). */
export interface JobLeasesTable {
  name: string;
  holder: string;
  expires_at: Timestamp;
}

/** A write's side effect waiting for (or past) delivery (migration 2026-11-27-131, src/server/lib/outbox). */
export interface OutboxEventsTable {
  id: Generated<number>;
  kind: string;
  /** JSON text. */
  payload: string;
  created_at: Timestamp;
  attempts: Defaulted<number>;
  /** The next try, and while a worker delivers, the end of its claim. */
  next_attempt_at: Timestamp;
  delivered_at: Timestamp | null;
  last_error: string | null;
}

/** A forum category (migration 2026-11-27-070): reference data, seeded in five languages. */
export interface ForumCategoriesTable extends LocalizedNames {
  id: Generated<number>;
  slug: string;
  position: number;
  /** A reply can be marked as the answer. */
  question_like: Defaulted<Flag>;
  description_en: string;
  description_de: string;
  description_es: string;
  description_fr: string;
  description_pt: string;
}

/** Who hid a thread or post: an admin, three members' reports, or the word list (held for review). */
export type ForumHiddenBy = 'admin' | 'reports' | 'words';

/** A category's visible threads, their posts and its last activity, kept by triggers on forum_threads (migration 2026-11-28-130). */
export interface ForumCategoryStatsTable {
  category_id: number;
  threads: Defaulted<number>;
  posts: Defaulted<number>;
  last_post_at: Timestamp | null;
}

export interface ForumThreadsTable {
  id: Generated<number>;
  category_id: number;
  author_id: number;
  title: string;
  slug: string;
  language: string;
  is_pinned: Defaulted<Flag>;
  is_locked: Defaulted<Flag>;
  hidden_at: Timestamp | null;
  hidden_by: ForumHiddenBy | null;
  hidden_reason: string | null;
  /** Visible replies, kept in each write's transaction. */
  reply_count: Defaulted<number>;
  last_post_at: Timestamp;
  answer_post_id: number | null;
  /** Its author deleted the opening post; others' replies keep the thread. */
  deleted_at: Timestamp | null;
  client_id: string | null;
  created_at: Timestamp;
  updated_at: Timestamp;
}

export interface ForumPostsTable {
  id: Generated<number>;
  thread_id: number;
  author_id: number;
  is_opening: Defaulted<Flag>;
  reply_to_post_id: number | null;
  body: string;
  /** Sanitized HTML rendered from `body` by renderer `renderer_version`. */
  body_html: string;
  renderer_version: number;
  like_count: Defaulted<number>;
  hidden_at: Timestamp | null;
  hidden_by: ForumHiddenBy | null;
  hidden_reason: string | null;
  client_id: string | null;
  created_at: Timestamp;
  updated_at: Timestamp;
  edited_at: Timestamp | null;
}

export interface ForumPostImagesTable extends ImageVariants {
  id: Generated<number>;
  /** Null while the upload waits for its post. */
  post_id: number | null;
  user_id: number;
  position: Defaulted<number>;
  created_at: Timestamp;
}

export interface ForumLikesTable {
  post_id: number;
  user_id: number;
  created_at: Timestamp;
}

export interface ForumWatchesTable {
  thread_id: number;
  user_id: number;
  /** 0 remembers an explicit unwatch. */
  watching: Defaulted<Flag>;
  created_at: Timestamp;
}

export type UserRow = Selectable<UsersTable>;
export type NewUser = Insertable<UsersTable>;
export type UserUpdate = Updateable<UsersTable>;
