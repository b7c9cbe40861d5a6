import { useTranslation } from 'react-i18next';
import { formatCountry } from '../../../common/format';
import { useLanguage } from '../../i18n/language';
import { LocalizedLink } from '../../i18n/localized-link';
import { ReadingPage } from './components/reading-page';
import { OPERATOR } from './operator';

/** /impressum: the legal notice (§ 5 DDG, § 18 MStV). */
export default function ImprintPage() {
  const { t } = useTranslation('imprint');
  const lang = useLanguage();
  const address = (
    <address className="not-italic">
      {OPERATOR.business}
      <br />
      {OPERATOR.owner}
      <br />
      {OPERATOR.street}
      <br />
      {OPERATOR.postalCode} {OPERATOR.city}
      <br />
      {formatCountry(OPERATOR.countryCode, lang)}
    </address>
  );
  return (
    <ReadingPage title={t('title')} lead={t('lead')}>
      <div className="space-y-8 leading-7">
        <section aria-labelledby="imprint-provider">
          <h2 id="imprint-provider" className="text-lg">
            {t('provider.title')}
          </h2>
          <div className="mt-3">{address}</div>
        </section>
        <section aria-labelledby="imprint-contact">
          <h2 id="imprint-contact" className="text-lg">
            {t('contact.title')}
          </h2>
          <p className="mt-3">
            {t('contact.email')}{' '}
            <a href={`mailto:${OPERATOR.email}`} className="font-semibold underline underline-offset-4">
              {OPERATOR.email}
            </a>
          </p>
          <p className="mt-2">
            {t('contact.form')}{' '}
            <LocalizedLink to="/contact" className="font-semibold underline underline-offset-4">
              {t('contact.formLink')}
            </LocalizedLink>
          </p>
        </section>
        <section aria-labelledby="imprint-vat">
          <h2 id="imprint-vat" className="text-lg">
            {t('vat.title')}
          </h2>
          <p className="mt-3">{t('vat.text')}</p>
        </section>
        <section aria-labelledby="imprint-responsible">
          <h2 id="imprint-responsible" className="text-lg">
            {t('responsible.title')}
          </h2>
          <p className="mt-3">{t('responsible.text', { owner: OPERATOR.owner })}</p>
          <div className="mt-2">{address}</div>
        </section>
        <section aria-labelledby="imprint-disputes">
          <h2 id="imprint-disputes" className="text-lg">
            {t('disputes.title')}
          </h2>
          <p className="mt-3">{t('disputes.text')}</p>
        </section>
        <section aria-labelledby="imprint-liability">
          <h2 id="imprint-liability" className="text-lg">
            {t('liability.title')}
          </h2>
          <p className="mt-3">{t('liability.content')}</p>
          <p className="mt-3">{t('liability.links')}</p>
        </section>
        <section aria-labelledby="imprint-copyright">
          <h2 id="imprint-copyright" className="text-lg">
            {t('copyright.title')}
          </h2>
          <p className="mt-3">{t('copyright.text')}</p>
        </section>
        <section aria-labelledby="imprint-sources">
          <h2 id="imprint-sources" className="text-lg">
            {t('sources.title')}
          </h2>
          {/* CC BY 4.0 asks for the credit, the licence and a link to it. */}
          <p className="mt-3">
            {t('sources.cities')}{' '}
            <a href="https://creativecommons.org/licenses/by/4.0/" className="font-semibold underline underline-offset-4">
              CC BY 4.0
            </a>
            .
          </p>
          <p className="mt-3">{t('sources.countries')}</p>
        </section>
      </div>
    </ReadingPage>
  );
}
