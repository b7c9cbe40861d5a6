import { useTranslation } from '../../i18n/react';
import { UNREAD_POLL_OWNER_MS } from '../../../common/constants';
import { useSession } from '../../lib/session';
import { useUnreadCount } from './api/get-unread-count';
import { useLiveMessages } from './live/use-live-messages';

/**
 * The label of the owner's messages tab with the unread count: live, polled every 30 s as the
 * fallback (paused while the tab is hidden). Rendered for the logged-in owner only, so no one
 * else loads the live stream with it.
 */
export function MessagesTabLabel() {
  const { t } = useTranslation('messages');
  const { user } = useSession();
  useLiveMessages();
  const unread = useUnreadCount(user?.id, { pollMs: UNREAD_POLL_OWNER_MS });
  return unread.data ? t('tab.labelCount', { count: unread.data }) : t('tab.label');
}
