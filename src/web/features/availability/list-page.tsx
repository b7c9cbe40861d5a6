import { useTranslation } from 'react-i18next';
import { Button } from '../../ui/button';
import { useSession } from '../auth';
import { AddLink, FilterBar, ListResults, useListAddress } from '../listings';
import { useAvailabilityList } from './api';
import { AvailabilityCard } from './availability-card';

/** /artist-availability: artists' travel periods with filters in the address (paged with ?page=). */
export default function AvailabilityListPage() {
  const { t } = useTranslation(['availability', 'listings']);
  const { user } = useSession();
  const { filters, page, setFilters, hrefFor, active } = useListAddress('/artist-availability', { pathPaging: false });
  const list = useAvailabilityList(filters, page);
  const isStudio = user?.userType === 'studio';

  const emptyAction = active ? (
    <Button onClick={() => setFilters({ style: '', country: '', city: '', from: '', to: '', q: '' })}>{t('listings:filters.reset')}</Button>
  ) : isStudio ? (
    <AddLink to="/guestspot/new" label={t('list.emptyStudioAction')} />
  ) : (
    <AddLink to="/guestartist/new" label={t('list.emptyAction')} />
  );

  return (
    <div className="mx-auto w-full max-w-6xl space-y-6 px-4 py-8 sm:py-12">
      <header className="flex flex-col gap-4 sm:flex-row sm:items-end sm:justify-between">
        <div>
          <h1 className="text-3xl font-extrabold tracking-tight sm:text-4xl">{t('list.title')}</h1>
          <p className="mt-2 max-w-prose text-ink-muted">{t('list.intro')}</p>
        </div>
        {!isStudio && <AddLink to="/guestartist/new" label={t('list.add')} variant="secondary" />}
      </header>
      <FilterBar idPrefix="av-filter" fields={['q', 'style', 'country', 'city', 'from', 'to']} filters={filters} onChange={setFilters} active={active} />
      <ListResults
        query={list}
        page={page}
        hrefFor={hrefFor}
        renderItem={(entry, i) => <AvailabilityCard entry={entry} priority={i === 0} />}
        emptyTitle={active ? t('list.emptyFiltered') : t('list.empty')}
        emptyText={active ? t('list.emptyFilteredText') : t('list.emptyText')}
        emptyAction={emptyAction}
        countText={(count) => t('list.count', { count })}
      />
    </div>
  );
}
