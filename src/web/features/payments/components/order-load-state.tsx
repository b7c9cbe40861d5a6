import type { ReactNode } from 'react';
import { useTranslation } from '../../../i18n/react';
import { isNotFound } from '../../../lib/api';
import { Alert } from '../../../ui/alert';
import { NotFound } from '../../../ui/not-found';
import { LoadingShape, SkeletonLines } from '../../../ui/skeleton';

/**
 * What a page about one order shows until the order is there: its skeleton (`lines`) while it
 * loads; the not-found page when there is no such order, so a stranger cannot tell whether it
 * exists; else the page's title over the failure, then `children`. The texts are the page's
 * own (`{page}.loading`, `.title`, `.loadFailed`).
 */
export function OrderLoadState({
  query,
  page,
  className,
  lines,
  children,
}: {
  query: { isPending: boolean; error: unknown };
  page: 'checkout' | 'receipt';
  className: string;
  lines: string[];
  children?: ReactNode;
}) {
  const { t } = useTranslation('payments');
  if (query.isPending) {
    return (
      <LoadingShape label={t(`${page}.loading`)} className={className}>
        <SkeletonLines lines={lines} />
      </LoadingShape>
    );
  }
  if (isNotFound(query.error)) return <NotFound />;
  return (
    <section className={className}>
      <h1 className="text-2xl font-extrabold">{t(`${page}.title`)}</h1>
      <Alert tone="error">{t(`${page}.loadFailed`)}</Alert>
      {children}
    </section>
  );
}
