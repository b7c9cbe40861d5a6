import type { FastifyInstance } from 'fastify';
import type { TestUser } from './factories';

/**
 * Gives a user what lists require to show them (an avatar, or a portfolio image), written
 * straight into the tables: for tests about lists, not about uploads.
 */
export async function givePicture(app: FastifyInstance, user: TestUser, kind: 'avatar' | 'work' = 'avatar'): Promise<void> {
  const id = user.user.id;
  if (kind === 'avatar') {
    await app.ctx.db.updateTable('users').set({ avatar: `/uploads/avatars/${id}/test.webp` }).where('id', '=', id).execute();
    return;
  }
  const now = new Date().toISOString();
  const url = `/uploads/gallery/${id}/test`;
  await app.ctx.db
    .insertInto('gallery_images')
    .values({ user_id: id, image_url: `${url}-large.webp`, medium_url: `${url}-medium.webp`, thumbnail_url: `${url}-thumb.webp`, width: 1200, height: 1500, caption: null, created_at: now, updated_at: now })
    .execute();
}

/** The same for several users. */
export async function givePictures(app: FastifyInstance, users: TestUser[]): Promise<void> {
  for (const user of users) await givePicture(app, user);
}

/** The URLs of a picture's three variants as a card answers them, from the path their files share (without the variant and extension). */
export function variantUrls(stem: string): { thumbnailUrl: string; mediumUrl: string; largeUrl: string } {
  return { thumbnailUrl: `${stem}-thumbnail.webp`, mediumUrl: `${stem}-medium.webp`, largeUrl: `${stem}-large.webp` };
}
