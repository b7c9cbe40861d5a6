import type { Can } from '../../../common/schemas/can';
import type { SessionUser } from '../../../common/schemas/session';

/** Who may do what with a profile: only its owner edits it and its images, or deletes the account. */
export const profilePolicy = {
  update: (user: SessionUser, profileId: number) => user.id === profileId,
  /** The e-mail and the role: the owner's own business. */
  seePrivate: (viewer: SessionUser | null, profileId: number) => viewer?.id === profileId,
  /** What the viewer may do with the profile, as its answer carries it. */
  can: (viewer: SessionUser | null, profileId: number): Can => {
    const owner = !!viewer && profilePolicy.update(viewer, profileId);
    return { edit: owner, delete: owner };
  },
};
