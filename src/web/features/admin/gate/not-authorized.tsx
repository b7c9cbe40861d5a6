import { ShieldAlert } from 'lucide-react';
import { useTranslation } from '../../../i18n/react';
import { LocalizedLink } from '../../../i18n/localized-link';
import { useSession } from '../../../lib/session';
import { useSearchParams } from '../../../routing';
import { buttonClasses } from '../../../ui/button';

/**
 * /admin/not-authorized: where the gate sends anyone it does not let in, saying whether the
 * server refused (`?reason=denied`, the default) or could not be asked (`?reason=failed`).
 */
export function NotAuthorized() {
  const { t } = useTranslation('admin');
  const [search] = useSearchParams();
  const { state, user } = useSession();
  const failed = search.get('reason') === 'failed';
  return (
    <section className="mx-auto max-w-xl px-4 py-16 text-center">
      <ShieldAlert aria-hidden="true" className="mx-auto size-10 text-ink-muted" />
      <h1 className="mt-4 text-2xl">{t('gate.title')}</h1>
      <p role="alert" className="mt-4 text-ink">
        {failed ? t('gate.failed') : t('gate.denied')}
      </p>
      <div className="mt-8 flex flex-wrap justify-center gap-3">
        {failed && user?.role === 'admin' && (
          <LocalizedLink to="/admin" className={buttonClasses({ variant: 'primary' })}>
            {t('gate.retry')}
          </LocalizedLink>
        )}
        {state === 'loggedOut' && (
          <LocalizedLink to={`/login?redirect=${encodeURIComponent('/admin')}`} className={buttonClasses({ variant: 'primary' })}>
            {t('gate.login')}
          </LocalizedLink>
        )}
        <LocalizedLink to="/" className={buttonClasses({ variant: 'secondary' })}>
          {t('gate.home')}
        </LocalizedLink>
      </div>
    </section>
  );
}
