import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { api, ApiError } from '../../lib/api';
import { Card } from '../../ui/card';
import { Skeleton } from '../../ui/skeleton';
import { useHint } from './hints';

export function VisitsTile() {
  const { t } = useTranslation('dashboard');
  const visits = useQuery({
    queryKey: ['profile-visits', 'my-count'],
    queryFn: ({ signal }) => api.get<{ success: boolean; count: number }>('/api/profile-visits/my-count', { signal }),
  });
  const failed = visits.isError && !(visits.error instanceof DOMException);
  useHint('visits', failed ? (visits.error instanceof ApiError && visits.error.status !== 0 && visits.error.message) || t('hints.visits') : null);
  return (
    <Card className="p-5">
      <h2 className="text-sm font-semibold uppercase tracking-wide text-ink-muted">{t('visits.title')}</h2>
      {visits.isPending ? (
        <div role="status" aria-label={t('visits.loading')} className="mt-3">
          <Skeleton className="h-9 w-24" />
        </div>
      ) : visits.data ? (
        visits.data.count === 0 ? (
          <p className="mt-3 text-ink-muted">{t('visits.empty')}</p>
        ) : (
          <p className="mt-2 text-3xl font-extrabold">{t('visits.count', { count: visits.data.count })}</p>
        )
      ) : (
        <p className="mt-3 text-ink-muted">–</p>
      )}
    </Card>
  );
}
