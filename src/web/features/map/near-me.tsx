import { useState } from 'react';
import type { MapCity, MapType } from '../../../common/schemas/map';
import type { LocationCity } from '../../../common/schemas/locations';
import { LOCALES } from '../../../common/languages';
import { useLanguage } from '../../i18n/language';
import { useTranslation } from '../../i18n/react';
import { NearestCity } from '../../reference/locations/nearest-city';
import { nearestShown } from './places';

/**
 * "Use my location" on the map: only a click asks the browser for the position; the nearest
 * listed city (GET /api/locations/nearest) opens when it has entries under the shown types.
 * When it has none, the nearest city that has opens instead and a note says so; with none on
 * the map at all, the map turns to the found city.
 */
export function NearMe({
  cities,
  types,
  onChoose,
  onFocus,
}: {
  cities: readonly MapCity[];
  types: readonly MapType[];
  onChoose: (cityId: number) => void;
  onFocus: (point: { lat: number; lng: number }) => void;
}) {
  const { t } = useTranslation('map');
  const lang = useLanguage();
  const [note, setNote] = useState<string | null>(null);

  const found = (near: LocationCity) => {
    const nearest = nearestShown(cities, types, near);
    if (nearest?.city.cityId === near.cityId) {
      setNote(null);
      return onChoose(near.cityId);
    }
    if (!nearest) {
      setNote(t('nearMe.nothing', { city: near.name }));
      return onFocus({ lat: near.lat, lng: near.lng });
    }
    const distance = new Intl.NumberFormat(LOCALES[lang], { maximumFractionDigits: 0 }).format(nearest.km);
    setNote(t('nearMe.elsewhere', { city: near.name, other: nearest.city.name, distance }));
    onChoose(nearest.city.cityId);
  };

  return (
    <div className="space-y-2">
      <NearestCity
        onFound={(answer) => {
          if (answer.city) found(answer.city);
          else setNote(null);
        }}
      />
      <p role="status" aria-live="polite" className="text-sm text-ink-muted empty:hidden">
        {note}
      </p>
    </div>
  );
}
