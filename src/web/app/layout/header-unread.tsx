import { useTranslation } from '../../i18n/react';
import { UNREAD_POLL_DASHBOARD_MS } from '../../../common/constants';
import { useUnreadCount } from '../../features/messages/api/get-unread-count';
import { useSession } from '../../lib/session';

/**
 * The unread-message count on the menu button, where the navigation (which carries it on wide
 * screens) is folded into the menu: a badge on the button's corner, so the crowded phone header
 * gives it no width; the menu's Messages link carries the count too. The same query as the
 * navigation's, so no second request. Part of the button's name for a screen reader.
 */
export function MenuUnreadBadge() {
  const { t } = useTranslation();
  const { state, user } = useSession();
  const unread = useUnreadCount(user?.id, { pollMs: UNREAD_POLL_DASHBOARD_MS, enabled: state === 'loggedIn' });
  const count = unread.data ?? 0;
  if (state !== 'loggedIn' || count === 0) return null;
  return (
    <span data-testid="menu-unread" className="absolute -top-2 -right-2 min-w-5 rounded-full bg-accent px-1 text-center text-xs leading-5 font-bold text-on-accent">
      <span aria-hidden="true">{count > 99 ? '99+' : count}</span>
      <span className="sr-only">, {t('nav.unread', { count })}</span>
    </span>
  );
}
