import { useTranslation } from 'react-i18next';
import { LocalizedLink } from '../../i18n/localized-link';
import { useSession } from '../auth';
import { CountTile } from '../dashboard';
import { useGuestSpotCount } from './api';

/** The dashboard tile of a studio (document 1 §2): own guest spots with links to manage and add. */
export function GuestSpotsTile() {
  const { t } = useTranslation('dashboard');
  const { user } = useSession();
  const count = useGuestSpotCount(user?.id);
  return (
    <CountTile section="guestSpots" query={count}>
      <LocalizedLink to="/guestspots/manage">{t('guestSpots.manage')}</LocalizedLink>
      <LocalizedLink to="/guestspot/new">{t('guestSpots.add')}</LocalizedLink>
    </CountTile>
  );
}
