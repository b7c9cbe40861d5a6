import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { LocalizedLink } from '../../i18n/localized-link';
import { Alert } from '../../ui/alert';
import { Card } from '../../ui/card';
import { EmptyState } from '../../ui/empty-state';
import type { ListingNamespace } from './kind';
import { InactiveBadge } from './listing-card';
import { LoadingRows } from './page-guard';
import { usePeriodText } from './period';
import { AddLink } from './owner-actions';

export interface ManageEntry {
  id: number;
  title: string;
  isActive: boolean;
  startDate: string;
  endDate: string;
  place: string;
  href: string;
}

/**
 * A manage page: own entries, active and inactive, each with its actions; the add button on top.
 * Texts come from the kind's namespace (`manage.*`, `list.add`, `profileTab.loadFailed`).
 */
export function ManageList<T extends ManageEntry>({
  ns,
  intro,
  addHref,
  query,
  actions,
}: {
  ns: ListingNamespace;
  intro: string;
  addHref: string;
  query: { isPending: boolean; isError: boolean; data?: T[] };
  actions: (entry: T) => ReactNode;
}) {
  const { t } = useTranslation([ns, 'listings']);
  const title = t('manage.title');
  const addLabel = t('list.add');
  const period = usePeriodText();
  return (
    <div className="mx-auto w-full max-w-4xl space-y-6 px-4 py-8 sm:py-12">
      <header className="flex flex-col gap-4 sm:flex-row sm:items-end sm:justify-between">
        <div>
          <h1 className="text-3xl font-extrabold tracking-tight sm:text-4xl">{title}</h1>
          <p className="mt-2 max-w-prose text-ink-muted">{intro}</p>
        </div>
        <AddLink to={addHref} label={addLabel} />
      </header>
      {query.isPending ? (
        <LoadingRows height="h-28" />
      ) : query.isError || !query.data ? (
        <Alert tone="error">{t('profileTab.loadFailed')}</Alert>
      ) : query.data.length === 0 ? (
        <EmptyState title={t('manage.empty')} action={<AddLink to={addHref} label={addLabel} />} />
      ) : (
        <ul className="space-y-3">
          {query.data.map((entry) => (
            <li key={entry.id}>
              <Card className="flex flex-col gap-3 p-4 md:flex-row md:items-center md:justify-between">
                <div className="min-w-0 space-y-1">
                  <p className="flex flex-wrap items-center gap-2">
                    <LocalizedLink to={entry.href} className="text-lg font-bold break-words">
                      {entry.title}
                    </LocalizedLink>
                    {!entry.isActive && <InactiveBadge />}
                  </p>
                  <p className="text-sm text-ink-muted">
                    {period(entry.startDate, entry.endDate)}
                    {entry.place && ` · ${entry.place}`}
                  </p>
                </div>
                <div className="shrink-0">{actions(entry)}</div>
              </Card>
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}
