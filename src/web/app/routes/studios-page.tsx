import { CalendarCheck } from 'lucide-react';
import { useTranslation } from '../../i18n/react';
import { PageHeader } from '../../ui/page-header';
import { formatCountry } from '../../../common/format';
import type { StudioListItem } from '../../../common/schemas/artists';
import { buildPath, profilePathTo } from '../../../common/routes';
import { useLanguage } from '../../i18n/language';
import { LocalizedLink } from '../../i18n/localized-link';
import { Button } from '../../ui/button';
import { FeaturedBadge } from '../../ui/featured-badge';
// The list's pieces by their modules: the feature's index also holds the dashboard tile.
import { FilterBar } from '../../features/listings/filter-bar';
import { ListResults } from '../../features/listings/list-layout';
import { ListingCard } from '../../features/listings/listing-card';
import { useListAddress } from '../../features/listings/list-address';
import { usePeriodText } from '../../features/listings/period';
import { placeText } from '../../features/listings/place-text';
import { useStudioList } from '../../features/artists';

/** /tattoostudios and /tattoostudios/page/{n}: studios by style and place, and whether they offer guest spots now. */
export default function StudiosPage() {
  const { t } = useTranslation(['studios', 'listings']);
  const { filters, page, setFilters, hrefFor, active } = useListAddress(buildPath('tattooStudios'));
  const list = useStudioList(filters, page);
  return (
    <div className="mx-auto w-full max-w-6xl space-y-6 px-4 py-8 sm:py-12">
      <PageHeader
        title={t('title')}
        intro={t('intro')}
        action={
          <LocalizedLink to={buildPath('guestSpots')} className="font-semibold">
            {t('guestSpotsLink')}
          </LocalizedLink>
        }
      />
      <FilterBar
        idPrefix="st-filter"
        fields={['style', 'country', 'city', 'available']}
        labels={{ available: t('openFilter') }}
        filters={filters}
        onChange={setFilters}
        active={active}
      />
      <ListResults
        query={list}
        page={page}
        hrefFor={hrefFor}
        renderItem={(studio, i) => <StudioCard studio={studio} priority={i === 0} />}
        emptyTitle={active ? t('emptyFiltered') : t('empty')}
        emptyText={active ? t('emptyFilteredText') : t('emptyText')}
        emptyAction={
          active ? <Button onClick={() => setFilters({ style: '', country: '', city: '', available: '' })}>{t('listings:filters.reset')}</Button> : undefined
        }
        countText={(count) => t('count', { count })}
        pictures="strip"
      />
    </div>
  );
}

/** A studio: its latest works beside its avatar, name, place, styles; with an open guest spot, that spot's period. */
function StudioCard({ studio, priority }: { studio: StudioListItem; priority: boolean }) {
  const { t } = useTranslation(['studios', 'listings']);
  const lang = useLanguage();
  const period = usePeriodText();
  const spot = studio.openGuestSpot;
  return (
    <ListingCard
      href={profilePathTo(studio.username)}
      images={studio.images}
      variant="strip"
      avatar={studio.avatar}
      imageName={studio.name}
      seed={studio.id}
      title={studio.name}
      place={placeText(studio.cityName, formatCountry(studio.countryCode, lang))}
      extra={
        spot ? (
          <span className="flex items-start gap-1.5 font-semibold text-success">
            <CalendarCheck aria-hidden="true" className="mt-0.5 size-4 shrink-0" />
            <span>{t('openGuestSpot', { period: period(spot.startDate, spot.endDate) })}</span>
          </span>
        ) : null
      }
      styles={studio.styles}
      badge={studio.featured ? <FeaturedBadge /> : undefined}
      verified={studio.verified}
      priority={priority}
    />
  );
}
