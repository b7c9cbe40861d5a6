import { randomBytes } from 'node:crypto';
import type { Insertable } from 'kysely';
import type { Db } from '../../db/index';
import type { GuestSpotPhotosTable } from '../../db/schema';
import { VARIANT_NAMES, variantUrl } from '../../lib/images/index';
import type { Storage } from '../../lib/storage/index';

/**
 * Photos for every demo guest spot: one to three of the studio's own portfolio pictures each
 * (the flash on its walls), copied to keys of the spot's own, so deleting a photo never takes a
 * portfolio image's files. File copies only, no image work. Runs once: nothing happens when a
 * demo spot has photos already.
 */
export async function seedDemoSpotPhotos(db: Db, storage: Storage, emailDomain: string): Promise<number> {
  const spots = await db
    .selectFrom('guest_spots')
    .innerJoin('users', 'users.id', 'guest_spots.studio_id')
    .select(['guest_spots.id', 'guest_spots.studio_id'])
    .where('users.email_key', 'like', `%@${emailDomain}`)
    .where('guest_spots.is_active', '=', 1)
    .orderBy('guest_spots.id')
    .execute();
  if (spots.length === 0) return 0;
  const had = await db.selectFrom('guest_spot_photos').select('id').where('guest_spot_id', 'in', spots.map((s) => s.id)).limit(1).executeTakeFirst();
  if (had) return 0;
  const studios = [...new Set(spots.map((s) => s.studio_id))];
  const portfolio = await db
    .selectFrom('gallery_images')
    .select(['user_id', 'image_url', 'width', 'height'])
    .where('user_id', 'in', studios)
    .orderBy('user_id')
    .orderBy('position')
    .orderBy('id')
    .execute();

  const now = new Date().toISOString();
  const rows: Insertable<GuestSpotPhotosTable>[] = [];
  const written: string[] = [];
  try {
    // Every spot: the create form asks for its workplace, so a published spot without one would look abandoned.
    for (const [i, spot] of spots.entries()) {
      const own = portfolio.filter((p) => p.user_id === spot.studio_id);
      const count = Math.min(own.length, 1 + (i % 3));
      for (let position = 0; position < count; position++) {
        const source = own[(i + position) % own.length] as (typeof own)[number];
        const base = `guest-spots/${spot.id}/${randomBytes(12).toString('hex')}`;
        const urls: Record<string, string> = {};
        for (const name of VARIANT_NAMES) {
          const key = storage.keyFromUrl(variantUrl(source.image_url, name));
          const bytes = key ? await storage.get(key) : null;
          if (!bytes) throw new Error(`demo portfolio file missing: ${source.image_url} (${name})`);
          await storage.put(`${base}-${name}.webp`, bytes, 'image/webp');
          written.push(`${base}-${name}.webp`);
          urls[name] = storage.url(`${base}-${name}.webp`);
        }
        rows.push({
          guest_spot_id: spot.id,
          user_id: spot.studio_id,
          image_url: urls.large as string,
          medium_url: urls.medium as string,
          thumbnail_url: urls.thumbnail as string,
          width: source.width,
          height: source.height,
          position,
          created_at: now,
        });
      }
    }
    if (rows.length) await db.insertInto('guest_spot_photos').values(rows).execute();
  } catch (err) {
    // Files no row points at would never be deleted.
    await storage.delete(written).catch(() => undefined);
    throw err;
  }
  return rows.length;
}
