import type { SessionUser } from '../../../common/schemas/session';

/**
 * Who may report what. Anyone logged in may report another user, any review, image, listing or forum post but their own;
 * a message only its recipient may report. A message of someone else's conversation is
 * answered as not found, so its id tells a stranger nothing; its own sender gets a 403 naming
 * the rule.
 */
export const reportPolicy = {
  user: (reporter: SessionUser, target: { id: number }): 'ok' | 'forbidden' => (target.id === reporter.id ? 'forbidden' : 'ok'),
  message: (reporter: SessionUser, message: { sender_id: number; receiver_id: number }): 'ok' | 'notAllowed' | 'hidden' => {
    if (message.receiver_id === reporter.id) return 'ok';
    return message.sender_id === reporter.id ? 'notAllowed' : 'hidden';
  },
  review: (reporter: SessionUser, review: { reviewer_id: number }): 'ok' | 'forbidden' => (review.reviewer_id === reporter.id ? 'forbidden' : 'ok'),
  /** An image or listing: anyone but its owner; one hidden by moderation is gone for the others. */
  published: (reporter: SessionUser, target: { owner_id: number; hidden_at: string | null }): 'ok' | 'forbidden' | 'hidden' => {
    if (target.owner_id === reporter.id) return 'forbidden';
    return target.hidden_at ? 'hidden' : 'ok';
  },
  /**
   * A forum thread or reply: anyone but its author (who is answered 400: there is nothing to
   * report about one's own words, they can edit or delete them); hidden ones are gone for the others.
   */
  forum: (reporter: SessionUser, target: { owner_id: number; hidden: boolean }): 'ok' | 'own' | 'hidden' => {
    if (target.owner_id === reporter.id) return 'own';
    return target.hidden ? 'hidden' : 'ok';
  },
};
