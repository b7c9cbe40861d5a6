import { CalendarCheck } from 'lucide-react';
import { useTranslation } from '../../i18n/react';
import { PageHeader } from '../../ui/page-header';
import { formatCountry } from '../../../common/format';
import type { ArtistListItem } from '../../../common/schemas/artists';
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
import { useArtistList } from '../../features/artists';
import { SaveSearchButton } from '../../features/saved-searches';

/** /tattooartists and /tattooartists/page/{n}: artists by style, place and current availability. */
export default function ArtistsPage() {
  const { t } = useTranslation(['artists', 'listings']);
  const { filters, page, setFilters, hrefFor, active } = useListAddress(buildPath('tattooArtists'));
  const list = useArtistList(filters, page);
  return (
    <div className="mx-auto w-full max-w-6xl space-y-6 px-4 py-8 sm:py-12">
      <PageHeader
        title={t('title')}
        intro={t('intro')}
        action={
          <LocalizedLink to={buildPath('availabilityList')} className="font-semibold">
            {t('availabilityLink')}
          </LocalizedLink>
        }
      />
      <FilterBar idPrefix="ar-filter" fields={['style', 'country', 'city', 'available']} filters={filters} onChange={setFilters} active={active} />
      <div className="flex justify-end">
        <SaveSearchButton kind="artists" filters={{ style: filters.style, country: filters.country, city: filters.city, available: filters.available }} />
      </div>
      <ListResults
        query={list}
        page={page}
        hrefFor={hrefFor}
        renderItem={(artist, i) => <ArtistCard artist={artist} priority={i === 0} />}
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

/** An artist: their latest works beside their avatar, name, place, styles; when travelling soon, the period of the next availability. */
function ArtistCard({ artist, priority }: { artist: ArtistListItem; priority: boolean }) {
  const { t } = useTranslation(['artists', 'listings']);
  const lang = useLanguage();
  const period = usePeriodText();
  const current = artist.currentAvailability;
  return (
    <ListingCard
      href={profilePathTo(artist.username)}
      images={artist.images}
      variant="strip"
      avatar={artist.avatar}
      imageName={artist.name}
      seed={artist.id}
      title={artist.name}
      place={placeText(artist.cityName, formatCountry(artist.countryCode, lang))}
      extra={
        current ? (
          <span className="flex items-start gap-1.5 font-semibold text-success">
            <CalendarCheck aria-hidden="true" className="mt-0.5 size-4 shrink-0" />
            <span>{t('availableFrom', { period: period(current.startDate, current.endDate) })}</span>
          </span>
        ) : null
      }
      styles={artist.styles}
      badge={artist.featured ? <FeaturedBadge /> : undefined}
      priority={priority}
    />
  );
}
