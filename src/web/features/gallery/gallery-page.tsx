import { Images } from 'lucide-react';
import { useMemo } from 'react';
import { useTranslation } from '../../i18n/react';
import { useSearchParams } from '../../routing';
import { formatCountry } from '../../../common/format';
import type { GalleryListItem } from '../../../common/schemas/gallery';
import { profilePathTo } from '../../../common/routes';
import { useLanguage } from '../../i18n/language';
import { LocalizedLink } from '../../i18n/localized-link';
import { Avatar } from '../../ui/avatar';
import { Button } from '../../ui/button';
import { EmptyState } from '../../ui/empty-state';
import { Select } from '../../ui/field';
import { LoadMoreButton } from '../../ui/load-more';
import { QueryErrorAlert } from '../../ui/retry-alert';
import { Skeleton } from '../../ui/skeleton';
import { cityOptions, countryOptions, findCountry, useCountries } from '../../reference/api/get-countries';
import { useStyles } from '../../reference/api/get-styles';
import { usePublicGallery, type GalleryFilters } from './api/get-public-gallery';
import { GalleryPicture } from './components/gallery-image';
import { belowPicture, Masonry, masonryItemStyle } from './components/masonry';

// Heights under a tile's picture, as laid out below: the card's border (top and bottom), the
// owner's line (avatar beside name and place, with padding) and the caption's one line.
const TILE_BORDERS = '2px';
const OWNER_LINE = '3.5rem';
const CAPTION_LINE = '1.875rem';

function GalleryTile({ item, priority }: { item: GalleryListItem; priority: boolean }) {
  const { t } = useTranslation('gallery');
  const lang = useLanguage();
  const place = [item.user.cityName, formatCountry(item.user.countryCode, lang)].filter(Boolean).join(', ');
  const alt = item.caption || t('imageAlt', { name: item.user.name, number: 1 });
  return (
    <li style={masonryItemStyle(item, belowPicture([TILE_BORDERS, OWNER_LINE, item.caption && CAPTION_LINE]))}>
      <LocalizedLink
        to={`${profilePathTo(item.user.username)}?tab=portfolio`}
        className="group block overflow-hidden rounded border border-line bg-surface text-ink no-underline hover:border-line-strong"
      >
        <GalleryPicture image={item} seed={item.user.id} alt={alt} priority={priority} />
        <div className="flex h-14 items-center gap-2 p-2.5">
          <Avatar src={item.user.avatar} name={item.user.name} size="sm" decorative />
          <div className="min-w-0">
            <p className="truncate text-sm font-bold group-hover:underline">{item.user.name}</p>
            <p className="truncate text-xs text-ink-muted">
              {t(`type.${item.user.userType}`)}
              {place && ` · ${place}`}
            </p>
          </div>
        </div>
        {item.caption && (
          <p className="truncate px-2.5 pb-2.5 text-sm text-ink-muted" title={item.caption}>
            {item.caption}
          </p>
        )}
      </LocalizedLink>
    </li>
  );
}

const SKELETON_TILES = 8;

/** The public tattoo gallery: every portfolio image, newest first, uncropped in a masonry, filterable, paged by cursor. */
export default function GalleryPage() {
  const { t } = useTranslation('gallery');
  const [params, setParams] = useSearchParams();
  const filters: GalleryFilters = useMemo(
    () => ({ style: params.get('style') ?? '', country: params.get('country') ?? '', city: params.get('city') ?? '' }),
    [params],
  );
  const styles = useStyles();
  const countries = useCountries({ afterHydration: true });
  const gallery = usePublicGallery(filters);
  const country = findCountry(countries.data, filters.country);
  const items = gallery.data?.pages.flatMap((p) => p.images) ?? [];

  const setFilter = (name: keyof GalleryFilters, value: string) => {
    setParams(
      (prev) => {
        const next = new URLSearchParams(prev);
        if (value) next.set(name, value);
        else next.delete(name);
        if (name === 'country') next.delete('city');
        return next;
      },
      { replace: true },
    );
  };

  return (
    <div className="mx-auto w-full max-w-6xl space-y-6 px-4 py-8 sm:py-12">
      <header className="space-y-2">
        <h1 className="text-3xl font-extrabold tracking-tight sm:text-4xl">{t('page.title')}</h1>
        <p className="max-w-prose text-ink-muted">{t('page.intro')}</p>
      </header>
      <form role="search" aria-label={t('page.filters')} className="grid grid-cols-2 gap-4 sm:grid-cols-3" onSubmit={(e) => e.preventDefault()}>
        <div className="col-span-2 sm:col-span-1">
          <Select
            label={t('page.style')}
            value={filters.style}
            onChange={(e) => setFilter('style', e.currentTarget.value)}
            placeholder={t('page.allStyles')}
            options={styles.data?.map((s) => ({ value: s.slug, label: s.name }))}
          />
        </div>
        <Select
          label={t('page.country')}
          value={country?.code ?? filters.country}
          onChange={(e) => setFilter('country', e.currentTarget.value)}
          placeholder={t('page.allCountries')}
          options={countryOptions(countries.data)}
        />
        <Select
          label={t('page.city')}
          value={filters.city}
          disabled={!country}
          onChange={(e) => setFilter('city', e.currentTarget.value)}
          placeholder={t('page.allCities')}
          options={cityOptions(country)}
        />
      </form>

      {gallery.isPending ? (
        <Masonry as="div" role="status" aria-label={t('page.loading')}>
          {Array.from({ length: SKELETON_TILES }, (_, i) => (
            <div key={i} style={masonryItemStyle({ width: 4, height: 5 }, '0px')}>
              <Skeleton className="aspect-[4/5] w-full" />
            </div>
          ))}
        </Masonry>
      ) : gallery.isError ? (
        <QueryErrorAlert query={gallery} retryLabel={t('page.retry')} fallback={t('page.loadFailed')} />
      ) : items.length === 0 ? (
        <EmptyState
          icon={<Images />}
          title={t('page.emptyTitle')}
          description={filters.style || filters.country || filters.city ? t('page.emptyFiltered') : t('page.emptyText')}
          action={
            filters.style || filters.country || filters.city ? (
              <Button onClick={() => setParams(new URLSearchParams(), { replace: true })}>{t('page.clearFilters')}</Button>
            ) : undefined
          }
        />
      ) : (
        <>
          <Masonry aria-label={t('page.title')}>
            {items.map((item, i) => (
              <GalleryTile key={item.id} item={item} priority={i < 2} />
            ))}
          </Masonry>
          <LoadMoreButton query={gallery} label={t('page.loadMore')} />
        </>
      )}
    </div>
  );
}
