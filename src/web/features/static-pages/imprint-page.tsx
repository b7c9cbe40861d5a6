import type { ReactNode } from 'react';
import { useTranslation } from '../../i18n/react';
import { LinkSentence } from '../../ui/link-sentence';
import { useSite } from './api/get-site';
import { OperatorContact, OperatorDetails } from './components/operator-details';
import { ReadingPage } from './components/reading-page';

/** A titled section of the imprint. */
function ImprintSection({ id, title, children }: { id: string; title: string; children: ReactNode }) {
  return (
    <section aria-labelledby={`imprint-${id}`}>
      <h2 id={`imprint-${id}`} className="text-lg">
        {title}
      </h2>
      {children}
    </section>
  );
}

/** /impressum: the legal notice (§ 5 DDG), with the operator as the settings name them. */
export default function ImprintPage() {
  const { t } = useTranslation('imprint');
  const operator = useSite().data?.operator ?? null;
  return (
    <ReadingPage title={t('title')} lead={t('lead')}>
      <div className="space-y-8 leading-7">
        <ImprintSection id="provider" title={t('provider.title')}>
          <div className="mt-3">
            <OperatorDetails />
          </div>
        </ImprintSection>
        <ImprintSection id="contact" title={t('contact.title')}>
          <div className="mt-3 space-y-2">
            {operator && <OperatorContact operator={operator} />}
            <LinkSentence text={t('contact.form')} link={t('contact.formLink')} to="/contact" linkClassName="font-semibold underline underline-offset-4" />
          </div>
        </ImprintSection>
        {operator?.vatId && (
          <ImprintSection id="vat" title={t('vat.title')}>
            <p className="mt-3">
              {t('vat.text')} {operator.vatId}
            </p>
          </ImprintSection>
        )}
        {operator?.register && (
          <ImprintSection id="register" title={t('register.title')}>
            <p className="mt-3">{operator.register}</p>
          </ImprintSection>
        )}
        <ImprintSection id="liability" title={t('liability.title')}>
          <p className="mt-3">{t('liability.content')}</p>
          <p className="mt-3">{t('liability.links')}</p>
        </ImprintSection>
        <ImprintSection id="copyright" title={t('copyright.title')}>
          <p className="mt-3">{t('copyright.text')}</p>
        </ImprintSection>
        <ImprintSection id="sources" title={t('sources.title')}>
          {/* CC BY 4.0 asks for the credit, the licence and a link to it. */}
          <p className="mt-3">
            {t('sources.cities')}{' '}
            <a href="https://creativecommons.org/licenses/by/4.0/" className="font-semibold underline underline-offset-4">
              CC BY 4.0
            </a>
            .
          </p>
          <p className="mt-3">{t('sources.cityNames')}</p>
          <p className="mt-3">{t('sources.countries')}</p>
        </ImprintSection>
      </div>
    </ReadingPage>
  );
}
