import type { Db } from '../../db/index';

/** The owner and hidden mark of the portfolio image whose large variant is at `largeUrl`. */
export function findImageByLargeUrl(db: Db, largeUrl: string) {
  return db.selectFrom('gallery_images').select(['user_id', 'hidden_at']).where('image_url', '=', largeUrl).executeTakeFirst();
}
