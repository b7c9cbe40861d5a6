import type { Transaction } from 'kysely';
import { GUEST_SPOT_PHOTOS_MAX, type CardImage } from '../../../common/schemas/card-images';
import type { SessionUser } from '../../../common/schemas/session';
import type { AppContext } from '../../context';
import { writeAudit } from '../../db/audit-log';
import type { Database } from '../../db/schema';
import { AppError } from '../../errors';
import { tags } from '../../lib/answer-cache/index';
import { defineChange, type Within } from '../../lib/outbox/index';
import { processImage, recordStoredImage, storeImage, variantRecord } from '../../lib/images/index';
import { canManage } from '../listings/index';
import { guestSpotKind } from './kind';
import * as repo from './photos-repo';

const spotNotFound = () => new AppError(404, guestSpotKind.notFoundCode);
const photoNotFound = () => new AppError(404, 'guestSpotPhotoNotFound');
const photosFull = () => new AppError(400, 'guestSpotPhotosFull', { max: GUEST_SPOT_PHOTOS_MAX }, { field: 'image' });
const orderInvalid = () => new AppError(400, 'guestSpotPhotoOrderInvalid', {}, { field: 'ids' });

type Spot = NonNullable<Awaited<ReturnType<typeof repo.findSpot>>>;

/** A stored photo as cards and the detail page take it. */
export function presentPhoto(row: repo.PhotoRow): CardImage {
  return { id: row.id, thumbnailUrl: row.thumbnail_url, mediumUrl: row.medium_url, largeUrl: row.image_url, width: row.width, height: row.height };
}

export type GuestSpotPhotoDeps = Pick<AppContext, 'db' | 'storage' | 'deleteFiles' | 'invalidation'> & Partial<Pick<AppContext, 'outbox'>>;
export type GuestSpotPhotoService = ReturnType<typeof createGuestSpotPhotoService>;

/**
 * Photos of a guest spot's workplace (beyond the spec): at most GUEST_SPOT_PHOTOS_MAX a spot,
 * uploaded and ordered by the spot's studio alone; the studio or an admin deletes them.
 */
export function createGuestSpotPhotoService(deps: GuestSpotPhotoDeps) {
  const { db } = deps;
  /** The spot's detail answers, the guest spot lists (whose cards lead with the first photo) and its studio's profile tab. */
  const change = defineChange<{ spotId: number; studioId: number }>(deps.outbox, deps.invalidation, 'guest-spots.photos-changed', ({ spotId, studioId }) => [
    tags.listing(guestSpotKind.cacheKey, spotId),
    tags.listings(guestSpotKind.cacheKey),
    tags.profile(studioId),
  ]);
  const changing = <T>(spot: Spot, write: (within: Within) => Promise<T>) => change.around({ spotId: spot.id, studioId: spot.studio_id }, write);

  async function spotOr404(id: number): Promise<Spot> {
    const spot = await repo.findSpot(db, id);
    if (!spot) throw spotNotFound();
    return spot;
  }

  /** Upload and reorder are the studio's own: an admin moderates by deleting, never curates. */
  async function ownSpot(user: SessionUser, id: number): Promise<Spot> {
    const spot = await spotOr404(id);
    if (user.id !== spot.studio_id) throw new AppError(403, 'forbidden');
    return spot;
  }

  /** Many spots' photos in one query, by spot id, each list in its order. */
  async function photosOf(spotIds: number[], executor?: Parameters<typeof repo.findPhotosOfSpots>[0]): Promise<Map<number, CardImage[]>> {
    const rows = await repo.findPhotosOfSpots(executor ?? db, spotIds);
    const bySpot = new Map<number, CardImage[]>();
    for (const row of rows) {
      const list = bySpot.get(row.guest_spot_id) ?? [];
      list.push(presentPhoto(row));
      bySpot.set(row.guest_spot_id, list);
    }
    return bySpot;
  }

  const listOne = async (spotId: number) => (await photosOf([spotId])).get(spotId) ?? [];

  return {
    photosOf,

    /** The fields the detail answer adds: `{photos}`. */
    detailFields: async (spotId: number): Promise<{ photos: CardImage[] }> => ({ photos: await listOne(spotId) }),

    /** A spot's photos; an inactive spot's only for its studio and admins, as the spot itself. */
    async list(viewer: SessionUser | null, spotId: number): Promise<CardImage[]> {
      const spot = await spotOr404(spotId);
      if (spot.is_active !== 1 && !canManage(viewer, spot.studio_id)) throw spotNotFound();
      return listOne(spotId);
    },

    /**
     * Checks who uploads before the body is read (404 unknown spot, 403 another user) and
     * spares the image work when the spot is full already; the insert decides for parallel uploads.
     */
    async authorizeUpload(user: SessionUser, spotId: number): Promise<void> {
      await ownSpot(user, spotId);
      if ((await repo.countPhotos(db, spotId)) >= GUEST_SPOT_PHOTOS_MAX) throw photosFull();
    },

    async upload(user: SessionUser, spotId: number, buffer: Buffer): Promise<{ photo: CardImage; photos: CardImage[] }> {
      const spot = await ownSpot(user, spotId);
      const processed = await processImage(buffer, 'gallery');
      const stored = await storeImage(deps.storage, processed, `guest-spots/${spot.id}`);
      let refusal: 'full' | 'gone' = 'full';
      const id = await changing(spot, (within) =>
        recordStoredImage(
          stored,
          deps.deleteFiles,
          () =>
            repo.insertPhoto(
              db,
              {
                spotId: spot.id,
                userId: user.id,
                ...variantRecord(processed, stored),
                now: new Date().toISOString(),
              },
              GUEST_SPOT_PHOTOS_MAX,
              within,
            ),
          (answer): answer is 'full' | 'gone' => {
            if (typeof answer === 'number') return false;
            refusal = answer;
            return true;
          },
          () => (refusal === 'gone' ? spotNotFound() : photosFull()),
        ),
      );
      const photos = await listOne(spot.id);
      const photo = photos.find((p) => p.id === id);
      // Deleted again in the blink between insert and read (another tab).
      if (!photo) throw photoNotFound();
      return { photo, photos };
    },

    /** The studio or an admin; the files go once the row is gone. */
    async remove(user: SessionUser, spotId: number, photoId: number): Promise<CardImage[]> {
      const spot = await spotOr404(spotId);
      if (!canManage(user, spot.studio_id)) throw new AppError(403, 'forbidden');
      const row = await repo.findPhoto(db, spotId, photoId);
      if (!row) throw photoNotFound();
      const gone = await changing(spot, (within) =>
        db.transaction().execute(async (trx) => {
        if (!(await repo.deletePhoto(trx, spotId, photoId))) return false;
        // An admin deleting a studio's photo is a moderation action: its audit entry commits with it.
        if (user.id !== spot.studio_id) {
          await writeAudit(trx, {
            adminId: user.id,
            action: 'guest_spot.photo.delete',
            targetType: 'guest_spot',
            targetId: spotId,
            details: { before: { photoId, imageUrl: row.image_url }, after: { photoId: null } },
          });
        }
        await within(trx);
        return true;
      }),
      );
      if (!gone) throw photoNotFound();
      await deps.deleteFiles([row.image_url, row.medium_url, row.thumbnail_url]);
      return listOne(spotId);
    },

    /** `ids` must name every photo of the spot, each once (400 otherwise): the first becomes the card's cover. */
    async reorder(user: SessionUser, spotId: number, ids: number[]): Promise<CardImage[]> {
      const spot = await ownSpot(user, spotId);
      if (!(await changing(spot, (within) => repo.reorderPhotos(db, spotId, ids, within)))) throw orderInvalid();
      return listOne(spotId);
    },

    /** For deleting a spot: its photos' files, read in the delete's transaction (the rows go by cascade). */
    filesOfSpot: (trx: Transaction<Database>, spotId: number): Promise<string[]> => repo.findPhotoUrlsOfSpot(trx, spotId),

    /** For account deletion: the photos' files of the user's spots (the rows go by cascade). */
    filesOfUser: (userId: number): Promise<string[]> => repo.findPhotoUrlsOfUser(db, userId),
  };
}
