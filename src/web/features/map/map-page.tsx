import { lazy, Suspense, useMemo, useState } from 'react';
import { MAP_TYPES, type MapCity, type MapType } from '../../../common/schemas/map';
import { useLanguage } from '../../i18n/language';
import { useTranslation } from '../../i18n/react';
import { useSearchParams } from '../../routing';
import { Alert } from '../../ui/alert';
import { Button } from '../../ui/button';
import { QueryErrorAlert } from '../../ui/retry-alert';
import { SkeletonLines } from '../../ui/skeleton';
import { usePlaces } from './api/map';
import { CityPanel } from './city-panel';
import { Globe } from './globe';
import type { MapsFailure } from './maps-loader';
import { NearMe } from './near-me';
import { PlaceList, TypeToggles } from './place-list';
import { COUNT_OF, globePlaces, showParam, shownTypes } from './places';
import { useGoogleMaps } from './use-google-maps';

// Google's map view is a chunk of its own, asked for only once Google's script is ready.
const GoogleMap = lazy(() => import('./google-map'));

const failureText = (failure: MapsFailure, t: (key: string, options?: Record<string, unknown>) => string) =>
  failure.reason === 'keyStatus' ? t('errors.keyStatus', { status: failure.status }) : t(`errors.${failure.reason}`);

/**
 * /map: the places on Google Maps when a key is configured, else (and whenever Google fails) on
 * a globe drawn in the browser; beside it the same places as a list, and the chosen city's
 * entries. The chosen city (`?city=`) and the shown types (`?show=`) live in the address.
 */
export default function MapPage() {
  const { t } = useTranslation('map');
  const lang = useLanguage();
  const [params, setParams] = useSearchParams();
  const types = shownTypes(params.get('show'));
  const cityParam = Number(params.get('city'));
  const places = usePlaces();
  const maps = useGoogleMaps(lang);
  const cities = useMemo(() => places.data?.cities ?? [], [places.data]);
  const selected = cities.find((c) => c.cityId === cityParam) ?? null;
  const shownPlaces = useMemo(() => globePlaces(cities, types), [cities, types]);
  // Where "use my location" turned the map when no city with entries was there to open.
  const [nearFocus, setNearFocus] = useState<{ lat: number; lng: number } | null>(null);
  const focus = useMemo(() => (selected ? { lat: selected.lat, lng: selected.lng } : nearFocus), [selected, nearFocus]);
  const totals = Object.fromEntries(MAP_TYPES.map((type) => [type, cities.reduce((sum, c) => sum + c[COUNT_OF[type]], 0)])) as Record<MapType, number>;

  const update = (next: { city?: number | null; types?: MapType[] }) =>
    setParams(
      (current) => {
        if (next.city !== undefined) {
          if (next.city === null) current.delete('city');
          else current.set('city', String(next.city));
        }
        if (next.types) {
          const show = showParam(next.types);
          if (show === null) current.delete('show');
          else current.set('show', show);
        }
        return current;
      },
      { replace: true },
    );
  const choose = (cityId: number) => update({ city: cityId });

  const globe = places.isError ? null : <Globe places={shownPlaces} selectedId={selected?.cityId ?? null} focus={focus} onSelect={choose} />;

  return (
    <div className="mx-auto w-full max-w-6xl space-y-6 px-4 py-8 sm:py-12">
      <header>
        <h1 className="text-3xl font-extrabold tracking-tight sm:text-4xl">{t('title')}</h1>
        <p className="mt-2 max-w-prose text-ink-muted">{t('intro')}</p>
      </header>
      <div className="flex flex-wrap items-start justify-between gap-x-8 gap-y-4">
        <TypeToggles types={types} totals={totals} onChange={(next) => update({ types: next })} />
        {places.data && <NearMe cities={cities} types={types} onChoose={choose} onFocus={setNearFocus} />}
      </div>
      <div className="grid gap-8 lg:grid-cols-[minmax(0,3fr)_minmax(0,2fr)]">
        <div className="space-y-4">
          {maps.phase === 'key' ? (
            <SkeletonLines lines={['aspect-square w-full max-w-[640px] mx-auto rounded-full']} />
          ) : maps.phase === 'loading' ? (
            <p role="status" className="py-24 text-center font-semibold">
              {t('loading.google')}
            </p>
          ) : maps.phase === 'ready' ? (
            <Suspense
              fallback={
                <p role="status" className="py-24 text-center font-semibold">
                  {t('loading.map')}
                </p>
              }
            >
              <GoogleMap places={shownPlaces} focus={focus} onSelect={choose} />
            </Suspense>
          ) : maps.phase === 'failed' ? (
            <>
              <Alert
                tone="error"
                action={
                  <Button onClick={() => window.location.reload()}>{t('retry')}</Button>
                }
              >
                <span className="block">{failureText(maps.failure, t)}</span>
                <span className="mt-1 block text-sm text-ink-muted">{t('errors.fallback')}</span>
              </Alert>
              {globe}
            </>
          ) : (
            globe
          )}
        </div>
        <div className="space-y-4">
          {selected && <CityPanel city={selected} types={types} onClose={() => update({ city: null })} />}
          <h2 className="text-xl font-bold">{t('list.title')}</h2>
          {places.isError ? (
            <QueryErrorAlert query={places} retryLabel={t('retry')} fallback={t('list.failed')} />
          ) : !places.data ? (
            <div aria-busy="true">
              <span className="sr-only">{t('loading.places')}</span>
              <SkeletonLines lines={['h-14 w-full', 'h-14 w-full', 'h-14 w-full']} />
            </div>
          ) : (
            <>
              <PlaceList cities={cities} types={types} selectedId={selected?.cityId ?? null} onSelect={(city: MapCity) => choose(city.cityId)} />
              {places.data.unplaced > 0 && <p className="text-sm text-ink-muted">{t('list.unplaced', { count: places.data.unplaced })}</p>}
            </>
          )}
        </div>
      </div>
    </div>
  );
}
