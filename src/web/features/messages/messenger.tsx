import { MessagesSquare } from 'lucide-react';
import { useCallback, useEffect, useState } from 'react';
import { useTranslation } from '../../i18n/react';
import { useLocation } from '../../routing';
import type { Conversation, MessagePerson } from '../../../common/schemas/messages';
import { LocalizedLink } from '../../i18n/localized-link';
import { useSession } from '../../lib/session';
import { Alert } from '../../ui/alert';
import { buttonClasses } from '../../ui/button';
import { cn } from '../../ui/cn';
import { EmptyState } from '../../ui/empty-state';
import { LoadingShape, SkeletonLines } from '../../ui/skeleton';
import { useConversations } from './api/get-conversations';
import { ConversationList } from './components/conversation-list';
import { ErrorBanner } from './components/error-banner';
import { ThreadView } from './components/thread-view';
import { useLiveMessages } from './live/use-live-messages';

export type ContactHint = Pick<MessagePerson, 'id' | 'name' | 'username' | 'userType'>;

/**
 * The messaging panel: the conversation list (a third) beside the open conversation; at 768 px
 * and below one pane at a time, with a back button from the conversation to the list. States:
 * loading, unauthenticated, ready. `variant` sets the height: 600 px in the owner's tab, 70vh on
 * /messages.
 */
export function Messenger({
  variant,
  selected,
  onSelect,
  contactHint,
}: {
  variant: 'tab' | 'page';
  selected: ContactHint | null;
  onSelect: (contact: ContactHint | null) => void;
  contactHint?: ContactHint | null;
}) {
  const { t } = useTranslation('messages');
  const session = useSession();
  useLiveMessages();
  const [error, setError] = useState<string | null>(null);
  const clearError = useCallback(() => setError(null), []);
  const showError = useCallback((text: string) => setError(text), []);
  const height = variant === 'tab' ? 'h-[600px]' : 'h-[70vh] min-h-[420px]';

  if (session.state === 'loading') {
    return (
      <LoadingShape label={t('loading')} className={cn('rounded border border-line p-4', height)}>
        <SkeletonLines lines={['h-6 w-1/3', 'h-4 w-2/3', 'h-4 w-1/2']} />
      </LoadingShape>
    );
  }
  if (session.state !== 'loggedIn' || !session.user) return <LoginNeeded />;
  return (
    <Ready
      me={session.user.id}
      height={height}
      selected={selected}
      onSelect={onSelect}
      contactHint={contactHint}
      error={error}
      clearError={clearError}
      showError={showError}
    />
  );
}

/**
 * The panel without a logged-in user: a link to the login that comes back here. When the session
 * check itself failed, it says so, since the visitor may have a session the check could not see.
 */
export function LoginNeeded() {
  const { t } = useTranslation('messages');
  const { checkFailed } = useSession();
  const location = useLocation();
  const redirect = encodeURIComponent(location.pathname + location.search);
  return (
    <Alert
      tone={checkFailed ? 'error' : 'info'}
      action={
        <LocalizedLink to={`/login?redirect=${redirect}`} className={buttonClasses({ variant: 'primary', size: 'sm' })}>
          {t('login')}
        </LocalizedLink>
      }
    >
      {checkFailed ? t('errors.authCheck') : t('errors.unauthenticated')}
    </Alert>
  );
}

function Ready({
  me,
  height,
  selected,
  onSelect,
  contactHint,
  error,
  clearError,
  showError,
}: {
  me: number;
  height: string;
  selected: ContactHint | null;
  onSelect: (contact: ContactHint | null) => void;
  contactHint?: ContactHint | null;
  error: string | null;
  clearError: () => void;
  showError: (text: string) => void;
}) {
  const { t } = useTranslation('messages');
  const conversations = useConversations(me);
  useEffect(() => {
    if (conversations.isError) showError(t('errors.conversationsLoad'));
  }, [conversations.isError, showError, t]);
  const row = selected ? conversations.data?.find((c) => c.id === selected.id) : undefined;
  const hint = row ?? (contactHint && contactHint.id === selected?.id ? contactHint : selected);
  const pick = (c: Conversation) => onSelect({ id: c.id, name: c.name, username: c.username, userType: c.userType });

  return (
    <div className={cn('flex flex-col overflow-hidden rounded border border-line bg-surface', height)}>
      <ErrorBanner text={error} onClear={clearError} />
      <div className="flex min-h-0 flex-1">
        <div
          className={cn(
            'min-h-0 w-full overflow-y-auto border-line min-[769px]:block min-[769px]:w-1/3 min-[769px]:border-r',
            selected ? 'hidden' : 'block',
          )}
        >
          <h2 className="sr-only">{t('list.label')}</h2>
          <ConversationList
            conversations={conversations.data}
            loading={conversations.isPending}
            selectedId={selected?.id ?? null}
            onSelect={pick}
            canLoadMore={conversations.canLoadMore}
            loadingMore={conversations.loadingMore}
            onLoadMore={() => void conversations.loadMore().catch(() => showError(t('errors.conversationsLoad')))}
          />
        </div>
        <div className={cn('min-h-0 w-full min-[769px]:block min-[769px]:w-2/3', selected ? 'block' : 'hidden')}>
          {selected ? (
            <ThreadView
              key={selected.id}
              me={me}
              contactId={selected.id}
              contactHint={hint}
              onBack={() => onSelect(null)}
              onError={showError}
              onDeleted={() => onSelect(null)}
            />
          ) : (
            <div className="flex h-full items-center justify-center p-6">
              <EmptyState icon={<MessagesSquare aria-hidden="true" />} title={t('thread.select')} description={t('thread.selectHint')} />
            </div>
          )}
        </div>
      </div>
    </div>
  );
}
