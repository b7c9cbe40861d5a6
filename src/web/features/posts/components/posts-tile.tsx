import { useTranslation } from '../../../i18n/react';
import { LocalizedLink } from '../../../i18n/localized-link';
import { useSession } from '../../../lib/session';
import { CountTile, countTileTexts } from '../../../ui/count-tile';
import { useUpcomingCount } from '../api/get-posts';
import { postPaths } from '../paths';

/**
 * The dashboard's planned-posts tile: how many posts are upcoming (drafts and planned ones),
 * with links to the list and to a new post; without a username the links stay on the dashboard.
 */
export function PostsTile() {
  const { t } = useTranslation('posts');
  const { user } = useSession();
  const count = useUpcomingCount(Boolean(user));
  const username = user?.username;
  return (
    <CountTile id="posts" texts={countTileTexts(t, 'tile', 'tile.failed')} query={count}>
      <LocalizedLink to={username ? postPaths.list(username) : '/dashboard'}>{t('tile.view')}</LocalizedLink>
      <LocalizedLink to={username ? postPaths.create(username) : '/dashboard'}>{t('tile.create')}</LocalizedLink>
    </CountTile>
  );
}
