import { useTranslation } from 'react-i18next';
import { LocalizedLink } from '../../i18n/localized-link';
import { useSite } from './api/get-site';
import { OperatorContact, OperatorDetails } from './components/operator-details';
import { ReadingPage } from './components/reading-page';

/** /impressum: the legal notice (§ 5 DDG), with the operator as the settings name them. */
export default function ImprintPage() {
  const { t } = useTranslation('imprint');
  const operator = useSite().data?.operator ?? null;
  return (
    <ReadingPage title={t('title')} lead={t('lead')}>
      <div className="space-y-8 leading-7">
        <section aria-labelledby="imprint-provider">
          <h2 id="imprint-provider" className="text-lg">
            {t('provider.title')}
          </h2>
          <div className="mt-3">
            <OperatorDetails />
          </div>
        </section>
        <section aria-labelledby="imprint-contact">
          <h2 id="imprint-contact" className="text-lg">
            {t('contact.title')}
          </h2>
          <div className="mt-3 space-y-2">
            {operator && <OperatorContact operator={operator} />}
            <p>
              {t('contact.form')}{' '}
              <LocalizedLink to="/contact" className="font-semibold underline underline-offset-4">
                {t('contact.formLink')}
              </LocalizedLink>
            </p>
          </div>
        </section>
        {operator?.vatId && (
          <section aria-labelledby="imprint-vat">
            <h2 id="imprint-vat" className="text-lg">
              {t('vat.title')}
            </h2>
            <p className="mt-3">
              {t('vat.text')} {operator.vatId}
            </p>
          </section>
        )}
        {operator?.register && (
          <section aria-labelledby="imprint-register">
            <h2 id="imprint-register" className="text-lg">
              {t('register.title')}
            </h2>
            <p className="mt-3">{operator.register}</p>
          </section>
        )}
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
