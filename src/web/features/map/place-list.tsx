import { MapPin } from 'lucide-react';
import { useMemo } from 'react';
import { MAP_TYPES, type MapCity, type MapType } from '../../../common/schemas/map';
import { useLanguage } from '../../i18n/language';
import { useTranslation } from '../../i18n/react';
import { cn } from '../../ui/cn';
import { COUNT_OF, visibleCities } from './places';

/** The type toggles: which kinds of place the globe, the list and a city's entries show. */
export function TypeToggles({ types, totals, onChange }: { types: MapType[]; totals: Record<MapType, number>; onChange: (types: MapType[]) => void }) {
  const { t } = useTranslation('map');
  return (
    <fieldset className="flex flex-wrap gap-2">
      <legend className="mb-2 text-sm font-bold">{t('show.label')}</legend>
      {MAP_TYPES.map((type) => {
        const on = types.includes(type);
        return (
          <label
            key={type}
            className={cn(
              'inline-flex min-h-11 cursor-pointer items-center gap-2 rounded-full border px-4 text-sm font-semibold has-focus-visible:outline-2 has-focus-visible:outline-offset-2 has-focus-visible:outline-ink',
              on ? 'border-ink bg-ink text-paper' : 'border-line-strong bg-surface text-ink hover:bg-sunken',
            )}
          >
            <input
              type="checkbox"
              className="sr-only"
              checked={on}
              onChange={() => onChange(on ? types.filter((x) => x !== type) : [...types, type])}
            />
            {t(`show.${type}`)}
            <span aria-hidden="true" className={cn('rounded-full px-1.5 text-xs', on ? 'bg-paper/20' : 'bg-sunken')}>
              {totals[type]}
            </span>
          </label>
        );
      })}
    </fieldset>
  );
}

/** "2 guest spots · 1 studio": the shown types a city has. */
export function useCountsText() {
  const { t } = useTranslation('map');
  return (city: MapCity, types: readonly MapType[]) =>
    types
      .filter((type) => city[COUNT_OF[type]] > 0)
      .map((type) => t(`counts.${COUNT_OF[type]}`, { count: city[COUNT_OF[type]] }))
      .join(' · ');
}

/**
 * The places of the globe as a list: every city with something under the shown types, fullest
 * first. A city is a button (keyboard and screen readers reach every place without the canvas);
 * the chosen one is marked pressed.
 */
export function PlaceList({
  cities,
  types,
  selectedId,
  onSelect,
}: {
  cities: MapCity[];
  types: MapType[];
  selectedId: number | null;
  onSelect: (city: MapCity) => void;
}) {
  const { t } = useTranslation('map');
  const lang = useLanguage();
  const countsText = useCountsText();
  const collator = useMemo(() => new Intl.Collator(lang), [lang]);
  const shown = useMemo(() => visibleCities(cities, types, collator), [cities, types, collator]);
  if (shown.length === 0) return <p className="text-ink-muted">{t('list.empty')}</p>;
  return (
    <ul aria-label={t('list.title')} className="divide-y divide-line rounded border border-line bg-surface">
      {shown.map((city) => (
        <li key={city.cityId}>
          <button
            type="button"
            aria-pressed={city.cityId === selectedId}
            onClick={() => onSelect(city)}
            className={cn(
              'flex min-h-11 w-full items-start gap-3 px-4 py-3 text-left hover:bg-sunken focus-visible:outline-2 focus-visible:-outline-offset-2 focus-visible:outline-ink',
              city.cityId === selectedId && 'bg-sunken',
            )}
          >
            <MapPin aria-hidden="true" className="mt-0.5 size-4 shrink-0 text-accent" />
            <span className="min-w-0 flex-1">
              <span className="block font-semibold">
                {city.name} <span className="text-sm font-normal text-ink-muted">{city.countryCode}</span>
              </span>
              <span className="block text-sm text-ink-muted">{countsText(city, types)}</span>
            </span>
          </button>
        </li>
      ))}
    </ul>
  );
}
