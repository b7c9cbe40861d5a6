import { Mail } from 'lucide-react';
import { LOCALES } from '../../../common/languages';
import { useLanguage } from '../../i18n/language';
import { useTranslation } from '../../i18n/react';
import { ApiError } from '../../lib/api';
import { useSearchParams } from '../../routing/hooks';
import { Alert } from '../../ui/alert';
import { Card } from '../../ui/card';
import { LoadingShape, SkeletonLines } from '../../ui/skeleton';
import { useAppeal } from './api/get-appeal';
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
        <ContactFormOrAppeal />
      </Card>
    </div>
  );
}

/**
 * With `?appeal=` (the link of a suspension mail) the form is that suspension's one appeal,
 * filled in for the account; a link that can no longer be used says why above the plain form.
 */
function ContactFormOrAppeal() {
  const { t } = useTranslation(['contact', 'errors']);
  const lang = useLanguage();
  const [params] = useSearchParams();
  const token = params.get('appeal');
  const appeal = useAppeal(token);
  if (token === null) return <ContactForm />;
  if (appeal.isPending)
    return (
      <LoadingShape label={t('contact:appeal.loading')} className="space-y-4">
        <SkeletonLines lines={['h-16 w-full', 'h-10 w-full', 'h-10 w-full', 'h-32 w-full']} />
      </LoadingShape>
    );
  if (appeal.isError)
    return (
      <div className="space-y-6">
        <Alert tone="error" title={t('contact:appeal.unavailable')}>
          {appeal.error instanceof ApiError ? appeal.error.message : t('errors:generic')}
        </Alert>
        <ContactForm />
      </div>
    );
  const deadline = new Intl.DateTimeFormat(LOCALES[lang], { dateStyle: 'long', timeStyle: 'short' }).format(new Date(appeal.data.deadline));
  return (
    <div className="space-y-6">
      <Alert tone="info" title={t('contact:appeal.title')}>
        {t('contact:appeal.text', { date: deadline })}
      </Alert>
      <ContactForm key={token} appeal={{ token, name: appeal.data.name, email: appeal.data.email }} />
    </div>
  );
}
