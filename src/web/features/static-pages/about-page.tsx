import { useTranslation } from '../../i18n/react';
import { LocalizedLink } from '../../i18n/localized-link';
import { buttonClasses } from '../../ui/button';
import { ReadingPage } from './components/reading-page';

/** /aboutus: who runs the platform and why. */
export default function AboutPage() {
  const { t } = useTranslation('about');
  const sections = t('sections', { returnObjects: true }) as { title: string; paragraphs: string[] }[];
  return (
    <ReadingPage title={t('title')} lead={t('lead')}>
      <div className="space-y-10 leading-7">
        {sections.map((section) => (
          <section key={section.title}>
            <h2 className="text-lg md:text-xl">{section.title}</h2>
            <div className="mt-3 space-y-3">
              {section.paragraphs.map((p) => (
                <p key={p}>{p}</p>
              ))}
            </div>
          </section>
        ))}
        {/* GeoNames' licence (CC BY 4.0) asks for this credit wherever its data is shown. */}
        <section>
          <h2 className="text-lg md:text-xl">{t('credits.title')}</h2>
          <p className="mt-3">
            {t('credits.cities')}{' '}
            <a href="https://www.geonames.org/" className="underline" rel="noopener">
              GeoNames
            </a>{' '}
            (
            <a href="https://creativecommons.org/licenses/by/4.0/" className="underline" rel="license noopener">
              CC BY 4.0
            </a>
            ).
          </p>
        </section>
      </div>
      <div className="mt-12 flex flex-wrap gap-3">
        <LocalizedLink to="/register" className={buttonClasses({ variant: 'primary' })}>
          {t('cta.register')}
        </LocalizedLink>
        <LocalizedLink to="/contact" className={buttonClasses()}>
          {t('cta.contact')}
        </LocalizedLink>
      </div>
    </ReadingPage>
  );
}
