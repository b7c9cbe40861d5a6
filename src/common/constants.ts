/** Business constants: the limits and prices the product specifies. */
export const PRODUCT_NAME = 'Tattoo Guest Spots';
export const TITLE_SUFFIX = ` | ${PRODUCT_NAME}`;
export const REQUEST_TIMEOUT_MS = 30_000;
export const AUTH_CACHE_TRUST_MS = 2 * 60_000;
export const AUTH_STORAGE_KEY = 'tgs_auth_state';
export const LOCAL_STORAGE_PREFIX = 'tgs_local_';
export const TOAST_DURATION_MS = 5_000;
export const NOTICE_DURATION_MS = 3_000;
export const FEATURED_DEFAULT_LIMIT = 5;
export const FEATURED_MAX_LIMIT = 50;
export const UNREAD_POLL_DASHBOARD_MS = 60_000;
export const UNREAD_POLL_OWNER_MS = 30_000;
export const PASSWORD_MIN_LENGTH = 8;
export const FEATURED_DAYS = 14;
export const FORUM_TILE_COUNT = 3;
export const RELATIVE_DATE_CUTOFF_DAYS = 30;
export const QUERY_STALE_MS = 5 * 60_000;
export const QUERY_GC_MS = 30 * 60_000;
export const PROFILE_IMAGE_MAX_BYTES = 5 * 1024 * 1024;
export const GALLERY_IMAGE_MAX_BYTES = 10 * 1024 * 1024;
export const CAPTION_MAX = 250;
export const DESCRIPTION_PREVIEW = 150;
export const LAST_MESSAGE_PREVIEW = 20;
export const WORKSTATIONS_MAX = 50;
export const USERNAME_MIN = 3;
export const USERNAME_MAX = 30;
export const MESSAGE_TIMEOUT_MS = 10_000;
export const MOBILE_BREAKPOINT_PX = 768;
export const EARLIEST_DATE_YEAR = 2020;
export const CURRENCY = 'EUR';
export const PAGE_SIZE = 24;
export const SESSION_DAYS = 30;
export const SESSION_COOKIE = 'tgs_session';
export const BODY_LIMIT_BYTES = 1024 * 1024;

export const LANGUAGE_IDS = [
  'english', 'german', 'french', 'spanish', 'italian', 'portuguese', 'polish',
  'romanian', 'russian', 'hungarian', 'czech', 'bulgarian', 'slovak', 'croatian',
] as const;
export type LanguageId = (typeof LANGUAGE_IDS)[number];

export const EXPERIENCE_RANGES = ['1-3', '3-6', '6-9', '9-12', '12-15', '15+'] as const;
export type Experience = (typeof EXPERIENCE_RANGES)[number];

export const GENDERS = ['male', 'female', 'other'] as const;
export type Gender = (typeof GENDERS)[number];

export const USER_TYPES = ['artist', 'studio'] as const;
export type UserType = (typeof USER_TYPES)[number];

export const ROLES = ['user', 'admin'] as const;
export type Role = (typeof ROLES)[number];

/** A review's comment at most; reviews answer 20 a page. */
export const REVIEW_COMMENT_MAX = 2000;
export const REVIEWS_PAGE_SIZE = 20;
