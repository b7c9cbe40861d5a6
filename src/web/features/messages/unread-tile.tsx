import { useTranslation } from '../../i18n/react';
import { UNREAD_POLL_DASHBOARD_MS } from '../../../common/constants';
import { profilePath } from '../../../common/username';
import { LocalizedLink } from '../../i18n/localized-link';
import { useSession } from '../../lib/session';
import { CountTile, countTileTexts } from '../../ui/count-tile';
import { useOwnUsername } from './api/get-owner-path';
import { useUnreadCount } from './api/get-unread-count';
import { useLiveMessages } from './live/use-live-messages';

/**
 * The dashboard's unread box: live, polled every 60 s as the fallback; it links the own
 * messages tab (/{username}?tab=messages), or /messages while the username is unknown.
 */
export function UnreadTile() {
  const { t } = useTranslation('messages');
  const { user } = useSession();
  useLiveMessages();
  const me = user?.id;
  const unread = useUnreadCount(me, { pollMs: UNREAD_POLL_DASHBOARD_MS });
  const username = useOwnUsername(me ?? 0);
  const href = username.data ? `/${profilePath(username.data)}?tab=messages` : '/messages';
  return (
    <CountTile id="unread" texts={countTileTexts(t, 'unread', 'unread.failed')} query={unread}>
      <LocalizedLink to={href} data-testid="unread-link">{t('unread.open')}</LocalizedLink>
    </CountTile>
  );
}
