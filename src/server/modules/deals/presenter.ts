import { LANGUAGE_IDS, type LanguageId } from '../../../common/constants';
import type { CardImage } from '../../../common/schemas/card-images';
import type { DealTerms } from '../../../common/schemas/deal-terms';
import type { DealRequestKind, DealRequestStatus, StayStatus } from '../../../common/deal-limits';
import type { DealRequest, PublicStay, Stay } from '../../../common/schemas/deals';
import type { MessagePerson } from '../../../common/schemas/messages';
import { averageRating } from '../../../common/schemas/reviews';
import { presentUserCard } from '../../lib/user-card';
import type { DealPersonRow, Position, RequestListRow, StayRow } from './repo';

/** Terms as stored (JSON text); a column that does not hold an object reads as none. */
export function parseTerms(json: string | null): DealTerms | null {
  if (!json) return null;
  try {
    const value: unknown = JSON.parse(json);
    return value && typeof value === 'object' && !Array.isArray(value) ? (value as DealTerms) : null;
  } catch {
    return null;
  }
}

function parseLanguages(json: string): LanguageId[] {
  try {
    const value: unknown = JSON.parse(json);
    return Array.isArray(value) ? value.filter((v): v is LanguageId => (LANGUAGE_IDS as readonly unknown[]).includes(v)) : [];
  } catch {
    return [];
  }
}

/** A pending request whose first day passed unanswered reads as expired, whether or not the job marked it yet. */
export function requestStatus(row: Pick<RequestListRow, 'status' | 'start_date'>, today: string): DealRequestStatus {
  return row.status === 'pending' && row.start_date < today ? 'expired' : (row.status as DealRequestStatus);
}

/** A confirmed stay whose last day passed reads as completed. */
export function stayStatus(row: Pick<StayRow, 'status' | 'end_date'>, today: string): StayStatus {
  return row.status === 'confirmed' && row.end_date < today ? 'completed' : (row.status as StayStatus);
}

/** The cursor of a list: the last row's key, as URL-safe text. */
export function encodeCursor(position: Position): string {
  return Buffer.from(JSON.stringify([position.at, position.id])).toString('base64url');
}

/** A cursor back to its key; anything else reads as the start (a cursor is opaque and only ever ours). */
export function decodeCursor(cursor: string | undefined): Position | undefined {
  if (!cursor) return undefined;
  try {
    const value: unknown = JSON.parse(Buffer.from(cursor, 'base64url').toString('utf8'));
    if (Array.isArray(value) && typeof value[0] === 'string' && Number.isSafeInteger(value[1])) return { at: value[0], id: value[1] as number };
  } catch {
    // An unreadable cursor starts the list over.
  }
  return undefined;
}

export interface PeopleMap {
  get(id: number): DealPersonRow | undefined;
}

const person = (people: PeopleMap, id: number): MessagePerson => {
  const row = people.get(id);
  // A request's users are kept by foreign keys; the fallback only covers a row read between a deletion's statements.
  return row ? presentUserCard(row) : { id, name: '', username: '', avatar: null, userType: 'artist' };
};

export function presentRequest(row: RequestListRow, people: PeopleMap, today: string, works?: Map<number, CardImage[]>): DealRequest {
  const artist = people.get(row.artist_id);
  return {
    id: row.id,
    kind: row.kind as DealRequestKind,
    status: requestStatus(row, today),
    guestSpot: row.guest_spot_id !== null && row.spot_slug !== null ? { id: row.guest_spot_id, slug: row.spot_slug, title: row.spot_title ?? '' } : null,
    availability:
      row.availability_id !== null && row.availability_slug !== null ? { id: row.availability_id, slug: row.availability_slug, title: row.availability_title ?? '' } : null,
    artist: person(people, row.artist_id),
    studio: person(people, row.studio_id),
    startDate: row.start_date,
    endDate: row.end_date,
    terms: parseTerms(row.terms),
    reason: row.reason,
    createdAt: row.created_at,
    decidedAt: row.decided_at,
    stayId: row.stay_id,
    ...(works && artist
      ? {
          artistDetails: {
            latestWorks: works.get(row.artist_id) ?? [],
            rating: artist.rating_count > 0 ? averageRating(artist.rating_sum, artist.rating_count) : null,
            reviewCount: artist.rating_count,
            languages: parseLanguages(artist.languages),
          },
        }
      : {}),
  };
}

export function presentStay(row: StayRow, people: PeopleMap, today: string): Stay {
  return {
    id: row.id,
    artist: person(people, row.artist_id),
    studio: person(people, row.studio_id),
    guestSpotId: row.guest_spot_id,
    startDate: row.start_date,
    endDate: row.end_date,
    city: row.city_name,
    terms: parseTerms(row.terms),
    status: stayStatus(row, today),
    createdAt: row.created_at,
    cancelledAt: row.cancelled_at,
    cancelReason: row.cancel_reason,
  };
}

/** What a profile shows of a stay: no terms, nothing of a cancellation. */
export function presentPublicStay(row: StayRow, people: PeopleMap, today: string): PublicStay {
  return {
    id: row.id,
    artist: person(people, row.artist_id),
    studio: person(people, row.studio_id),
    startDate: row.start_date,
    endDate: row.end_date,
    city: row.city_name,
    status: stayStatus(row, today) === 'completed' ? 'completed' : 'confirmed',
  };
}
