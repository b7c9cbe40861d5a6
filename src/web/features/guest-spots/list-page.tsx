import { useTranslation } from 'react-i18next';
import { Button } from '../../ui/button';
import { useSession } from '../auth';
import { AddLink, FilterBar, ListResults, useListAddress } from '../listings';
import { useGuestSpotList } from './api';
import { GuestSpotCard } from './guest-spot-card';

/** /guestspots, /guestspots/page/{n} and /gastplatze: active guest spots with filters kept in the address. */
export default function GuestSpotListPage() {
  const { t } = useTranslation(['guestSpots', 'listings']);
  const { user } = useSession();
  const { filters, page, setFilters, hrefFor, active } = useListAddress('/guestspots');
  const list = useGuestSpotList(filters, page);
  const isArtist = user?.userType === 'artist';

  const emptyAction = active ? (
    <Button onClick={() => setFilters({ style: '', country: '', city: '', from: '', to: '', q: '' })}>{t('listings:filters.reset')}</Button>
  ) : isArtist ? (
    <AddLink to="/guestartist/new" label={t('list.emptyArtistAction')} />
  ) : (
    <AddLink to="/guestspot/new" label={t('list.emptyAction')} />
  );

  return (
    <div className="mx-auto w-full max-w-6xl space-y-6 px-4 py-8 sm:py-12">
      <header className="flex flex-col gap-4 sm:flex-row sm:items-end sm:justify-between">
        <div>
          <h1 className="text-3xl font-extrabold tracking-tight sm:text-4xl">{t('list.title')}</h1>
          <p className="mt-2 max-w-prose text-ink-muted">{t('list.intro')}</p>
        </div>
        {!isArtist && <AddLink to="/guestspot/new" label={t('list.add')} variant="secondary" />}
      </header>
      <FilterBar idPrefix="gs-filter" fields={['q', 'style', 'country', 'city', 'from', 'to']} filters={filters} onChange={setFilters} active={active} />
      <ListResults
        query={list}
        page={page}
        hrefFor={hrefFor}
        renderItem={(spot, i) => <GuestSpotCard spot={spot} priority={i === 0} />}
        emptyTitle={active ? t('list.emptyFiltered') : t('list.empty')}
        emptyText={active ? t('list.emptyFilteredText') : t('list.emptyText')}
        emptyAction={emptyAction}
        countText={(count) => t('list.count', { count })}
      />
    </div>
  );
}
