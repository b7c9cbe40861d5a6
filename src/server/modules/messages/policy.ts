import type { SessionUser } from '../../../common/schemas/session';
import { AppError } from '../../errors';

/** Who blocked whom between the viewer and another user. */
export interface BlockState {
  byMe: boolean;
  byThem: boolean;
  /** The other account is suspended by the admin team: it takes no messages while that lasts. */
  suspended?: boolean;
}

/** Anyone may message any other user, of either type, unless either blocked the other or the other is suspended. */
export function canMessage(me: number, other: number, blocks: BlockState): boolean {
  return me !== other && !blocks.byMe && !blocks.byThem && !blocks.suspended;
}

/**
 * Throws 400 for a message to oneself and 403 across a block (either way; the text does not say
 * who blocked) or to a suspended account, with the same text, so a suspension is not announced.
 */
export function authorizeMessage(me: number, other: number, blocks: BlockState): void {
  if (me === other) throw new AppError(400, 'messageSelf');
  if (blocks.byMe || blocks.byThem || blocks.suspended) throw new AppError(403, 'messageBlocked');
}

/**
 * Only the sender deletes a message, for both sides. The recipient learns why not (403); anyone
 * else is told there is no such message, as if it did not exist (404).
 */
export function authorizeDelete(user: SessionUser, message: { sender_id: number; receiver_id: number }): void {
  if (message.sender_id === user.id) return;
  if (message.receiver_id === user.id) throw new AppError(403, 'messageNotSender');
  throw new AppError(404, 'messageNotFound');
}

/** Only artists apply to guest spots. */
export function authorizeApply(user: SessionUser): void {
  if (user.userType !== 'artist') throw new AppError(403, 'applyArtistsOnly');
}
