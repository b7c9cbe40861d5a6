import { useState } from 'react';
import type { NearestLocationAnswer } from '../../../common/schemas/locations';
import { LOCALES } from '../../../common/languages';
import { useLanguage } from '../../i18n/language';
import { useTranslation } from '../../i18n/react';
import { Button } from '../../ui/button';
import { fetchNearestCity } from './api';

type State =
  | { step: 'idle' }
  | { step: 'locating' }
  | { step: 'done'; answer: NearestLocationAnswer }
  | { step: 'failed'; reason: 'unsupported' | 'denied' | 'search' };

/** How long the browser may take to find the position. */
const POSITION_TIMEOUT_MS = 15_000;

function currentPosition(): Promise<GeolocationPosition> {
  return new Promise((resolve, reject) =>
    navigator.geolocation.getCurrentPosition(resolve, reject, { enableHighAccuracy: false, timeout: POSITION_TIMEOUT_MS, maximumAge: 10 * 60_000 }),
  );
}

/**
 * "Use my location": only on a click does the browser ask for the position, which goes to the
 * geo lookup; says the nearest listed city and how far it is, or that none lies within 100 km.
 */
export function NearestCity({ onFound }: { onFound?: (answer: NearestLocationAnswer) => void }) {
  const { t } = useTranslation('locations');
  const lang = useLanguage();
  const [state, setState] = useState<State>({ step: 'idle' });

  const locate = async () => {
    if (!('geolocation' in navigator)) return setState({ step: 'failed', reason: 'unsupported' });
    setState({ step: 'locating' });
    let position: GeolocationPosition;
    try {
      position = await currentPosition();
    } catch {
      return setState({ step: 'failed', reason: 'denied' });
    }
    try {
      const answer = await fetchNearestCity(position.coords.latitude, position.coords.longitude);
      setState({ step: 'done', answer });
      onFound?.(answer);
    } catch {
      setState({ step: 'failed', reason: 'search' });
    }
  };

  return (
    <div className="space-y-3">
      <Button variant="secondary" onClick={() => void locate()} disabled={state.step === 'locating'}>
        {t('nearMe')}
      </Button>
      <p role="status" aria-live="polite" className="text-sm empty:hidden">
        {state.step === 'locating' && t('locating')}
        {state.step === 'done' &&
          (state.answer.city
            ? t('nearest', { city: state.answer.city.name, country: state.answer.city.countryName, distance: new Intl.NumberFormat(LOCALES[lang], { maximumFractionDigits: 1 }).format(state.answer.distanceKm ?? 0) })
            : t('noneNearby'))}
      </p>
      {state.step === 'failed' && (
        <p role="alert" className="text-sm font-semibold text-danger">
          {t(state.reason === 'search' ? 'failed' : state.reason === 'denied' ? 'positionDenied' : 'positionUnsupported')}
        </p>
      )}
    </div>
  );
}
