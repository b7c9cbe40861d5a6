import type { Language } from '../../../common/languages';
import { sql, type Insertable, type RawBuilder, type Selectable } from 'kysely';
import { isPostgresDb, type Db } from '../../db/index';
import type { GalleryImagesTable } from '../../db/schema';
import type { Within } from '../../lib/outbox/index';


import { countRows } from '../../db/count-rows';
import { notSuspended } from '../../db/suspension';
import { pictureColumns, type NewPicture } from '../../lib/images/index';

const IMAGE_COLUMNS = [
  'gallery_images.id', 'gallery_images.user_id', 'gallery_images.image_url', 'gallery_images.medium_url',
  'gallery_images.thumbnail_url', 'gallery_images.width', 'gallery_images.height', 'gallery_images.caption',
  'gallery_images.position', 'gallery_images.created_at', 'gallery_images.hidden_at', 'gallery_images.hidden_reason',
] as const;

/** An image as IMAGE_COLUMNS read it. */
export type ImageRow = Omit<Selectable<GalleryImagesTable>, 'updated_at' | 'review_status' | 'reviewed_at'>;

/** A user's portfolio in its order: position, then the older first. */
export function findUserImages(db: Db, userId: number): Promise<ImageRow[]> {
  return db
    .selectFrom('gallery_images')
    .select(IMAGE_COLUMNS)
    .where('gallery_images.user_id', '=', userId)
    .orderBy('gallery_images.position')
    .orderBy('gallery_images.id')
    .execute();
}

export function findImage(db: Db, id: number): Promise<ImageRow | undefined> {
  return db.selectFrom('gallery_images').select(IMAGE_COLUMNS).where('gallery_images.id', '=', id).executeTakeFirst();
}

/** A user's image by its large variant's URL (unique per stored picture), for an upload's retry. */
export function findUserImageByUrl(db: Db, userId: number, imageUrl: string): Promise<ImageRow | undefined> {
  return db.selectFrom('gallery_images').select(IMAGE_COLUMNS).where('gallery_images.user_id', '=', userId).where('gallery_images.image_url', '=', imageUrl).executeTakeFirst();
}

/** The styles of many images in one query, named in one language. */
export function findImageStyles(db: Db, imageIds: number[], lang: Language) {
  if (imageIds.length === 0) return Promise.resolve([]);
  return db
    .selectFrom('gallery_image_styles')
    .innerJoin('styles', 'styles.id', 'gallery_image_styles.style_id')
    .select((eb) => ['gallery_image_styles.image_id', 'styles.id', eb.ref(`styles.name_${lang}`).as('name')])
    .where('gallery_image_styles.image_id', 'in', imageIds)
    .execute();
}

const OWNER_COLUMNS = [
  'users.id as owner_id', 'users.name as owner_name', 'users.username as owner_username', 'users.avatar as owner_avatar',
  'users.user_type as owner_user_type', 'users.city_name as owner_city_name', 'users.city as owner_city',
  'countries.code as owner_country_code',
] as const;

export interface OwnerRow {
  owner_id: number;
  owner_name: string;
  owner_username: string;
  owner_avatar: string | null;
  owner_user_type: string;
  owner_city_name: string | null;
  owner_city: string | null;
  owner_country_code: string | null;
}

export function findOwner(db: Db, userId: number): Promise<OwnerRow | undefined> {
  return db
    .selectFrom('users')
    .leftJoin('countries', 'countries.id', 'users.country_id')
    .select(OWNER_COLUMNS)
    .where('users.id', '=', userId)
    // An image of a suspended owner is not shown on its own page either.
    .where(notSuspended('users.id'))
    .executeTakeFirst();
}

export function countUserImages(db: Db, userId: number): Promise<number> {
  return countRows(db, 'gallery_images', 'user_id', userId);
}

export interface NewImage extends NewPicture {
  caption: string | null;
  styleIds: number[];
}

/**
 * Inserts an image at the front of the owner's portfolio (new work first: the others move one
 * place back), with its styles, unless the portfolio already holds `maxImages`: null then.
 * Count, shift and insert share one transaction that holds the owner's row locked on
 * PostgreSQL (SQLite runs one writer at a time), so parallel uploads get distinct positions
 * and never pass the cap. `within` runs last in the transaction when the image went in.
 */
export async function insertImage(db: Db, image: NewImage, maxImages: number, within?: Within): Promise<number | null> {
  const postgres = isPostgresDb(db);
  return db.transaction().execute(async (trx) => {
    if (postgres) await trx.selectFrom('users').select('id').where('id', '=', image.userId).forNoKeyUpdate().execute();
    if ((await countUserImages(trx, image.userId)) >= maxImages) return null;
    await trx
      .updateTable('gallery_images')
      .set((eb) => ({ position: eb('position', '+', 1) }))
      .where('user_id', '=', image.userId)
      .execute();
    const row = await trx
      .insertInto('gallery_images')
      .values({
        ...pictureColumns(image),
        caption: image.caption,
        position: 0,
        created_at: image.now,
        updated_at: image.now,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    if (image.styleIds.length) {
      await trx.insertInto('gallery_image_styles').values(image.styleIds.map((style_id) => ({ image_id: row.id, style_id }))).execute();
    }
    await within?.(trx);
    return row.id;
  });
}

/** Changes the caption and/or replaces the styles (undefined leaves a part as it is); `within` runs last in its transaction. */
export async function updateImage(db: Db, id: number, change: { caption?: string | null; styleIds?: number[]; now: string }, within?: Within): Promise<void> {
  await db.transaction().execute(async (trx) => {
    await trx
      .updateTable('gallery_images')
      .set({ updated_at: change.now, ...(change.caption !== undefined ? { caption: change.caption } : {}) })
      .where('id', '=', id)
      .execute();
    if (change.styleIds !== undefined) {
      await trx.deleteFrom('gallery_image_styles').where('image_id', '=', id).execute();
      if (change.styleIds.length) {
        await trx.insertInto('gallery_image_styles').values(change.styleIds.map((style_id) => ({ image_id: id, style_id }))).execute();
      }
    }
    await within?.(trx);
  });
}

export async function deleteImage(db: Db, id: number): Promise<void> {
  await db.deleteFrom('gallery_images').where('id', '=', id).execute();
}

/** Sets position = index for the given ids of one owner, in a single statement. */
export async function setPositions(db: Db, userId: number, orderedIds: number[], now: string): Promise<void> {
  if (orderedIds.length === 0) return;
  await db
    .updateTable('gallery_images')
    .set((eb) => {
      let position = eb.case().when('id', '=', orderedIds[0] as number).then(0);
      for (let i = 1; i < orderedIds.length; i++) position = position.when('id', '=', orderedIds[i] as number).then(i);
      return { position: position.else(eb.ref('position')).end(), updated_at: now };
    })
    .where('user_id', '=', userId)
    .where('id', 'in', orderedIds)
    .execute();
}

export async function findImageUrlsOfUser(db: Db, userId: number): Promise<string[]> {
  const rows = await db.selectFrom('gallery_images').select('image_url').where('user_id', '=', userId).execute();
  return rows.map((r) => r.image_url);
}

export interface PublicFilter {
  styleId?: number;
  countryId?: number;
  countryCode?: string;
  cityId?: number;
  cityName?: string;
  /** Items strictly after this (created_at, id) in newest-first order. */
  after?: { createdAt: string; id: number };
  limit: number;
}

/** The public gallery, newest first, with each owner: one query. */
export function findPublicImages(db: Db, filter: PublicFilter) {
  let query = db
    .selectFrom('gallery_images')
    .innerJoin('users', 'users.id', 'gallery_images.user_id')
    .leftJoin('countries', 'countries.id', 'users.country_id')
    .select([...IMAGE_COLUMNS, ...OWNER_COLUMNS])
    .where(notSuspended('users.id'))
    // An image hidden by moderation is in no public list.
    .where('gallery_images.hidden_at', 'is', null);
  if (filter.styleId !== undefined) {
    const styleId = filter.styleId;
    query = query.where((eb) =>
      eb.exists(
        eb
          .selectFrom('gallery_image_styles')
          .select('gallery_image_styles.image_id')
          .whereRef('gallery_image_styles.image_id', '=', 'gallery_images.id')
          .where('gallery_image_styles.style_id', '=', styleId),
      ),
    );
  }
  if (filter.countryId !== undefined) query = query.where('users.country_id', '=', filter.countryId);
  if (filter.countryCode !== undefined) query = query.where('countries.code', '=', filter.countryCode);
  if (filter.cityId !== undefined) query = query.where('users.city_id', '=', filter.cityId);
  if (filter.cityName !== undefined) query = query.where('users.city_name', '=', filter.cityName);
  if (filter.after) {
    const { createdAt, id } = filter.after;
    // A row-value comparison both engines answer with a range seek on (created_at, id).
    query = query.where((eb) => eb(eb.refTuple('gallery_images.created_at', 'gallery_images.id'), '<', eb.tuple(createdAt, id)));
  }
  return query
    .orderBy('gallery_images.created_at', 'desc')
    .orderBy('gallery_images.id', 'desc')
    .limit(filter.limit)
    .execute();
}

export async function findStyleIdBySlug(db: Db, slug: string): Promise<number | undefined> {
  return (await db.selectFrom('styles').select('id').where('slug', '=', slug).executeTakeFirst())?.id;
}

/**
 * Inserts whole portfolios at once (the demo world): the rows with their positions as given,
 * then their styles, in one transaction. No per-user limit: the caller plans the portfolios.
 */
export async function insertPortfolios(db: Db, images: { row: Insertable<GalleryImagesTable>; styleIds: number[] }[]): Promise<void> {
  if (images.length === 0) return;
  await db.transaction().execute(async (trx) => {
    for (let i = 0; i < images.length; i += 100) {
      await trx
        .insertInto('gallery_images')
        .values(images.slice(i, i + 100).map((img) => img.row))
        .execute();
    }
    const inserted = await trx
      .selectFrom('gallery_images')
      .select(['id', 'user_id', 'position'])
      .where('user_id', 'in', [...new Set(images.map((img) => img.row.user_id))])
      .execute();
    const idOf = new Map(inserted.map((r) => [`${r.user_id}:${r.position}`, r.id]));
    const links = images.flatMap((img) => img.styleIds.map((style_id) => ({ image_id: idOf.get(`${img.row.user_id}:${img.row.position}`) as number, style_id })));
    for (let i = 0; i < links.length; i += 500) await trx.insertInto('gallery_image_styles').values(links.slice(i, i + 500)).execute();
  });
}

/** A picture on a card: a portfolio image or a guest spot's photo, with its owner (user or spot). */
export interface StoredPicture {
  id: number;
  owner: number;
  image_url: string;
  medium_url: string;
  thumbnail_url: string;
  width: number;
  height: number;
}

/** Where the cards' pictures come from: the portfolio (by user) or the photos of a spot (by spot). */
type PictureSource = {
  ownerIds: number[];
  /** The window function that orders each owner's pictures, first one 1. */
  rank: RawBuilder<number>;
  limit: number;
  /** A condition every picture meets besides its owner (portfolio images: not hidden by moderation). */
  shown?: RawBuilder<boolean>;
} & ({ table: 'gallery_images'; owner: 'gallery_images.user_id' } | { table: 'guest_spot_photos'; owner: 'guest_spot_photos.guest_spot_id' });

/**
 * The first `limit` pictures of each owner, in `rank`'s order: a window function keeps the
 * first few of each owner in the one query on both engines, whatever the page's size.
 */
function findFirstPictures(db: Db, source: PictureSource): Promise<StoredPicture[]> {
  const { table } = source;
  return db
    .selectFrom((eb) =>
      eb
        .selectFrom(table)
        .select((picture) => [
          `${table}.id`, picture.ref(source.owner).as('owner'), `${table}.image_url`, `${table}.medium_url`,
          `${table}.thumbnail_url`, `${table}.width`, `${table}.height`, source.rank.as('rank'),
        ])
        .where(source.owner, 'in', source.ownerIds)
        .$if(source.shown !== undefined, (q) => q.where(source.shown as RawBuilder<boolean>))
        .as('ranked'),
    )
    .select(['ranked.id', 'ranked.owner', 'ranked.image_url', 'ranked.medium_url', 'ranked.thumbnail_url', 'ranked.width', 'ranked.height'])
    .where('ranked.rank', '<=', source.limit)
    .orderBy('ranked.owner')
    .orderBy('ranked.rank')
    .execute();
}

/** Each user's newest portfolio images, newest first, at most `limit` each. */
export function findFirstPortfolioImages(db: Db, userIds: number[], limit: number): Promise<StoredPicture[]> {
  return findFirstPictures(db, {
    table: 'gallery_images',
    owner: 'gallery_images.user_id',
    ownerIds: userIds,
    rank: sql<number>`row_number() over (partition by gallery_images.user_id order by gallery_images.created_at desc, gallery_images.id desc)`,
    limit,
    shown: sql<boolean>`gallery_images.hidden_at is null`,
  });
}

/** Each guest spot's photos in the owner's order, at most `limit` each. */
export function findFirstSpotPhotos(db: Db, spotIds: number[], limit: number): Promise<StoredPicture[]> {
  return findFirstPictures(db, {
    table: 'guest_spot_photos',
    owner: 'guest_spot_photos.guest_spot_id',
    ownerIds: spotIds,
    rank: sql<number>`row_number() over (partition by guest_spot_photos.guest_spot_id order by guest_spot_photos.position, guest_spot_photos.id)`,
    limit,
  });
}

/** The header images of those of `userIds` that have one. */
export function findStudioHeaders(db: Db, userIds: number[]) {
  return db.selectFrom('users').select(['id', 'header_image']).where('id', 'in', userIds).where('header_image', 'is not', null).execute();
}
