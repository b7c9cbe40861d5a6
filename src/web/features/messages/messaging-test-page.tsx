import { useTranslation } from '../../i18n/react';
import { useSession, RequireLogin } from '../../lib/session';
import { Button } from '../../ui/button';
import { Card } from '../../ui/card';
import { PageHeader } from '../../ui/page-header';
import { useSendMessage } from './api/send-message';
import { LOGIN_REDIRECT_DELAY_MS } from './constants';
import { useLiveLog, useLiveMessages } from './live/use-live-messages';
import { useOutbox } from './outbox';

/**
 * /messaging-test (development only, docs/decisions/015): the tab's live stream with its events as they
 * arrive, and the outbox with Retry and Discard.
 */
export default function MessagingTestPage() {
  const { t } = useTranslation('messages');
  return (
    <div className="mx-auto w-full max-w-5xl space-y-6 px-4 py-8">
      <PageHeader title={t('test.title')} intro={t('test.intro')} />
      <RequireLogin delayMs={LOGIN_REDIRECT_DELAY_MS}>
        <StreamAndOutbox />
      </RequireLogin>
    </div>
  );
}

function StreamAndOutbox() {
  const { t } = useTranslation('messages');
  const { user } = useSession();
  useLiveMessages();
  const { log, status } = useLiveLog();
  const me = user?.id ?? 0;
  const outbox = useOutbox(me);
  const { retry, discard } = useSendMessage(me);
  return (
    <div className="grid gap-6 lg:grid-cols-2">
      <Card className="p-5">
        <h2 className="text-xl font-bold">{t('test.stream')}</h2>
        <p className="mt-1 text-sm" data-testid="live-status">
          {t('test.status', { status })}
        </p>
        {log.length === 0 ? (
          <p className="mt-3 text-sm text-ink-muted">{t('test.noEvents')}</p>
        ) : (
          <ol className="mt-3 max-h-[60vh] space-y-2 overflow-y-auto font-mono text-xs" aria-live="polite">
            {log.map((entry, index) => (
              <li key={`${entry.at}-${index}`} className="break-all">
                <time dateTime={entry.at} className="text-ink-muted">{entry.at.slice(11, 19)}</time> <strong>{entry.kind}</strong> {entry.text}
              </li>
            ))}
          </ol>
        )}
      </Card>
      <Card className="p-5">
        <h2 className="text-xl font-bold">{t('test.outbox')}</h2>
        {outbox.length === 0 ? (
          <p className="mt-3 text-sm text-ink-muted">{t('test.outboxEmpty')}</p>
        ) : (
          <ul className="mt-3 space-y-3">
            {outbox.map((entry) => (
              <li key={entry.clientId} className="rounded border border-line p-3 text-sm">
                <p className="font-mono text-xs break-all text-ink-muted">{entry.clientId}</p>
                <p className="mt-1 break-words whitespace-pre-wrap">{entry.content}</p>
                <p className="mt-1 text-xs">{t('test.entry', { state: entry.state, recipient: entry.recipientId })}</p>
                <div className="mt-2 flex gap-2">
                  <Button size="sm" onClick={() => void retry(entry.clientId)}>
                    {t('outbox.retry')}
                  </Button>
                  <Button size="sm" variant="ghost" onClick={() => discard(entry.clientId)}>
                    {t('outbox.discard')}
                  </Button>
                </div>
              </li>
            ))}
          </ul>
        )}
      </Card>
    </div>
  );
}
