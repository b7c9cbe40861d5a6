import { MapPin } from 'lucide-react';
import type { ReactNode } from 'react';
import { DEAL_FILTER_KEYS } from '../../../common/page-queries';
import { buildPath } from '../../../common/routes';
import type { MapType } from '../../../common/schemas/map';
import { useTranslation } from '../../i18n/react';
import { LocalizedLink } from '../../i18n/localized-link';
import { buttonClasses } from '../../ui/button';
import { PageHeader } from '../../ui/page-header';
import { Button } from '../../ui/button';
import { useSession } from '../../lib/session';
import { useListings } from './api/get-listings';
import { FilterBar } from './filter-bar';
import type { ListingKind } from './kind';
import { KINDS } from './kinds';
import { useListAddress, type Filters } from './list-address';
import { ListResults } from './list-layout';
import { cardPictures, KindListingCard } from './listing-card';
import { AddLink } from './add-link';

/** The globe map's type of each kind's entries (its `?show=`). */
const MAP_TYPE: Record<ListingKind['name'], MapType> = { guestSpots: 'guestspots', availability: 'availabilities' };

/** The globe map showing only this kind, at the city the list is filtered to (if one). */
function mapHref(type: MapType, city: string): string {
  const params = new URLSearchParams({ show: type });
  if (/^\d+$/.test(city)) params.set('city', city);
  return `${buildPath('map')}?${params}`;
}

const NO_DEAL_FILTERS = { dealType: '', minGuestShare: '', maxRentCents: '', housing: '' };

/**
 * The public list of a kind (/guestspots, /guestspots/page/{n}, /artist-availability?page=n):
 * heading with the add button, the filters kept in the address, and the cards with paging. The
 * account type that posts the other kind is offered that instead of the add button.
 */
export interface ListSlots {
  /** Beside the filters, given the current ones (the app puts "Save this search" there). */
  filterAction?: (filters: Filters) => ReactNode;
}

function ListingListPage({ kind, filterAction }: { kind: ListingKind } & ListSlots) {
  const { t } = useTranslation([kind.name, 'listings']);
  const { user } = useSession();
  // The guest spot list also filters by the deal; those filters live in its address only.
  const deals = kind.name === 'guestSpots';
  const address = useListAddress(kind.paths.list, { pathPaging: kind.paths.listPaging, deals });
  const list = useListings(kind, address.filters, address.page);
  const other = KINDS[kind.other];
  const { filters, page, setFilters, hrefFor, active } = address;
  const isOther = user?.userType === other.postedBy;

  const emptyAction = active ? (
    <Button onClick={() => setFilters({ style: '', country: '', city: '', from: '', to: '', q: '', ...(deals ? NO_DEAL_FILTERS : {}) })}>{t('listings:filters.reset')}</Button>
  ) : isOther ? (
    <AddLink to={other.paths.add} label={t(kind.texts.otherAction)} />
  ) : (
    <AddLink to={kind.paths.add} label={t('list.emptyAction')} />
  );

  return (
    <div className="mx-auto w-full max-w-6xl space-y-6 px-4 py-8 sm:py-12">
      <PageHeader
        title={t('list.title')}
        intro={t('list.intro')}
        action={
          <div className="flex flex-wrap items-center gap-2 sm:shrink-0 sm:justify-end">
            <LocalizedLink to={mapHref(MAP_TYPE[kind.name], filters.city)} className={buttonClasses({ variant: 'ghost' })}>
              <MapPin aria-hidden="true" className="size-5" />
              {t('listings:onMap')}
            </LocalizedLink>
            {!isOther && <AddLink to={kind.paths.add} label={t('list.add')} variant="secondary" />}
          </div>
        }
      />
      <FilterBar
        idPrefix={`${kind.idPrefix}-filter`}
        fields={deals ? ['q', 'style', 'country', 'city', 'from', 'to', ...DEAL_FILTER_KEYS] : ['q', 'style', 'country', 'city', 'from', 'to']}
        filters={filters}
        onChange={setFilters}
        active={active}
      />
      {filterAction && <div className="flex justify-end">{filterAction(filters)}</div>}
      <ListResults
        query={list}
        page={page}
        hrefFor={hrefFor}
        renderItem={(entry, i) => <KindListingCard kind={kind} listing={entry} priority={i === 0} />}
        emptyTitle={active ? t('list.emptyFiltered') : t('list.empty')}
        emptyText={active ? t('list.emptyFilteredText') : t('list.emptyText')}
        emptyAction={emptyAction}
        countText={(count) => t('list.count', { count })}
        pictures={cardPictures(kind)}
      />
    </div>
  );
}

export const GuestSpotListPage = (slots: ListSlots) => <ListingListPage kind={KINDS.guestSpots} {...slots} />;
export const AvailabilityListPage = (slots: ListSlots) => <ListingListPage kind={KINDS.availability} {...slots} />;
