import type { SessionUser } from '../../../common/schemas/session';

/** Who may do what with a profile (document 2 §6): only its owner edits it and its images. */
export const profilePolicy = {
  update: (user: SessionUser, profileId: number) => user.id === profileId,
  /** The e-mail and the role: the owner's own business. */
  seePrivate: (viewer: SessionUser | null, profileId: number) => viewer?.id === profileId,
};
