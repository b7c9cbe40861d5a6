import { forumThreadPath } from '../../../common/forum';
import { ApiError } from '../../lib/api';
import { LocalizedLink } from '../../i18n/localized-link';
import { useTranslation } from '../../i18n/react';
import { Card } from '../../ui/card';
import { useHint } from '../../ui/hints';
import { Skeleton } from '../../ui/skeleton';
import { useLatestThreads } from './api';
import { TimeAgo } from './components/parts';

const TILE_THREADS = 3;

/**
 * The dashboard's forum tile (decision 7): the three latest threads with their category,
 * replies and last activity, and the way to the forum. A failure shows '–' and its reason in
 * the dashboard's hints box, as the other tiles do.
 */
export function ForumTile() {
  const { t } = useTranslation('forum');
  const latest = useLatestThreads(TILE_THREADS);
  // An aborted call (DOMException) is no failure to report.
  const failed = latest.isError && !(latest.error instanceof DOMException);
  useHint('forum', failed ? (latest.error instanceof ApiError && latest.error.status !== 0 && latest.error.message) || t('tile.failed') : null);
  return (
    <Card className="flex flex-col p-5">
      <h2 className="text-sm font-semibold tracking-wide text-ink-muted uppercase">{t('tile.title')}</h2>
      {latest.isPending ? (
        <div role="status" aria-label={t('tile.loading')} className="mt-3 space-y-2">
          <Skeleton className="h-5 w-full" />
          <Skeleton className="h-5 w-5/6" />
          <Skeleton className="h-5 w-4/6" />
        </div>
      ) : !latest.data ? (
        <p className="mt-3 text-ink-muted">–</p>
      ) : latest.data.length === 0 ? (
        <p className="mt-3 text-ink-muted">{t('tile.empty')}</p>
      ) : (
        <ol className="mt-3 space-y-3">
          {latest.data.map((thread) => (
            <li key={thread.id} className="min-w-0">
              <LocalizedLink to={forumThreadPath(thread.id, thread.slug)} className="line-clamp-2 font-semibold break-words text-ink" lang={thread.language}>
                {thread.title}
              </LocalizedLink>
              <p className="text-sm text-ink-muted">
                {thread.category.name} · {t('thread.replies', { count: thread.replyCount })} · <TimeAgo value={thread.lastPostAt} />
              </p>
            </li>
          ))}
        </ol>
      )}
      <p className="mt-auto flex flex-wrap gap-x-4 gap-y-1 pt-3 text-sm font-semibold">
        <LocalizedLink to="/forum">{t('tile.open')}</LocalizedLink>
      </p>
    </Card>
  );
}
