import { Users } from 'lucide-react';
import { formatDate } from '../../../common/format';
import { profilePathTo } from '../../../common/routes';
import { useLanguage } from '../../i18n/language';
import { LocalizedLink } from '../../i18n/localized-link';
import { useTranslation } from '../../i18n/react';
import { Avatar } from '../../ui/avatar';
import { Card } from '../../ui/card';
import { CardHeading } from '../../ui/card-heading';
import { EmptyState } from '../../ui/empty-state';
import { LoadMoreButton } from '../../ui/load-more';
import { QueryErrorAlert } from '../../ui/retry-alert';
import { Skeleton } from '../../ui/skeleton';
import { useFollowers } from './api';

/** The dashboard's list of who follows the account: only the account itself ever sees it. */
export function FollowersCard() {
  const { t } = useTranslation('follows');
  const lang = useLanguage();
  const followers = useFollowers();
  const users = followers.data?.pages.flatMap((p) => p.users) ?? [];
  return (
    <Card className="space-y-4 p-5" aria-labelledby="followers-heading">
      <CardHeading id="followers-heading" title={t('followers.title')} intro={t('followers.intro')} />
      {followers.isPending ? (
        <div aria-busy="true" className="space-y-3">
          <span className="sr-only">{t('loading')}</span>
          <Skeleton className="h-10 w-full" />
          <Skeleton className="h-10 w-full" />
        </div>
      ) : followers.isError ? (
        <QueryErrorAlert query={followers} retryLabel={t('retry')} fallback={t('followers.failed')} />
      ) : users.length === 0 ? (
        <EmptyState icon={<Users aria-hidden="true" />} title={t('followers.emptyTitle')} description={t('followers.emptyText')} />
      ) : (
        <>
          <ul className="grid gap-2 sm:grid-cols-2">
            {users.map((user) => (
              <li key={user.id}>
                <LocalizedLink to={profilePathTo(user.username)} className="flex items-center gap-3 rounded p-2 text-ink no-underline hover:bg-sunken">
                  <Avatar src={user.avatar} name={user.name} username={user.username} size="sm" decorative />
                  <span className="min-w-0">
                    <span className="block font-semibold break-words">{user.name || user.username}</span>
                    <span className="block text-sm text-ink-muted">
                      {t(`followers.type.${user.userType}`)}
                      {user.city ? ` · ${user.city}` : ''} · {t('followers.since', { date: formatDate(user.followedAt, lang) })}
                    </span>
                  </span>
                </LocalizedLink>
              </li>
            ))}
          </ul>
          <LoadMoreButton query={followers} label={t('followers.more')} size="sm" />
        </>
      )}
    </Card>
  );
}
