import type { ReactNode } from 'react';
import { ApiError } from '../lib/api';
import { Card } from './card';
import { useHint } from './hints';
import { Skeleton } from './skeleton';

export interface CountTileTexts {
  title: string;
  loading: string;
  empty: string;
  count: (count: number) => string;
  /** The hint when the number could not be loaded and the server gave no reason. */
  failed: string;
}

/**
 * A tile showing one number: a skeleton while it loads, '–' when it could not be loaded (the
 * reason goes to the hints box under `id`), the empty text for 0, else the count; `children`
 * are the tile's links.
 */
export function CountTile({
  id,
  texts,
  query,
  children,
}: {
  id: string;
  texts: CountTileTexts;
  query: { isPending: boolean; isError: boolean; error: unknown; data?: number };
  children?: ReactNode;
}) {
  // An aborted call (DOMException) is no failure to report.
  const failed = query.isError && !(query.error instanceof DOMException);
  useHint(id, failed ? (query.error instanceof ApiError && query.error.status !== 0 && query.error.message) || texts.failed : null);
  return (
    <Card className="flex flex-col p-5">
      <h2 className="text-sm font-semibold tracking-wide text-ink-muted uppercase">{texts.title}</h2>
      {query.isPending ? (
        <div role="status" aria-label={texts.loading} className="mt-3">
          <Skeleton className="h-9 w-24" />
        </div>
      ) : query.data === undefined ? (
        <p className="mt-3 text-ink-muted">–</p>
      ) : query.data === 0 ? (
        <p className="mt-3 text-ink-muted">{texts.empty}</p>
      ) : (
        <p className="mt-2 text-2xl font-extrabold [overflow-wrap:anywhere] hyphens-auto sm:text-3xl lg:text-2xl">{texts.count(query.data)}</p>
      )}
      {children && <p className="mt-auto flex flex-wrap gap-x-4 gap-y-1 pt-3 text-sm font-semibold">{children}</p>}
    </Card>
  );
}

/**
 * The texts of a tile whose namespace keeps them as `{section}.title|loading|empty|count`, and
 * the failure hint under `failedKey` (in the dashboard's own namespace `hints.{section}`).
 */
export function countTileTexts(
  t: (key: string, options?: Record<string, unknown>) => string,
  section: string,
  failedKey = `hints.${section}`,
): CountTileTexts {
  return {
    title: t(`${section}.title`),
    loading: t(`${section}.loading`),
    empty: t(`${section}.empty`),
    count: (count) => t(`${section}.count`, { count }),
    failed: t(failedKey),
  };
}
