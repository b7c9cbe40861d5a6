import { CARD_IMAGES_MAX, type CardImage } from '../../../common/schemas/card-images';
import type { Db } from '../../db/index';
import { tags } from '../../lib/answer-cache/index';
import { VARIANT_SIZES, variantUrl } from '../../lib/images/index';
import { findFirstPortfolioImages, findFirstSpotPhotos, findStudioHeaders, type StoredPicture } from './repo';

/** The pictures of a user (their id) or a guest spot (its id). */
export type CardImageMap = Map<number, CardImage[]>;

/**
 * A header is a 3:1 crop whose large variant is at most this wide. The row keeps only its URL,
 * so its nominal size stands in: the aspect ratio is exact, which is what reserves the box.
 */
const HEADER_SIZE = { width: VARIANT_SIZES.header.large, height: VARIANT_SIZES.header.large / 3 };

const toCardImage = (row: StoredPicture): CardImage => ({
  id: row.id,
  thumbnailUrl: row.thumbnail_url,
  mediumUrl: row.medium_url,
  largeUrl: row.image_url,
  width: Number(row.width),
  height: Number(row.height),
});

function headerImage(largeUrl: string): CardImage {
  return {
    id: 0,
    thumbnailUrl: variantUrl(largeUrl, 'thumbnail'),
    mediumUrl: variantUrl(largeUrl, 'medium'),
    largeUrl,
    ...HEADER_SIZE,
  };
}

function group(rows: StoredPicture[]): CardImageMap {
  const byOwner: CardImageMap = new Map();
  for (const row of rows) {
    const owner = Number(row.owner);
    const list = byOwner.get(owner) ?? [];
    list.push(toCardImage(row));
    byOwner.set(owner, list);
  }
  return byOwner;
}

/**
 * What a change of a user's pictures (portfolio, avatar, header) clears besides their own page:
 * every cached list page showing their card (filed under the user) and the artist and featured
 * lists, which a profile enters once it has a picture.
 */
export const cardImageTags = (userId: number): string[] => [tags.user(userId), tags.artists, tags.featured];

const distinct = (ids: Iterable<number>) => [...new Set(ids)];

/**
 * The pictures on the cards of a list page (artist, studio, guest spot and availability cards):
 * every call reads all the cards of a page at once, a fixed number of queries whatever its size.
 * A window function keeps the first few of each owner in the one query on both engines.
 */
export function createCardImages(db: Db) {
  /** Each user's newest portfolio images, newest first, at most `limit` each; users without any are left out. */
  async function latestWorks(userIds: number[], limit = CARD_IMAGES_MAX): Promise<CardImageMap> {
    const ids = distinct(userIds);
    if (ids.length === 0 || limit < 1) return new Map();
    return group(await findFirstPortfolioImages(db, ids, limit));
  }

  /** A studio's header image, else its newest works; studios with neither are left out. */
  async function studioCovers(userIds: number[]): Promise<CardImageMap> {
    const ids = distinct(userIds);
    if (ids.length === 0) return new Map();
    const headers = await findStudioHeaders(db, ids);
    const covers: CardImageMap = new Map();
    for (const row of headers) if (row.header_image) covers.set(row.id, [headerImage(row.header_image)]);
    const works = await latestWorks(ids.filter((id) => !covers.has(id)));
    for (const [id, images] of works) covers.set(id, images);
    return covers;
  }

  /**
   * A guest spot's photos of the workplace in the owner's order (the first leads the card), at
   * most CARD_IMAGES_MAX; without any, its studio's cover. Keyed by the spot's id.
   */
  async function spotCovers(spots: { id: number; userId: number }[]): Promise<CardImageMap> {
    const spotIds = distinct(spots.map((s) => s.id));
    if (spotIds.length === 0) return new Map();
    const covers = group(await findFirstSpotPhotos(db, spotIds, CARD_IMAGES_MAX));
    const bare = spots.filter((s) => !covers.has(s.id));
    const studios = await studioCovers(bare.map((s) => s.userId));
    for (const spot of bare) {
      const images = studios.get(spot.userId);
      if (images) covers.set(spot.id, images);
    }
    return covers;
  }

  return { latestWorks, studioCovers, spotCovers };
}

export type CardImages = ReturnType<typeof createCardImages>;
