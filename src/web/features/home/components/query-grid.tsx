import type { UseQueryResult } from '@tanstack/react-query';
import { Fragment, type ReactNode } from 'react';
import { useTranslation } from '../../../i18n/react';
import { Alert } from '../../../ui/alert';
import { Button } from '../../../ui/button';

/**
 * A start page list as its query goes: while loading, `count` skeletons in the list's grid with
 * the loading text for screen readers; on failure the error with a retry; then what `children`
 * makes of the data.
 */
export function QueryGrid<T>({
  query,
  grid,
  skeleton,
  count,
  texts,
  children,
}: {
  query: UseQueryResult<T>;
  grid: string;
  skeleton: ReactNode;
  count: number;
  texts: { loading: string; error: string };
  children: (data: T) => ReactNode;
}) {
  const { t } = useTranslation('home');
  if (query.isPending) {
    return (
      <div aria-busy="true">
        <span role="status" className="sr-only">
          {texts.loading}
        </span>
        <div className={grid}>
          {Array.from({ length: count }, (_, i) => (
            <Fragment key={i}>{skeleton}</Fragment>
          ))}
        </div>
      </div>
    );
  }
  if (query.isError) {
    return (
      <Alert
        tone="error"
        action={
          <Button size="sm" onClick={() => void query.refetch()} loading={query.isFetching}>
            {t('featured.retry')}
          </Button>
        }
      >
        {texts.error}
      </Alert>
    );
  }
  return children(query.data);
}
