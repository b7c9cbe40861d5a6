import { Mail } from 'lucide-react';
import { useTranslation } from '../../i18n/react';
import { Card } from '../../ui/card';
import { useSite } from './api/get-site';
import { ContactForm } from './components/contact-form';
import { ExampleOperatorNotice } from './components/operator-details';

/** /contact and /kontakt: write to the team; the operator's address only when the settings give one. */
export default function ContactPage() {
  const { t } = useTranslation('contact');
  const operator = useSite().data?.operator;
  return (
    <div className="mx-auto grid max-w-6xl gap-8 px-4 py-10 md:grid-cols-[minmax(0,2fr)_minmax(0,3fr)] md:py-14">
      <div className="max-w-[60ch]">
        <h1 className="text-2xl md:text-3xl">{t('title')}</h1>
        <p className="mt-4 text-base md:text-lg">{t('lead')}</p>
        {operator?.email && (
          <div className="mt-6 space-y-4">
            <p className="flex items-start gap-2">
              <Mail aria-hidden="true" className="mt-0.5 size-5 shrink-0" />
              <span>
                {t('email')}{' '}
                <a href={`mailto:${operator.email}`} className="font-semibold underline underline-offset-4">
                  {operator.email}
                </a>
              </span>
            </p>
            {operator.example && <ExampleOperatorNotice />}
          </div>
        )}
      </div>
      <Card className="p-5 md:p-8">
        <ContactForm />
      </Card>
    </div>
  );
}
