import type { SessionUser } from '../../../common/schemas/session';
import { AppError } from '../../errors';

interface Parties {
  kind: string;
  artist_id: number;
  studio_id: number;
}

/** Who answers a request: the studio an application goes to, the artist an invitation goes to. */
export const answererOf = (r: Parties) => (r.kind === 'application' ? r.studio_id : r.artist_id);
/** Who made a request, and may withdraw it while it is pending. */
export const senderOf = (r: Parties) => (r.kind === 'application' ? r.artist_id : r.studio_id);

/**
 * Accept and decline are the answerer's, withdraw the sender's. Someone who is not a party is
 * told there is no such request (404), as if it did not exist; the other party learns why not (403).
 * Admins are not a party to anyone's deal: they see it in the admin area, not here.
 */
export function authorizeRequest(user: SessionUser, request: Parties | undefined, action: 'answer' | 'withdraw'): asserts request is Parties {
  if (!request || (user.id !== request.artist_id && user.id !== request.studio_id)) throw new AppError(404, 'dealNotFound');
  const allowed = action === 'answer' ? answererOf(request) : senderOf(request);
  if (user.id !== allowed) throw new AppError(403, 'dealWrongSide');
}

/** Either side of a stay may cancel it; anyone else is told there is no such stay. */
export function authorizeStay(user: SessionUser, stay: { artist_id: number; studio_id: number } | undefined): asserts stay is { artist_id: number; studio_id: number } {
  if (!stay || (user.id !== stay.artist_id && user.id !== stay.studio_id)) throw new AppError(404, 'stayNotFound');
}

/** Only studios invite artists. */
export function authorizeInvite(user: SessionUser): void {
  if (user.userType !== 'studio') throw new AppError(403, 'onlyStudios');
}
