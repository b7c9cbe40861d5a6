import { BellRing, Pause, Play, Search, Trash2 } from 'lucide-react';
import { buildPath } from '../../../common/routes';
import { SAVED_SEARCH_FREQUENCIES, SAVED_SEARCH_LIST_ROUTE, savedSearchQuery, type SavedSearch, type SavedSearchFrequency } from '../../../common/schemas/saved-searches';
import { LocalizedLink } from '../../i18n/localized-link';
import { useTranslation } from '../../i18n/react';
import { Button, buttonClasses } from '../../ui/button';
import { Card } from '../../ui/card';
import { CardHeading } from '../../ui/card-heading';
import { EmptyState } from '../../ui/empty-state';
import { Select } from '../../ui/field';
import { QueryErrorAlert } from '../../ui/retry-alert';
import { Skeleton } from '../../ui/skeleton';
import { toast } from '../../ui/toast';
import { useDeleteSavedSearch, useSavedSearches, useUpdateSavedSearch } from './api';

/** The dashboard's saved searches: each with its list, how often it mails, pause and delete, and a link that runs it. */
export function SavedSearchesCard() {
  const { t } = useTranslation('savedSearches');
  const searches = useSavedSearches();
  const list = searches.data?.searches ?? [];
  return (
    <Card id="saved-searches" className="space-y-4 p-5" aria-labelledby="saved-searches-heading">
      <CardHeading id="saved-searches-heading" title={t('card.title')} intro={t('card.intro', { max: searches.data?.max ?? 20 })} />
      {searches.isPending ? (
        <div aria-busy="true" className="space-y-3">
          <span className="sr-only">{t('card.loading')}</span>
          <Skeleton className="h-16 w-full" />
          <Skeleton className="h-16 w-full" />
        </div>
      ) : searches.isError ? (
        <QueryErrorAlert query={searches} retryLabel={t('card.retry')} fallback={t('card.failed')} />
      ) : list.length === 0 ? (
        <EmptyState icon={<BellRing aria-hidden="true" />} title={t('card.emptyTitle')} description={t('card.emptyText')} />
      ) : (
        <ul className="divide-y divide-line">
          {list.map((search) => (
            <SavedSearchRow key={search.id} search={search} />
          ))}
        </ul>
      )}
    </Card>
  );
}

function SavedSearchRow({ search }: { search: SavedSearch }) {
  const { t } = useTranslation('savedSearches');
  const update = useUpdateSavedSearch();
  const remove = useDeleteSavedSearch();
  const failed = (err: Error) => toast.error(err.message || t('card.changeFailed'));
  const change = (patch: { frequency?: SavedSearchFrequency; paused?: boolean }) => update.mutate({ id: search.id, change: patch }, { onError: failed });
  const runPath = `${buildPath(SAVED_SEARCH_LIST_ROUTE[search.kind])}${savedSearchQuery(search.filters)}`;
  const frequencyId = `saved-search-${search.id}-frequency`;
  return (
    <li className="flex flex-col gap-3 py-3 sm:flex-row sm:items-center sm:justify-between">
      <div className="min-w-0">
        <p className="font-semibold break-words">{search.name}</p>
        <p className="text-sm text-ink-muted">
          {t(`kinds.${search.kind}`)}
          {search.paused ? ` · ${t('card.paused')}` : ''}
        </p>
      </div>
      <div className="flex flex-wrap items-end gap-2">
        <div className="w-40">
          <Select
            id={frequencyId}
            label={t('card.frequency')}
            value={search.frequency}
            disabled={update.isPending}
            onChange={(e) => change({ frequency: e.target.value as SavedSearchFrequency })}
            options={SAVED_SEARCH_FREQUENCIES.map((f) => ({ value: f, label: t(`frequency.${f}`) }))}
          />
        </div>
        <LocalizedLink to={runPath} className={buttonClasses({ variant: 'ghost', size: 'sm' })} aria-label={t('card.runName', { name: search.name })}>
          <Search aria-hidden="true" className="size-4" />
          {t('card.run')}
        </LocalizedLink>
        <Button
          size="sm"
          variant="secondary"
          // One width for both states, so the rows' controls line up.
          className="min-w-36"
          aria-pressed={search.paused}
          aria-label={t(search.paused ? 'card.resumeName' : 'card.pauseName', { name: search.name })}
          icon={search.paused ? <Play aria-hidden="true" className="size-4" /> : <Pause aria-hidden="true" className="size-4" />}
          disabled={update.isPending}
          onClick={() => change({ paused: !search.paused })}
        >
          {t(search.paused ? 'card.resume' : 'card.pause')}
        </Button>
        <Button
          size="sm"
          variant="ghost"
          aria-label={t('card.deleteName', { name: search.name })}
          icon={<Trash2 aria-hidden="true" className="size-4" />}
          loading={remove.isPending}
          onClick={() => remove.mutate(search.id, { onError: failed })}
        >
          {t('card.delete')}
        </Button>
      </div>
    </li>
  );
}
