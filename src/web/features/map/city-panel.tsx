import { X } from 'lucide-react';
import { useEffect, useRef } from 'react';
import type { MapCity, MapType } from '../../../common/schemas/map';
import { useLanguage } from '../../i18n/language';
import { LocalizedLink } from '../../i18n/localized-link';
import { useTranslation } from '../../i18n/react';
import { Button } from '../../ui/button';
import { formatDay } from '../../ui/date-format';
import { LoadMoreButton } from '../../ui/load-more';
import { QueryErrorAlert } from '../../ui/retry-alert';
import { SkeletonLines } from '../../ui/skeleton';
import { useCityItems } from './api/map';
import { useCountsText } from './place-list';

/**
 * One city's entries of the shown types, with links to them. One shown type is asked for
 * alone; several are asked for together and the hidden ones left out here.
 */
export function CityPanel({ city, types, onClose }: { city: MapCity; types: MapType[]; onClose: () => void }) {
  const { t } = useTranslation('map');
  const lang = useLanguage();
  const countsText = useCountsText();
  const heading = useRef<HTMLHeadingElement>(null);
  const query = useCityItems(city.cityId, types.length === 1 ? (types[0] as MapType) : null);
  const items = (query.data?.pages.flatMap((p) => p.items) ?? []).filter((item) => types.includes(item.type));

  // A city chosen on the globe or in the list: its entries are read next.
  useEffect(() => heading.current?.focus(), [city.cityId]);

  return (
    <section aria-labelledby="map-city-title" className="rounded border border-line bg-surface p-4">
      <div className="flex items-start gap-2">
        <div className="min-w-0 flex-1">
          <h2 id="map-city-title" ref={heading} tabIndex={-1} className="text-xl font-bold focus:outline-none">
            {city.name} <span className="text-base font-normal text-ink-muted">{city.countryCode}</span>
          </h2>
          <p className="text-sm text-ink-muted">{countsText(city, types)}</p>
        </div>
        <Button variant="ghost" className="w-11 px-0" aria-label={t('city.close')} title={t('city.close')} onClick={onClose}>
          <X aria-hidden="true" className="size-5" />
        </Button>
      </div>
      <div className="mt-3">
        {query.isError ? (
          <QueryErrorAlert query={query} retryLabel={t('retry')} fallback={t('city.failed')} />
        ) : !query.data ? (
          <SkeletonLines lines={['h-14 w-full', 'h-14 w-full']} />
        ) : items.length === 0 ? (
          <p className="text-ink-muted">{t('city.empty')}</p>
        ) : (
          <ul className="space-y-2">
            {items.map((item) => (
              <li key={`${item.type}-${item.id}`}>
                <LocalizedLink to={item.url} className="flex items-center gap-3 rounded p-2 text-ink no-underline hover:bg-sunken">
                  {item.imageUrl ? (
                    <img src={item.imageUrl} alt="" loading="lazy" className="size-12 shrink-0 rounded object-cover" />
                  ) : (
                    <span aria-hidden="true" className="size-12 shrink-0 rounded bg-sunken" />
                  )}
                  <span className="min-w-0 flex-1">
                    <span className="block text-xs font-semibold tracking-wide text-ink-muted uppercase">{t(`city.type.${item.type}`)}</span>
                    <span className="block font-semibold break-words underline-offset-4 hover:underline">{item.title}</span>
                    {item.startDate && item.endDate && (
                      <span className="block text-sm text-ink-muted">{t('city.dates', { from: formatDay(item.startDate, lang), to: formatDay(item.endDate, lang) })}</span>
                    )}
                  </span>
                </LocalizedLink>
              </li>
            ))}
          </ul>
        )}
        <LoadMoreButton query={query} label={t('city.more')} className="mt-3 flex justify-center" />
      </div>
    </section>
  );
}
