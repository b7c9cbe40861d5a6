import { MailX } from 'lucide-react';
import { useTranslation } from '../../i18n/react';
import { useParams } from '../../routing';
import { ApiError } from '../../lib/api';
import { Alert } from '../../ui/alert';
import { Button } from '../../ui/button';
import { Card } from '../../ui/card';
import { LinkSentence } from '../../ui/link-sentence';
import { useUnsubscribe } from './api/unsubscribe';

/**
 * /unsubscribe/{token}: the link of a notification mail. A button rather than an automatic
 * call, so mail scanners that open links do not unsubscribe anyone.
 */
export default function UnsubscribePage() {
  const { t } = useTranslation('notifications');
  const { token = '' } = useParams();
  const unsubscribe = useUnsubscribe();
  const badLink = unsubscribe.error instanceof ApiError && unsubscribe.error.status === 400;
  return (
    <div className="mx-auto w-full max-w-xl px-4 py-10 sm:py-16">
      <Card className="space-y-4 p-6">
        <MailX aria-hidden="true" className="size-8 text-ink-muted" />
        <h1 className="text-2xl font-extrabold">{t('unsubscribe.title')}</h1>
        {unsubscribe.isSuccess ? (
          <Alert tone="success" title={t('unsubscribe.doneTitle')}>
            {t('unsubscribe.done')}
          </Alert>
        ) : badLink ? (
          <Alert tone="error" title={t('unsubscribe.badLinkTitle')}>
            {t('unsubscribe.badLink')}
          </Alert>
        ) : (
          <>
            <p>{t('unsubscribe.intro')}</p>
            {unsubscribe.isError && <Alert tone="error">{unsubscribe.error.message || t('unsubscribe.failed')}</Alert>}
            <Button variant="primary" loading={unsubscribe.isPending} onClick={() => unsubscribe.mutate(token)}>
              {t('unsubscribe.button')}
            </Button>
          </>
        )}
        <LinkSentence text={t('unsubscribe.settings')} link={t('unsubscribe.settingsLink')} to="/dashboard" className="text-sm text-ink-muted" linkClassName="underline" />
      </Card>
    </div>
  );
}
