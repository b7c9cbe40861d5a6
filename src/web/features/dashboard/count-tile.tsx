import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { ApiError } from '../../lib/api';
import { Card } from '../../ui/card';
import { Skeleton } from '../../ui/skeleton';
import { useHint } from './hints';

/**
 * A dashboard tile showing one number: a skeleton while it loads, '–' when it could not be
 * loaded (the reason goes to the hints box), the empty text for 0, else the count; `children`
 * are the tile's links. Texts are `{section}.*` and `hints.{section}` of the dashboard namespace.
 */
export function CountTile({
  section,
  query,
  children,
}: {
  section: 'visits' | 'guestSpots' | 'availability';
  query: { isPending: boolean; isError: boolean; error: unknown; data?: number };
  children?: ReactNode;
}) {
  const { t } = useTranslation('dashboard');
  // An aborted call (DOMException) is no failure to report.
  const failed = query.isError && !(query.error instanceof DOMException);
  useHint(section, failed ? (query.error instanceof ApiError && query.error.status !== 0 && query.error.message) || t(`hints.${section}`) : null);
  return (
    <Card className="flex flex-col p-5">
      <h2 className="text-sm font-semibold tracking-wide text-ink-muted uppercase">{t(`${section}.title`)}</h2>
      {query.isPending ? (
        <div role="status" aria-label={t(`${section}.loading`)} className="mt-3">
          <Skeleton className="h-9 w-24" />
        </div>
      ) : query.data === undefined ? (
        <p className="mt-3 text-ink-muted">–</p>
      ) : query.data === 0 ? (
        <p className="mt-3 text-ink-muted">{t(`${section}.empty`)}</p>
      ) : (
        <p className="mt-2 text-3xl font-extrabold">{t(`${section}.count`, { count: query.data })}</p>
      )}
      {children && <p className="mt-auto flex flex-wrap gap-x-4 gap-y-1 pt-3 text-sm font-semibold">{children}</p>}
    </Card>
  );
}
