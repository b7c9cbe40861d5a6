import { Mail } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Card } from '../../ui/card';
import { ContactForm } from './components/contact-form';
import { OPERATOR } from './operator';

/** /contact and /kontakt: write to the team. */
export default function ContactPage() {
  const { t } = useTranslation('contact');
  return (
    <div className="mx-auto grid max-w-6xl gap-8 px-4 py-10 md:grid-cols-[minmax(0,2fr)_minmax(0,3fr)] md:py-14">
      <div className="max-w-[60ch]">
        <h1 className="text-2xl md:text-3xl">{t('title')}</h1>
        <p className="mt-4 text-base md:text-lg">{t('lead')}</p>
        <p className="mt-4 text-ink-muted">{t('response')}</p>
        <p className="mt-6 flex items-start gap-2">
          <Mail aria-hidden="true" className="mt-0.5 size-5 shrink-0" />
          <span>
            {t('email')}{' '}
            <a href={`mailto:${OPERATOR.email}`} className="font-semibold underline underline-offset-4">
              {OPERATOR.email}
            </a>
          </span>
        </p>
      </div>
      <Card className="p-5 md:p-8">
        <ContactForm />
      </Card>
    </div>
  );
}
