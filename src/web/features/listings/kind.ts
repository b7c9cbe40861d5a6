import type { ComponentType, ReactNode } from 'react';
import type { ZodType } from 'zod';
import type { UserType } from '../../../common/constants';
import type { Availability } from '../../../common/schemas/availability';
import type { GuestSpot } from '../../../common/schemas/guest-spots';
import type { OwnerCard } from '../../../common/schemas/listing-fields';
import type { FieldErrors } from '../../lib/form';
import type { DetailFact } from './detail-layout';
import type { KindApi } from './kind-api';
import type { ListingForm, ListingFormValues } from './listing-form';
import type { TabCardEntry } from './tab-card';

/** A listing of either kind, as the API answers it. */
export type Listing = GuestSpot | Availability;

/** The name of a kind; it is also the text namespace of the kind's public list (`list.*`). */
export type KindName = 'guestSpots' | 'availability';

/**
 * The text namespace of everything else of a kind (`detail.*`, `form.*`, `manage.*`,
 * `profileTab.*`): apart from the list's, so the public list's first load leaves it out. The
 * texts both kinds share are split the same way: `listings` holds what the public lists show,
 * `listingsEntry` the rest.
 */
export type KindEntryNs = `${KindName}Entry`;

type T = (key: string, options?: Record<string, unknown>) => string;

/** The place of a new listing: the poster's own place from the profile. */
export interface OwnPlace {
  countryId: number | null;
  cityId: number | null;
  cityName: string | null;
}

/**
 * One kind of listing as data: where its calls and pages are, who posts it, and the few fields
 * and texts of its own. Every listing screen takes a kind; a new kind is a new descriptor.
 */
export interface ListingKind<L extends Listing = Listing> {
  name: KindName;
  /** The namespace of the detail, form, manage and profile tab texts (`guestSpotsEntry`). */
  entryNs: KindEntryNs;
  /** The kind whose listings match this kind's (shown to the owner on the detail page). */
  other: KindName;
  /** The account type that posts this kind. */
  postedBy: UserType;
  api: KindApi;
  /** Prefix of element ids (`gs-title`, `gs-filter-q`). */
  idPrefix: string;
  paths: {
    /** The public list; `listPaging` puts page n at `{list}/page/{n}`, else at `?page=n`. */
    list: string;
    listPaging: boolean;
    manage: string;
    add: string;
    /** The add button of the profile tab. */
    addFromProfile: string;
    /** Where a detail page that cannot be shown leads. */
    backToList: string;
  };
  detailPath(entry: Pick<L, 'id' | 'slug'>): string;
  editPath(entry: Pick<L, 'id' | 'slug'>): string;
  /** The details link of a profile tab card. */
  tabPath(entry: L): string;
  owner(entry: L): OwnerCard;
  /** The place as the cards and the manage list show it. */
  place(entry: L): string;
  tabEntry(entry: L): TabCardEntry;
  /** What a public list card shows besides place and period. */
  cardExtra?(entry: L): ReactNode;
  /** The listing of the other kind in one of this kind's matches. */
  matched(match: unknown): Listing;
  /** The detail page's facts and text sections; `t` reads the entry namespace (`detail.*`). */
  facts(entry: L, t: T, period: (start: unknown, end: unknown) => string): DetailFact[];
  sections(entry: L, t: T): { title: string; text: string | null }[];
  /**
   * Keys of the kind's texts that differ in name between the kinds: `otherAction` in the list's
   * namespace (`name`), the unprefixed others in `entryNs`.
   */
  texts: {
    ownerLabel: string;
    notFound: string;
    /** `{prefix}Title`, `{prefix}Text`, `{prefix}Action`: the form for the other account type. */
    wrongType: string;
    backToEntry: string;
    /** The empty list's offer to the other account type. */
    otherAction: string;
  };
}

/**
 * A kind's form: its schema, fields and texts. Kept apart from the kind, in kinds/forms.ts, so
 * the public pages that show listings never load the form code and the validation library.
 */
export interface KindForm<L extends Listing = Listing, V extends ListingFormValues = ListingFormValues> {
  schema: ZodType;
  /** Fields in form order, for the summary. */
  order: (keyof V & string)[];
  initial(entry: L | undefined, place: OwnPlace | undefined): V;
  /** Labels of the kind's own fields. */
  labels(t: T): Record<Exclude<keyof V, keyof ListingFormValues>, string>;
  extra?: (values: Record<keyof V & string, unknown>) => FieldErrors<keyof V & string>;
  /** A new listing starts at the poster's own place. */
  startsAtOwnPlace: boolean;
  /** The kind's fieldsets between the dates and the styles. */
  Body: ComponentType<{ form: ListingForm<V> }>;
}
