import type { AgreementSide } from '../../../common/schemas/agreements';
import type { SessionUser } from '../../../common/schemas/session';
import { AppError } from '../../errors';

interface Parties {
  artist_id: number;
  studio_id: number;
}

/** Which side of the stay the user is, or null for anyone else. */
export function sideOf(user: SessionUser, stay: Parties): AgreementSide | null {
  if (user.id === stay.artist_id) return 'artist';
  if (user.id === stay.studio_id) return 'studio';
  return null;
}

/**
 * The two parties read their agreement, and admins do (they settle disputes about it); anyone
 * else is told there is no such stay (404), as if it did not exist.
 */
export function authorizeRead(user: SessionUser, stay: Parties | undefined): asserts stay is Parties {
  if (!stay || (sideOf(user, stay) === null && user.role !== 'admin')) throw new AppError(404, 'stayNotFound');
}

/** Only the parties accept; an admin, who may read it, learns why not (403). */
export function authorizeAccept(user: SessionUser, stay: Parties | undefined): AgreementSide {
  authorizeRead(user, stay);
  const side = sideOf(user, stay);
  if (!side) throw new AppError(403, 'agreementPartiesOnly');
  return side;
}
