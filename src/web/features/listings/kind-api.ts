import type { UserType } from '../../../common/constants';
import type { KindName } from './kind';

/** Where a kind's API lives and how it filters by owner: all its queries need of the kind. */
export interface KindApi {
  /** The API's collection; also the first part of the kind's query keys. */
  key: string;
  /** `/api/{key}`. */
  path: string;
  /** The owner filter of the account type that posts the kind. */
  ownerParam: 'studioId' | 'artistId';
}

const OWNER_PARAMS = { artist: 'artistId', studio: 'studioId' } as const satisfies Record<UserType, KindApi['ownerParam']>;

function kindApi(collection: string, postedBy: UserType): KindApi {
  return { key: collection, path: `/api/${collection}`, ownerParam: OWNER_PARAMS[postedBy] };
}

/**
 * Each kind's API apart from the rest of its descriptor (kinds/): the profile counts a user's
 * entries for its tab labels without loading the kinds' texts, cards and pages.
 */
export const KIND_APIS = {
  guestSpots: kindApi('guest-spots', 'studio'),
  availability: kindApi('artist-availability', 'artist'),
} as const satisfies Record<KindName, KindApi>;
