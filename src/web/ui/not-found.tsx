import { useTranslation } from '../i18n/react';
import { LocalizedLink } from '../i18n/localized-link';
import { buttonClasses } from './button';

/**
 * The not-found screen: for an unknown path, and for pages that answer "not found" rather than
 * tell a stranger whether an order, receipt or post exists.
 */
export function NotFound() {
  const { t } = useTranslation('common');
  return (
    <section className="mx-auto max-w-xl px-4 py-16 text-center">
      <p aria-hidden="true" className="text-3xl font-extrabold text-ink-muted">
        404
      </p>
      <h1 className="mt-2 text-2xl">{t('notFound.title')}</h1>
      <p className="mt-4 text-ink-muted">{t('notFound.text')}</p>
      <LocalizedLink to="/" className={buttonClasses({ variant: 'primary', className: 'mt-8' })}>
        {t('notFound.home')}
      </LocalizedLink>
    </section>
  );
}
