import type { Selectable, Transaction } from 'kysely';
import { isDbId } from '../../../common/schemas/ids';
import { isPostgresDb, type Db } from '../../db/index';
import type { Database, GuestSpotPhotosTable } from '../../db/schema';
import { countRows } from '../../db/count-rows';
import { pictureColumns, type NewPicture } from '../../lib/images/index';
import type { Within } from '../../lib/outbox/index';

type Executor = Db | Transaction<Database>;

const PHOTO_COLUMNS = [
  'guest_spot_photos.id', 'guest_spot_photos.guest_spot_id', 'guest_spot_photos.user_id', 'guest_spot_photos.image_url',
  'guest_spot_photos.medium_url', 'guest_spot_photos.thumbnail_url', 'guest_spot_photos.width', 'guest_spot_photos.height',
  'guest_spot_photos.position',
] as const;

export type PhotoRow = Omit<Selectable<GuestSpotPhotosTable>, 'created_at'>;

/** The spot a photo call names: who owns it and whether the public sees it. */
export async function findSpot(db: Db, id: number): Promise<{ id: number; studio_id: number; is_active: number } | undefined> {
  if (!isDbId(id)) return undefined;
  return db.selectFrom('guest_spots').select(['id', 'studio_id', 'is_active']).where('id', '=', id).executeTakeFirst();
}

/** The photos of many spots in one query, each spot's in its order: position, then the older first. */
export function findPhotosOfSpots(db: Executor, spotIds: number[]): Promise<PhotoRow[]> {
  if (spotIds.length === 0) return Promise.resolve([]);
  return db
    .selectFrom('guest_spot_photos')
    .select(PHOTO_COLUMNS)
    .where('guest_spot_photos.guest_spot_id', 'in', spotIds)
    .orderBy('guest_spot_photos.guest_spot_id')
    .orderBy('guest_spot_photos.position')
    .orderBy('guest_spot_photos.id')
    .execute();
}

export function findPhoto(db: Db, spotId: number, photoId: number): Promise<PhotoRow | undefined> {
  return db
    .selectFrom('guest_spot_photos')
    .select(PHOTO_COLUMNS)
    .where('guest_spot_photos.id', '=', photoId)
    .where('guest_spot_photos.guest_spot_id', '=', spotId)
    .executeTakeFirst();
}

export function countPhotos(db: Db, spotId: number): Promise<number> {
  return countRows(db, 'guest_spot_photos', 'guest_spot_id', spotId);
}

export interface NewPhoto extends NewPicture {
  spotId: number;
}

/** Takes the spot's row lock on PostgreSQL (SQLite runs one writer at a time); false when the spot is gone. */
async function lockSpot(trx: Transaction<Database>, spotId: number): Promise<boolean> {
  const query = trx.selectFrom('guest_spots').select('id').where('id', '=', spotId);
  return !!(await (isPostgresDb(trx) ? query.forNoKeyUpdate() : query).executeTakeFirst());
}

/**
 * Appends a photo unless the spot already holds `max` ('full') or was deleted meanwhile
 * ('gone'). Count, position and insert run in one transaction holding the spot's row, so
 * parallel uploads get distinct positions and never pass the cap, and a spot being deleted
 * (which locks the same row) either sees the new photo's files or refuses it.
 */
export async function insertPhoto(db: Db, photo: NewPhoto, max: number, within?: Within): Promise<number | 'full' | 'gone'> {
  return db.transaction().execute(async (trx) => {
    if (!(await lockSpot(trx, photo.spotId))) return 'gone' as const;
    const current = await trx
      .selectFrom('guest_spot_photos')
      .select((eb) => [eb.fn.countAll<number>().as('count'), eb.fn.max('position').as('max')])
      .where('guest_spot_id', '=', photo.spotId)
      .executeTakeFirstOrThrow();
    if (Number(current.count) >= max) return 'full' as const;
    const position = current.max === null || current.max === undefined ? 0 : Number(current.max) + 1;
    const row = await trx
      .insertInto('guest_spot_photos')
      .values({
        guest_spot_id: photo.spotId,
        ...pictureColumns(photo),
        position,
        created_at: photo.now,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    await within?.(trx);
    return row.id;
  });
}

/** Deletes one photo; false when it was already gone (a second click, another tab). */
export async function deletePhoto(db: Db, spotId: number, photoId: number): Promise<boolean> {
  const result = await db.deleteFrom('guest_spot_photos').where('id', '=', photoId).where('guest_spot_id', '=', spotId).executeTakeFirst();
  return Number(result.numDeletedRows) > 0;
}

/**
 * Sets position = index of the given ids when they are exactly the spot's photos (else
 * false, nothing written). Read and write share the spot's row lock, so an upload or delete
 * in between cannot slip past the check.
 */
export async function reorderPhotos(db: Db, spotId: number, orderedIds: number[], within?: Within): Promise<boolean> {
  return db.transaction().execute(async (trx) => {
    if (!(await lockSpot(trx, spotId))) return false;
    const rows = await trx.selectFrom('guest_spot_photos').select('id').where('guest_spot_id', '=', spotId).execute();
    const own = new Set(rows.map((r) => r.id));
    if (own.size !== orderedIds.length || !orderedIds.every((id) => own.has(id))) return false;
    await trx
      .updateTable('guest_spot_photos')
      .set((eb) => {
        let position = eb.case().when('id', '=', orderedIds[0] as number).then(0);
        for (let i = 1; i < orderedIds.length; i++) position = position.when('id', '=', orderedIds[i] as number).then(i);
        return { position: position.else(eb.ref('position')).end() };
      })
      .where('guest_spot_id', '=', spotId)
      .execute();
    await within?.(trx);
    return true;
  });
}

/** The large URL of each photo of a spot (the other variants follow from it), inside the caller's transaction. */
export async function findPhotoUrlsOfSpot(db: Executor, spotId: number): Promise<string[]> {
  const rows = await db.selectFrom('guest_spot_photos').select('image_url').where('guest_spot_id', '=', spotId).execute();
  return rows.map((r) => r.image_url);
}

/** The large URL of each photo a user uploaded or that sits on one of their spots. */
export async function findPhotoUrlsOfUser(db: Db, userId: number): Promise<string[]> {
  const rows = await db
    .selectFrom('guest_spot_photos')
    .select('image_url')
    .where((eb) => eb.or([eb('user_id', '=', userId), eb('guest_spot_id', 'in', eb.selectFrom('guest_spots').select('id').where('studio_id', '=', userId))]))
    .execute();
  return rows.map((r) => r.image_url);
}
