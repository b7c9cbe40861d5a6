import { useTranslation } from '../../i18n/react';
import { CountTile, countTileTexts } from '../../ui/count-tile';
import { useVisitCount } from './api/get-visit-count';

/** How often the own profile was visited. */
export function VisitsTile() {
  const { t } = useTranslation('dashboard');
  const visits = useVisitCount();
  return <CountTile id="visits" texts={countTileTexts(t, 'visits')} query={visits} />;
}
