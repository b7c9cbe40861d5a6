import { useEffect } from 'react';
import { useTranslation } from '../../i18n/react';
import { useNavigate } from '../../routing';
import { profilePathTo } from '../../../common/routes';
import { useLanguage } from '../../i18n/language';
import { Spinner } from '../../ui/spinner';
import { RequireLogin, useSession } from '../../lib/session';

/** Sends the logged-in user to their public profile, in the current language. */
function ToOwnProfile() {
  const { user } = useSession();
  const lang = useLanguage();
  const navigate = useNavigate();
  useEffect(() => {
    if (user) navigate(profilePathTo(user.username, lang), { replace: true });
  }, [user, lang, navigate]);
  return null;
}

/**
 * /profile, /profile/dashboard and /profile/me: the own profile. It is the public profile seen
 * by its owner (with the edit action), so this page redirects there.
 */
export default function OwnProfilePage() {
  const { t } = useTranslation('profiles');
  const spinner = (
    <div className="flex justify-center py-24">
      <Spinner label={t('loading')} />
    </div>
  );
  return (
    <RequireLogin fallback={spinner}>
      <ToOwnProfile />
      {spinner}
    </RequireLogin>
  );
}
