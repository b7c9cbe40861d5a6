import { MessagesSquare } from 'lucide-react';
import { useTranslation } from '../../../i18n/react';
import { formatRelative, truncate } from '../../../../common/format';
import type { Conversation } from '../../../../common/schemas/messages';
import { useLanguage } from '../../../i18n/language';
import { Avatar } from '../../../ui/avatar';
import { Button } from '../../../ui/button';
import { cn } from '../../../ui/cn';
import { EmptyState } from '../../../ui/empty-state';
import { AvatarRowSkeleton, StatusSkeleton } from '../../../ui/skeleton';

/**
 * What a row holds of the last message, on one line: the row cuts it with an ellipsis where its
 * width ends, so a wide screen shows more than a phone. The spec's 20 characters are the least
 * a row keeps (the preview's minimum width, LAST_MESSAGE_PREVIEW); past PREVIEW_HOLD nothing more could fit.
 */
const PREVIEW_HOLD = 160;
export const previewText = (text: string | null) => truncate(text?.replace(/\s+/g, ' ').trim(), PREVIEW_HOLD);

/** The conversations, newest first; the selected one marked; unread counts as badges. */
export function ConversationList({
  conversations,
  loading,
  selectedId,
  onSelect,
  canLoadMore,
  loadingMore,
  onLoadMore,
}: {
  conversations: Conversation[] | undefined;
  loading: boolean;
  selectedId: number | null;
  onSelect: (conversation: Conversation) => void;
  canLoadMore: boolean;
  loadingMore: boolean;
  onLoadMore: () => void;
}) {
  const { t } = useTranslation('messages');
  const lang = useLanguage();
  if (!conversations && loading) {
    return (
      <StatusSkeleton label={t('list.loading')} className="space-y-3 p-3">
        {[0, 1, 2].map((i) => (
          <AvatarRowSkeleton key={i} className="flex items-center gap-3" avatar="size-10" lines={['h-4 w-1/2', 'h-3 w-3/4']} />
        ))}
      </StatusSkeleton>
    );
  }
  if (!conversations || conversations.length === 0) {
    return <EmptyState className="m-3" icon={<MessagesSquare aria-hidden="true" />} title={t('list.empty')} description={t('list.emptyHint')} />;
  }
  return (
    <div>
      <ul aria-label={t('list.label')} className="divide-y divide-line">
        {conversations.map((c) => {
          const selected = c.id === selectedId;
          return (
            <li key={c.id}>
              <button
                type="button"
                onClick={() => onSelect(c)}
                aria-current={selected ? 'true' : undefined}
                className={cn('flex w-full items-center gap-3 px-3 py-3 text-left hover:bg-sunken', selected && 'bg-sunken')}
              >
                <Avatar src={c.avatar} name={c.name} size="sm" decorative />
                <span className="min-w-0 flex-1">
                  <span className="flex items-baseline justify-between gap-2">
                    <span className={cn('truncate', c.unreadCount > 0 ? 'font-extrabold' : 'font-semibold')}>{c.name}</span>
                    {c.lastMessageTime && (
                      <time dateTime={c.lastMessageTime} className="shrink-0 text-xs text-ink-muted">
                        {formatRelative(c.lastMessageTime, lang)}
                      </time>
                    )}
                  </span>
                  <span className="flex items-center justify-between gap-2">
                    <span className="min-w-[min(20ch,100%)] truncate text-sm text-ink-muted">
                      {previewText(c.lastMessage)}
                    </span>
                    {c.unreadCount > 0 && (
                      <span className="shrink-0 rounded-full bg-accent px-2 text-xs font-bold text-on-accent">
                        {c.unreadCount}
                        <span className="sr-only"> {t('list.unread', { count: c.unreadCount })}</span>
                      </span>
                    )}
                  </span>
                </span>
              </button>
            </li>
          );
        })}
      </ul>
      {canLoadMore && (
        <div className="p-3">
          <Button size="sm" className="w-full" loading={loadingMore} onClick={onLoadMore}>
            {t('list.more')}
          </Button>
        </div>
      )}
    </div>
  );
}
