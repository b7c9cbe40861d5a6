import { useTranslation } from '../../../i18n/react';
import { Link } from '../../../routing';
import { formatRating } from '../../../../common/format';
import { profilePathTo } from '../../../../common/routes';
import { useLanguage } from '../../../i18n/language';
import { ApiError } from '../../../lib/api';
import { Card } from '../../../ui/card';
import { useHint } from '../../../ui/hints';
import { Skeleton } from '../../../ui/skeleton';
import { useReviewStats } from '../api/get-review-stats';
import { Stars } from './stars';

/**
 * The dashboard's reviews tile: count and average of the reviews received, linking to the
 * profile's reviews tab. A failure shows '–' here and its reason in the page's hints box.
 */
export function ReviewsTile({ userId, username }: { userId: number; username: string }) {
  const { t } = useTranslation('reviews');
  const lang = useLanguage();
  const stats = useReviewStats(userId);
  const failed = stats.isError && !(stats.error instanceof DOMException);
  useHint('reviews', failed ? (stats.error instanceof ApiError && stats.error.status !== 0 && stats.error.message) || t('tile.failed') : null);
  const rating = stats.data ? formatRating(stats.data.averageRating, stats.data.reviewsCount, lang) : null;
  return (
    <Card className="flex flex-col p-5">
      <h2 className="text-sm font-semibold tracking-wide text-ink-muted uppercase">{t('tile.title')}</h2>
      {stats.isPending ? (
        <div role="status" aria-label={t('tile.loading')} className="mt-3">
          <Skeleton className="h-9 w-24" />
        </div>
      ) : !stats.data || !rating ? (
        <p className="mt-3 text-ink-muted">–</p>
      ) : rating.value === null ? (
        <p className="mt-3 text-ink-muted">{t('tile.empty')}</p>
      ) : (
        <div className="mt-2 space-y-1">
          <p className="flex items-center gap-2">
            <span className="text-3xl font-extrabold">{t('tile.average', { value: rating.value })}</span>
          </p>
          <p className="flex flex-wrap items-center gap-2 text-sm">
            <Stars value={stats.data.averageRating} size="sm" />
            <span>{t('count', { count: rating.count })}</span>
          </p>
        </div>
      )}
      <p className="mt-auto flex flex-wrap gap-x-4 gap-y-1 pt-3 text-sm font-semibold">
        <Link to={`${profilePathTo(username, lang)}?tab=reviews`}>{t('tile.link')}</Link>
      </p>
    </Card>
  );
}
