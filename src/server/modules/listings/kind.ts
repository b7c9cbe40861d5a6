import type { ZodType } from 'zod';
import type { Language } from '../../../common/languages';
import type { LegacyLookupKind } from '../../../common/legacy-paths';
import type { RouteId } from '../../../common/routes';
import type { DealListFilter } from '../../../common/schemas/guest-spots';
import type { ListingBase, PublicListQuery } from '../../../common/schemas/listing-fields';

/** The deal filters as a list query carries them (absent from kinds without them). */
export type DealListFilterQuery = { [K in keyof DealListFilter]: DealListFilter[K] | undefined };

/** The tables of the listing kinds; each has a `{table}_styles` link table and a `{table}_search` FTS table on SQLite. */
export type ListingTableName = 'guest_spots' | 'availabilities';
export type ListingStyleKey = 'guest_spot_id' | 'availability_id';
export type ListingOwnerColumn = `${ListingKind['owner']}_id`;

/** The link table of a kind's styles and its listing column. */
export const STYLE_LINKS = {
  guest_spots: { table: 'guest_spot_styles', key: 'guest_spot_id' },
  availabilities: { table: 'availability_styles', key: 'availability_id' },
} as const satisfies Record<ListingTableName, { table: string; key: ListingStyleKey }>;

/** The owner's column of a kind. */
export const ownerColumn = (kind: Pick<ListingKind, 'owner'>): ListingOwnerColumn => `${kind.owner}_id`;

/** The owner filter of a kind's list call (`?studioId=`). */
export const ownerQueryKey = (kind: Pick<ListingKind, 'owner'>) => `${kind.owner}Id` as const;
/** Columns one kind keeps besides the shared ones. */
export type ListingOwnColumn = 'compensation' | 'compensation_details' | 'places' | 'requirements' | 'preferred_location' | 'terms' | 'wishes';

/** Columns a kind writes from one of its structured fields, for the list's filters (never answered themselves). */
export type ListingDerivedColumn = 'deal_type' | 'guest_share_percent' | 'rent_day_cents' | 'offers_housing';

/**
 * A field of a kind's own: the column it is stored in, what a create without it stores, and
 * whether the text filter searches it. A structured field (`json`) is stored as JSON text and
 * answered parsed, null when absent; `derive` names the filter columns written from its value
 * (null when absent) on every write of the field.
 */
export interface OwnField {
  column: ListingOwnColumn;
  empty: string | number | null;
  searched?: boolean;
  json?: boolean;
  derive?: (value: unknown) => Partial<Record<ListingDerivedColumn, string | number | null>>;
}

/** The columns one own field writes: its own (JSON text for a structured one) and those derived from it. */
export function ownFieldColumns(field: OwnField, value: unknown): Partial<Record<ListingOwnColumn | ListingDerivedColumn, string | number | null>> {
  const stored = field.json ? (value === null || value === undefined ? null : JSON.stringify(value)) : (value as string | number | null);
  return { [field.column]: stored, ...field.derive?.(value ?? null) };
}

/** A structured field's column as answers carry it: parsed, null when absent or unreadable. */
export function ownFieldAnswer(field: OwnField, stored: unknown): unknown {
  if (!field.json) return stored;
  if (typeof stored !== 'string' || stored === '') return null;
  try {
    return JSON.parse(stored) as unknown;
  } catch {
    return null;
  }
}

/** What a create or update of any kind may carry: the shared fields, the place, and the kind's own (by field name). */
export interface ListingInput {
  title?: string;
  description?: string | null;
  startDate?: string;
  endDate?: string;
  countryId?: number | null;
  cityId?: number | null;
  cityName?: string | null;
  styleIds?: number[];
  isActive?: boolean;
  [own: string]: unknown;
}

export type ListingCreateInput = ListingInput & { title: string; startDate: string; endDate: string };

/**
 * One kind of listing as data: where it is stored, who posts it, its own fields, its API paths
 * and error codes, and its pages. The listing module's repo, service, routes and page heads
 * read everything that differs between guest spots and availabilities from here.
 */
export interface ListingKind<Item extends ListingBase = ListingBase> {
  /** The name of one listing in answers: a match carries the other kind's listing under it. */
  itemKey: 'guestSpot' | 'availability';
  table: ListingTableName;
  /**
   * Who posts the kind: only this account type may (403 `onlyStudios` / `onlyArtists` for the
   * other). It also names the owner's column (`studio_id`), the owner's card in an answer and the
   * owner's name in the page texts (`studio`), and the owner filter of the list (`?studioId=`).
   */
  owner: 'studio' | 'artist';
  /** Whether the table keeps the place's city name (a city typed by hand); else the name is the listed city's. */
  storesCityName: boolean;
  /** Without any place in a create, the owner's profile place is taken. */
  defaultsToOwnerPlace: boolean;
  /** The kind's own fields, by their name in requests and answers. */
  fields: Record<string, OwnField>;
  /** The API path (`/api/guest-spots`), the plugin's prefix. */
  apiPath: string;
  schemas: {
    create: ZodType<ListingCreateInput>;
    update: ZodType<ListingInput>;
    ownerQuery: ZodType<{ count: boolean; limit: number } & Partial<Record<'studioId' | 'artistId', number>>>;
    /** The public list's filters (the guest spot list adds the deal's). */
    listQuery: ZodType<PublicListQuery & Partial<DealListFilterQuery>>;
  };
  /** Whether the public list's address keeps the deal's filters (DEAL_FILTER_KEYS), which `listQuery` reads. */
  filtersByDeal: boolean;
  /** The code of a missing (or hidden) listing. */
  notFoundCode: string;
  /** The code of a create or reactivation past the owner's cap of active listings of the kind (409). */
  tooManyActiveCode: string;
  /** The slug of a title without letters or digits. */
  slugFallback: string;
  /** The result cache's key prefix of the public list. */
  cacheKey: string;
  pages: ListingPages<Item>;
}

/** A kind's public pages: the detail route ids, its list pages, the legacy paths naming one listing, its texts and structured data. */
export interface ListingPages<Item> {
  /** Route ids of the detail page by slug (`/guestspot/{slug}`, the canonical one), and by id where an old address names it so. */
  detailBySlug: RouteId;
  detailById?: RouteId;
  /** The paged public list's routes (page 1, which also answers under its spellings, and page n), when the kind's list heads are written here. */
  list?: { first: RouteId; numbered: RouteId };
  /** Route ids of the legacy paths naming one listing by id or old slug (src/common/legacy-paths.ts). */
  legacyLookups: LegacyLookupKind[];
  /** The seo namespace's key of the detail texts (`seo:{key}.title`, `.description`). */
  seoKey: string;
  /** The place as the page texts name it (empty when none). */
  placeText(item: Item): string;
  /** schema.org data of the detail page; `description` is the written one or the fallback text. */
  jsonLd(item: Item, publicUrl: string, lang: Language, description: string): Record<string, unknown>;
}
