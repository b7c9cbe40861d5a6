import { useTranslation } from 'react-i18next';
import { LocalizedLink } from '../../i18n/localized-link';
import { buttonClasses } from '../../ui/button';

/** Any unknown path: says so and leads back to the start page of the current language. */
export default function NotFoundPage() {
  const { t } = useTranslation();
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
