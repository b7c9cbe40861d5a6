import { todayInBerlin, type ListingBase, type OwnerCard, type StyleRef } from '../../../common/schemas/listing-fields';
import type { SessionUser } from '../../../common/schemas/session';
import { asFlag } from '../../db/verified';
import { sortStyles, type CityNamer } from '../reference/index';
import { ownFieldAnswer, type ListingKind } from './kind';
import { canManage, listingCan } from './policy';
import type { ListingRow } from './repo';

/** Groups style rows of many listings by listing, each list in the answers' style order. */
export function groupStyles(rows: { owner_id: number; id: number; name: string }[]): Map<number, StyleRef[]> {
  const byOwner = new Map<number, StyleRef[]>();
  for (const r of rows) {
    const list = byOwner.get(r.owner_id) ?? [];
    list.push({ id: r.id, name: r.name });
    byOwner.set(r.owner_id, list);
  }
  for (const [owner, list] of byOwner) byOwner.set(owner, sortStyles(list));
  return byOwner;
}

/**
 * A person's card (a poster's, an artist's); the city falls back to the free-text profile city.
 * `verified` is the query's flag of a verified studio (db/verified), false when not read.
 */
export function personCard(row: { id: number; name: string; username: string; avatar: string | null; city_name: string | null; city: string | null; verified?: unknown }): OwnerCard {
  return { id: row.id, name: row.name, username: row.username, avatar: row.avatar, cityName: row.city_name ?? row.city, verified: asFlag(row.verified) };
}

/** Names a city as stored: for callers that answer in no particular language. */
const asStored: CityNamer = (_cityId, stored) => stored;

/** The poster's card, the city named in the answer's language. */
export function presentOwner(
  row: Pick<ListingRow, 'owner_id' | 'owner_name' | 'owner_username' | 'owner_avatar' | 'owner_city_name' | 'owner_city' | 'owner_verified'>,
  cityName: CityNamer = asStored,
): OwnerCard {
  const { owner_id: id, owner_name: name, owner_username: username, owner_avatar: avatar, owner_city_name: city_name, owner_city: city, owner_verified: verified } = row;
  return personCard({ id, name, username, avatar, city_name: cityName(undefined, city_name ?? city), city: null, verified });
}

/**
 * The one shape of a listing of a kind in every answer: the shared fields, the kind's own, the
 * owner's card and what the viewer may do; the search column and internals stay out.
 */
export function presentListing<Item extends ListingBase>(
  kind: ListingKind<Item>,
  row: ListingRow,
  styles: StyleRef[],
  viewer: SessionUser | null,
  cityName: CityNamer = asStored,
): Item {
  const own = Object.fromEntries(Object.entries(kind.fields).map(([name, field]) => [name, ownFieldAnswer(field, row[field.column])]));
  return {
    id: row.id,
    slug: row.slug,
    title: row.title,
    description: row.description,
    startDate: row.start_date,
    endDate: row.end_date,
    isActive: row.is_active === 1,
    ended: row.end_date < todayInBerlin(),
    ...own,
    styles,
    countryId: row.country_id,
    cityId: row.city_id,
    cityName: cityName(row.city_id, row.city_name),
    countryName: row.country_name,
    countryCode: row.country_code,
    [kind.owner]: presentOwner(row, cityName),
    createdAt: row.created_at,
    updatedAt: row.updated_at,
    can: listingCan(viewer, row.owner_id),
    // Why moderation hid it, for its owner (and admins) only: it is off every public answer anyway.
    ...(row.hidden_at && canManage(viewer, row.owner_id) ? { hiddenReason: row.hidden_reason ?? '' } : {}),
  } as unknown as Item;
}
