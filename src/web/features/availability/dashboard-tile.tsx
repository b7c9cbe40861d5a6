import { useTranslation } from 'react-i18next';
import { LocalizedLink } from '../../i18n/localized-link';
import { useSession } from '../auth';
import { CountTile } from '../dashboard';
import { useAvailabilityCount } from './api';

/** The dashboard tile of an artist (document 1 §2): own availabilities, 'view listings' and 'add one'. */
export function AvailabilityTile() {
  const { t } = useTranslation('dashboard');
  const { user } = useSession();
  const count = useAvailabilityCount(user?.id);
  return (
    <CountTile section="availability" query={count}>
      <LocalizedLink to="/artist-availability/manage">{t('availability.manage')}</LocalizedLink>
      <LocalizedLink to="/guestartist/new">{t('availability.add')}</LocalizedLink>
    </CountTile>
  );
}
