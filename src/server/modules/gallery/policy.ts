import type { Can } from '../../../common/schemas/can';
import type { SessionUser } from '../../../common/schemas/session';

type Owned = { user_id: number };

/** Who may do what with a portfolio image (the owner edits; admins moderate). */
export const galleryPolicy = {
  upload: (user: SessionUser) => user.id > 0,
  update: (user: SessionUser, image: Owned) => user.id === image.user_id,
  reorder: (user: SessionUser, images: Owned[]) => images.every((image) => image.user_id === user.id),
  delete: (user: SessionUser, image: Owned) => user.id === image.user_id || user.role === 'admin',
  /** An image hidden by moderation: its owner still sees it (to learn why, and to delete it), and admins. */
  seeHidden: (viewer: SessionUser | null, image: Owned) => !!viewer && (viewer.id === image.user_id || viewer.role === 'admin'),
  /** What the viewer may do with the image, as its answer carries it. */
  can: (viewer: SessionUser | null, image: Owned): Can => ({
    edit: !!viewer && galleryPolicy.update(viewer, image),
    delete: !!viewer && galleryPolicy.delete(viewer, image),
  }),
};
