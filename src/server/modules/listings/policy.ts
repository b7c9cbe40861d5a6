import type { Can } from '../../../common/schemas/can';
import type { SessionUser } from '../../../common/schemas/session';
import { AppError } from '../../errors';

/** The owner manages a listing; an admin may edit and delete anyone's. */
export function canManage(user: SessionUser | null, ownerId: number): boolean {
  return !!user && (user.id === ownerId || user.role === 'admin');
}

/** What the viewer may do with a listing, as its answers carry it. */
export function listingCan(user: SessionUser | null, ownerId: number): Can {
  const manage = canManage(user, ownerId);
  return { edit: manage, delete: manage };
}

/** Throws 401 for visitors and 403 for anyone but the owner and admins. */
export function authorizeManage(user: SessionUser | null, ownerId: number): SessionUser {
  if (!user) throw new AppError(401, 'unauthorized');
  if (!canManage(user, ownerId)) throw new AppError(403, 'forbidden');
  return user;
}

/** Only studios post guest spots and only artists post availabilities (403 with the reason). */
export function authorizePost(user: SessionUser | null, userType: 'artist' | 'studio'): SessionUser {
  if (!user) throw new AppError(401, 'unauthorized');
  if (user.userType !== userType) throw new AppError(403, userType === 'studio' ? 'onlyStudios' : 'onlyArtists');
  return user;
}
