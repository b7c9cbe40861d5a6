import { Check, CheckCheck, CircleAlert, Trash2 } from 'lucide-react';
import { useTranslation } from '../../../i18n/react';
import type { Message } from '../../../../common/schemas/messages';
import { useLanguage } from '../../../i18n/language';
import { Button } from '../../../ui/button';
import { cn } from '../../../ui/cn';
import type { OutboxEntry } from '../outbox';
import { DealLine } from './deal-line';
import { MessageText } from './message-text';
import { ReferenceCard } from './reference-card';
import { SafetyMenu } from './safety-menu';

function useTime() {
  const lang = useLanguage();
  return (iso: string) =>
    new Intl.DateTimeFormat(lang, { dateStyle: 'short', timeStyle: 'short' }).format(new Date(iso));
}

function Bubble({ mine, children, className }: { mine: boolean; children: React.ReactNode; className?: string }) {
  return (
    <div
      className={cn(
        'max-w-[85%] rounded px-3 py-2',
        mine ? 'self-end bg-ink text-paper' : 'self-start border border-line bg-surface text-ink',
        className,
      )}
    >
      {children}
    </div>
  );
}

/** A message the server has: text, time, for my own the sent or read mark and delete, else the report menu. */
export function MessageItem({
  message,
  mine,
  contactName,
  onDelete,
}: {
  message: Message;
  mine: boolean;
  contactName: string;
  onDelete: (message: Message) => void;
}) {
  const { t } = useTranslation('messages');
  const time = useTime();
  if (message.reference?.type === 'deal') return <DealLine message={message} reference={message.reference} mine={mine} contactName={contactName} />;
  return (
    <li className={cn('flex flex-col', mine ? 'items-end' : 'items-start')}>
      <Bubble mine={mine}>
        {message.reference?.type === 'guest_spot' && <ReferenceCard reference={message.reference} />}
        {message.removedByModeration ? <p className="italic text-ink-muted">{t('removedByModeration')}</p> : <MessageText content={message.content} />}
      </Bubble>
      <div className="mt-1 flex items-center gap-1 text-xs text-ink-muted">
        <time dateTime={message.createdAt}>{time(message.createdAt)}</time>
        {mine && (
          <>
            <span className="inline-flex items-center gap-0.5" data-testid="message-mark">
              {message.isRead ? <CheckCheck aria-hidden="true" className="size-4" /> : <Check aria-hidden="true" className="size-4" />}
              {message.isRead ? t('mark.read') : t('mark.sent')}
            </span>
            <button
              type="button"
              onClick={() => onDelete(message)}
              aria-label={t('thread.deleteMessage')}
              title={t('thread.deleteMessage')}
              className="inline-flex min-h-8 min-w-8 items-center justify-center rounded hover:bg-sunken hover:text-ink"
            >
              <Trash2 aria-hidden="true" className="size-4" />
            </button>
          </>
        )}
        {!mine && <SafetyMenu user={{ id: message.senderId, name: contactName }} messageId={message.id} />}
      </div>
    </li>
  );
}

/** A message still in the outbox: sending, or not sent with Retry and Discard. Never marked sent. */
export function OutboxItem({ entry, onRetry, onDiscard }: { entry: OutboxEntry; onRetry: () => void; onDiscard: () => void }) {
  const { t } = useTranslation('messages');
  const failed = entry.state === 'failed';
  return (
    <li className="flex flex-col items-end" data-testid="outbox-message">
      <Bubble mine className={cn('opacity-80', failed && 'border-2 border-danger')}>
        <MessageText content={entry.content} />
      </Bubble>
      {failed ? (
        <div className="mt-1 flex flex-wrap items-center justify-end gap-2 text-xs">
          <span className="inline-flex items-center gap-1 font-semibold text-danger" role="status">
            <CircleAlert aria-hidden="true" className="size-4" />
            {t('outbox.notSent')}
            {entry.error ? <span className="font-normal text-ink-muted">({entry.error})</span> : null}
          </span>
          <Button size="sm" onClick={onRetry}>
            {t('outbox.retry')}
          </Button>
          <Button size="sm" variant="ghost" onClick={onDiscard}>
            {t('outbox.discard')}
          </Button>
        </div>
      ) : (
        <p className="mt-1 text-xs text-ink-muted">{t('outbox.sending')}</p>
      )}
    </li>
  );
}
