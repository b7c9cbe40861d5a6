import { LogIn, MessageSquare } from 'lucide-react';
import { useTranslation } from '../../i18n/react';
import { useLocation } from '../../routing';
import { profilePathTo } from '../../../common/routes';
import { LocalizedLink } from '../../i18n/localized-link';
import { buttonClasses } from '../../ui/button';
import { useSession } from '../../lib/session';

/**
 * The contact action of a detail page shown without the messaging slot (the app fills the slot
 * with the message dialog): visitors log in first, logged-in users go to the poster's profile.
 */
export function ContactAction({ username, name }: { username: string; name: string }) {
  const { t } = useTranslation('listingsEntry');
  const { state } = useSession();
  const location = useLocation();
  if (state !== 'loggedIn') {
    // The path already carries its language prefix; the login page keeps it.
    const redirect = encodeURIComponent(location.pathname + location.search);
    return (
      <LocalizedLink to={`/login?redirect=${redirect}`} className={buttonClasses({ variant: 'primary' })}>
        <LogIn aria-hidden="true" className="size-5" />
        {t('contact.login', { name })}
      </LocalizedLink>
    );
  }
  return (
    <LocalizedLink to={profilePathTo(username)} className={buttonClasses({ variant: 'primary' })}>
      <MessageSquare aria-hidden="true" className="size-5" />
      {t('contact.profile', { name })}
    </LocalizedLink>
  );
}
