import { sql, type RawBuilder } from 'kysely';
import { CARD_IMAGES_MAX, type CardImage } from '../../../common/schemas/card-images';
import type { Db } from '../../db/index';
import { tags } from '../../lib/answer-cache/index';
import { VARIANT_SIZES, variantUrl } from '../../lib/images/index';

/** The pictures of a user (their id) or a guest spot (its id). */
export type CardImageMap = Map<number, CardImage[]>;

/**
 * A header is a 3:1 crop whose large variant is at most this wide. The row keeps only its URL,
 * so its nominal size stands in: the aspect ratio is exact, which is what reserves the box.
 */
const HEADER_SIZE = { width: VARIANT_SIZES.header.large, height: VARIANT_SIZES.header.large / 3 };

interface StoredPicture {
  id: number;
  owner: number;
  image_url: string;
  medium_url: string;
  thumbnail_url: string;
  width: number;
  height: number;
}

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

/** Where the cards' pictures come from: the portfolio (by user) or the photos of a spot (by spot). */
type PictureSource = {
  ownerIds: number[];
  /** The window function that orders each owner's pictures, first one 1. */
  rank: RawBuilder<number>;
  limit: number;
} & ({ table: 'gallery_images'; owner: 'gallery_images.user_id' } | { table: 'guest_spot_photos'; owner: 'guest_spot_photos.guest_spot_id' });

/**
 * The pictures on the cards of a list page (artist, studio, guest spot and availability cards):
 * every call reads all the cards of a page at once, a fixed number of queries whatever its size.
 * A window function keeps the first few of each owner in the one query on both engines.
 */
export function createCardImages(db: Db) {
  /** The first `limit` pictures of each owner, in `rank`'s order. */
  async function firstPictures(source: PictureSource): Promise<CardImageMap> {
    const { table } = source;
    const rows = await db
      .selectFrom((eb) =>
        eb
          .selectFrom(table)
          .select((picture) => [
            `${table}.id`, picture.ref(source.owner).as('owner'), `${table}.image_url`, `${table}.medium_url`,
            `${table}.thumbnail_url`, `${table}.width`, `${table}.height`, source.rank.as('rank'),
          ])
          .where(source.owner, 'in', source.ownerIds)
          .as('ranked'),
      )
      .select(['ranked.id', 'ranked.owner', 'ranked.image_url', 'ranked.medium_url', 'ranked.thumbnail_url', 'ranked.width', 'ranked.height'])
      .where('ranked.rank', '<=', source.limit)
      .orderBy('ranked.owner')
      .orderBy('ranked.rank')
      .execute();
    return group(rows);
  }

  /** Each user's newest portfolio images, newest first, at most `limit` each; users without any are left out. */
  async function latestWorks(userIds: number[], limit = CARD_IMAGES_MAX): Promise<CardImageMap> {
    const ids = distinct(userIds);
    if (ids.length === 0 || limit < 1) return new Map();
    return firstPictures({
      table: 'gallery_images',
      owner: 'gallery_images.user_id',
      ownerIds: ids,
      rank: sql<number>`row_number() over (partition by gallery_images.user_id order by gallery_images.created_at desc, gallery_images.id desc)`,
      limit,
    });
  }

  /** A studio's header image, else its newest works; studios with neither are left out. */
  async function studioCovers(userIds: number[]): Promise<CardImageMap> {
    const ids = distinct(userIds);
    if (ids.length === 0) return new Map();
    const headers = await db.selectFrom('users').select(['id', 'header_image']).where('id', 'in', ids).where('header_image', 'is not', null).execute();
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
    const covers = await firstPictures({
      table: 'guest_spot_photos',
      owner: 'guest_spot_photos.guest_spot_id',
      ownerIds: spotIds,
      rank: sql<number>`row_number() over (partition by guest_spot_photos.guest_spot_id order by guest_spot_photos.position, guest_spot_photos.id)`,
      limit: CARD_IMAGES_MAX,
    });
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
