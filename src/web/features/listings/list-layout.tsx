import type { ReactNode } from 'react';
import { LOCALES, type Language } from '../../../common/languages';
import { useTranslation } from '../../i18n/react';
import { ApiError } from '../../lib/api';
import { Alert } from '../../ui/alert';
import { Button } from '../../ui/button';
import { EmptyState } from '../../ui/empty-state';
import { Pagination } from '../../ui/pagination';
import { ListingCardSkeleton } from './listing-card';

/** The state of a public list's page query, as ListResults reads it. */
export interface ListQuery<T> {
  isPending: boolean;
  isError: boolean;
  error: unknown;
  data?: { items: T[]; total: number; pageSize: number; totalCapped?: true };
  refetch: () => unknown;
}

/**
 * The body of a public list: skeleton cards while loading, the error with a retry, an empty
 * state with the action that fills it, or the grid of cards with paging links.
 */
export function ListResults<T>({
  query,
  page,
  hrefFor,
  renderItem,
  emptyTitle,
  emptyText,
  emptyAction,
  countText,
  pictures = 'cover',
}: {
  query: ListQuery<T>;
  page: number;
  hrefFor: (n: number) => string;
  renderItem: (item: T, index: number) => ReactNode;
  emptyTitle: string;
  emptyText?: string;
  emptyAction?: ReactNode;
  countText: (count: number) => string;
  /** How the cards lead (an artist's works or a cover picture): the skeletons take that shape. */
  pictures?: 'strip' | 'cover';
}) {
  const { t, i18n } = useTranslation('listings');
  if (query.isPending) {
    return (
      <div role="status" aria-label={t('loading')}>
        <ul className="grid gap-4 sm:grid-cols-2 lg:grid-cols-3">
          {Array.from({ length: 6 }, (_, i) => (
            <li key={i}>
              <ListingCardSkeleton variant={pictures} />
            </li>
          ))}
        </ul>
      </div>
    );
  }
  if (query.isError || !query.data) {
    return (
      <Alert
        tone="error"
        title={t('loadFailed')}
        action={
          <Button size="sm" onClick={() => void query.refetch()}>
            {t('retry')}
          </Button>
        }
      >
        {query.error instanceof ApiError ? query.error.message : null}
      </Alert>
    );
  }
  const { items, total, pageSize, totalCapped } = query.data;
  if (items.length === 0) {
    return <EmptyState title={emptyTitle} description={emptyText} action={emptyAction} />;
  }
  return (
    <div className="space-y-6">
      <p role="status" className="text-sm text-ink-muted">
        {totalCapped ? t('countAtLeast', { count: new Intl.NumberFormat(LOCALES[i18n.language as Language]).format(total) }) : countText(total)}
      </p>
      <ul className="grid gap-4 sm:grid-cols-2 lg:grid-cols-3">
        {items.map((item, i) => (
          <li key={i}>{renderItem(item, i)}</li>
        ))}
      </ul>
      <Pagination
        page={page}
        pageCount={Math.max(1, Math.ceil(total / pageSize))}
        hrefFor={hrefFor}
        texts={{ label: t('paging.label'), previous: t('paging.previous'), next: t('paging.next'), page: (n) => t('paging.page', { page: n }) }}
      />
    </div>
  );
}
