import type { SessionUser } from '../../../common/schemas/session';

/** Who may do what with a portfolio image (document 2 §6: the owner edits; admins moderate). */
export const galleryPolicy = {
  upload: (user: SessionUser) => user.id > 0,
  update: (user: SessionUser, image: { user_id: number }) => user.id === image.user_id,
  reorder: (user: SessionUser, images: { user_id: number }[]) => images.every((image) => image.user_id === user.id),
  delete: (user: SessionUser, image: { user_id: number }) => user.id === image.user_id || user.role === 'admin',
};
