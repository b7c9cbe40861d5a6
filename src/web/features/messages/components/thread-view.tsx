import { ArrowLeft } from 'lucide-react';
import { useEffect, useLayoutEffect, useMemo, useRef, useState } from 'react';
import { useTranslation } from '../../../i18n/react';
import { profilePathTo } from '../../../../common/routes';
import type { Message, MessagePerson } from '../../../../common/schemas/messages';
import { useLanguage } from '../../../i18n/language';
import { Button } from '../../../ui/button';
import { ConfirmDialog } from '../../../ui/confirm-dialog';
import { EmptyState } from '../../../ui/empty-state';
import { LoadMoreButton } from '../../../ui/load-more';
import { StatusSkeleton } from '../../../ui/skeleton';
import { Link } from '../../../routing';
import { useDeleteConversation } from '../api/delete-conversation';
import { useDeleteMessage } from '../api/delete-message';
import { useThread } from '../api/get-thread';
import { useMarkRead } from '../api/mark-read';
import { useSendMessage } from '../api/send-message';
import { threadMessages } from '../cache';
import { useOutbox } from '../outbox';
import { Composer } from './composer';
import { MessageItem, OutboxItem } from './message-item';
import { SafetyMenu } from './safety-menu';

/** The contact type label of a conversation header: Tattoo Artist or Tattoo Studio. */
export function ContactTypeLabel({ userType }: { userType: MessagePerson['userType'] }) {
  const { t } = useTranslation('messages');
  return <>{t(`type.${userType}`)}</>;
}

/**
 * One conversation: header with the contact, older messages on demand, the messages with their
 * marks, the outbox entries for this contact, and the composer. Opening it and every message
 * arriving while it is open mark the contact's messages read.
 */
export function ThreadView({
  me,
  contactId,
  contactHint,
  onBack,
  onError,
  onDeleted,
}: {
  me: number;
  contactId: number;
  /** What is known of the contact before the conversation loads (the list row or the address). */
  contactHint?: Pick<MessagePerson, 'name' | 'username' | 'userType'> | null;
  /** The back button to the list (one pane at 768 px and below). */
  onBack?: () => void;
  onError: (text: string) => void;
  onDeleted: () => void;
}) {
  const { t } = useTranslation('messages');
  const lang = useLanguage();
  const thread = useThread(me, contactId);
  const markRead = useMarkRead(me);
  const { send, retry, discard } = useSendMessage(me);
  const outbox = useOutbox(me).filter((e) => e.recipientId === contactId);
  const deleteMessage = useDeleteMessage(me);
  const deleteConversation = useDeleteConversation(me);
  const [confirm, setConfirm] = useState<{ kind: 'conversation' } | { kind: 'message'; message: Message } | null>(null);
  const messages = useMemo(() => threadMessages(thread.data), [thread.data]);
  const contact = thread.data?.pages[0]?.contact;
  const person = contact ?? contactHint ?? null;
  const scroller = useRef<HTMLDivElement>(null);
  const lastMarked = useRef(0);

  useEffect(() => {
    if (thread.isError) onError(t('errors.messagesLoad'));
  }, [thread.isError, onError, t]);

  // Read on open, and again whenever a message of the contact arrives while it is open.
  const newestUnread = messages.reduce((max, m) => (m.senderId === contactId && !m.isRead && m.id > max ? m.id : max), 0);
  useEffect(() => {
    if (thread.isPlaceholderData || newestUnread === 0 || newestUnread <= lastMarked.current) return;
    lastMarked.current = newestUnread;
    markRead.mutate({ contactId, upToId: newestUnread });
  }, [newestUnread, contactId, thread.isPlaceholderData, markRead]);

  // Stay at the newest message as messages arrive, unless older ones were just added above.
  const newestId = messages.at(-1)?.id ?? 0;
  useLayoutEffect(() => {
    const el = scroller.current;
    if (el) el.scrollTop = el.scrollHeight;
  }, [newestId, outbox.length, contactId]);

  const texts = { cancel: t('cancel'), close: t('close') };
  return (
    <section aria-labelledby={`thread-${contactId}-title`} className="flex h-full min-h-0 flex-col">
      <header className="flex items-center gap-2 border-b border-line p-3">
        {onBack && (
          <Button size="sm" variant="ghost" onClick={onBack} icon={<ArrowLeft aria-hidden="true" className="size-4" />} className="min-[769px]:hidden">
            {t('thread.back')}
          </Button>
        )}
        <div className="min-w-0 flex-1">
          <h2 id={`thread-${contactId}-title`} className="text-base font-extrabold break-words sm:text-lg">
            {person ? t('thread.title', { contact: person.name }) : t('thread.loading')}
          </h2>
          {person && (
            <Link to={profilePathTo(person.username, lang)} className="text-sm text-ink-muted underline">
              <ContactTypeLabel userType={person.userType} />
            </Link>
          )}
        </div>
        {contact && (
          <SafetyMenu
            user={{ id: contact.id, name: contact.name }}
            blockedByMe={contact.blockedByMe}
            extraItems={[{ id: 'delete', label: t('thread.deleteConversation'), onSelect: () => setConfirm({ kind: 'conversation' }), danger: true }]}
          />
        )}
      </header>
      <div ref={scroller} className="min-h-0 flex-1 overflow-y-auto p-3" tabIndex={0} aria-label={t('thread.messagesLabel')}>
        <LoadMoreButton query={thread} label={t('thread.older')} size="sm" className="mb-3 text-center" />
        {thread.isPending ? (
          <StatusSkeleton label={t('thread.loading')} className="space-y-3" lines={['h-12 w-2/3', 'ml-auto h-12 w-1/2']} />
        ) : messages.length === 0 && outbox.length === 0 ? (
          <EmptyState title={t('thread.empty')} />
        ) : (
          <ol className="flex flex-col gap-3">
            {messages.map((m) => (
              <MessageItem
                key={m.id}
                message={m}
                mine={m.senderId === me}
                contactName={person?.name ?? ''}
                onDelete={(message) => setConfirm({ kind: 'message', message })}
              />
            ))}
            {outbox.map((entry) => (
              <OutboxItem
                key={entry.clientId}
                entry={entry}
                onRetry={() => void retry(entry.clientId)}
                onDiscard={() => discard(entry.clientId)}
              />
            ))}
          </ol>
        )}
      </div>
      {contact && !contact.canSend ? (
        <p className="border-t border-line p-3 text-sm text-ink-muted">{t('thread.cannotSend')}</p>
      ) : (
        <Composer
          disabled={!contact}
          onSend={async (text) => {
            if (!(await send(contactId, text))) onError(t('errors.send'));
          }}
        />
      )}
      <ConfirmDialog
        open={confirm !== null}
        onClose={() => setConfirm(null)}
        texts={
          confirm?.kind === 'message'
            ? { ...texts, title: t('thread.deleteMessageTitle'), text: t('thread.deleteMessageText'), confirm: t('thread.deleteMessage'), failed: t('errors.deleteMessage') }
            : { ...texts, title: t('thread.deleteConversation'), text: t('thread.deleteConversationText'), confirm: t('thread.deleteConversation'), failed: t('errors.deleteConversation') }
        }
        onConfirm={async () => {
          if (confirm?.kind === 'message') {
            await deleteMessage.mutateAsync(confirm.message).catch(() => {
              throw new Error(t('errors.deleteMessage'));
            });
          } else {
            await deleteConversation.mutateAsync(contactId).catch(() => {
              throw new Error(t('errors.deleteConversation'));
            });
            onDeleted();
          }
        }}
      />
    </section>
  );
}

