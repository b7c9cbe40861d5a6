import { useTranslation } from '../../i18n/react';
import { toast } from '../../ui/toast';
import { formatDate } from '../../../common/format';
import { useLanguage } from '../../i18n/language';
import { useSession } from '../../lib/session';
import { Alert } from '../../ui/alert';
import { Avatar } from '../../ui/avatar';
import { Button } from '../../ui/button';
import { SkeletonLines } from '../../ui/skeleton';
import { useSetBlocked } from './api/block-user';
import { useBlocks } from './api/get-blocks';

/** The account settings' list of blocked users, each with Unblock. */
export function BlockedUsers() {
  const { t } = useTranslation('messages');
  const lang = useLanguage();
  const { user } = useSession();
  const blocks = useBlocks(user?.id);
  const setBlocked = useSetBlocked(user?.id ?? 0);
  return (
    <section aria-labelledby="blocked-users-title" className="space-y-3">
      <h3 id="blocked-users-title" className="text-lg font-bold">
        {t('blocks.title')}
      </h3>
      {blocks.isPending ? (
        <div role="status" aria-label={t('blocks.loading')} className="space-y-2">
          <SkeletonLines lines={['h-10 w-full', 'h-10 w-full']} />
        </div>
      ) : blocks.isError ? (
        <Alert tone="error">{blocks.error.message || t('blocks.failed')}</Alert>
      ) : blocks.data.length === 0 ? (
        <p className="text-sm text-ink-muted">{t('blocks.empty')}</p>
      ) : (
        <ul className="divide-y divide-line">
          {blocks.data.map((b) => (
            <li key={b.id} className="flex items-center gap-3 py-2">
              <Avatar src={b.avatar} name={b.name} size="sm" decorative />
              <span className="min-w-0 flex-1">
                <span className="block truncate font-semibold">{b.name}</span>
                <span className="block text-xs text-ink-muted">{t('blocks.since', { date: formatDate(b.createdAt, lang) })}</span>
              </span>
              <Button
                size="sm"
                loading={setBlocked.isPending && setBlocked.variables?.userId === b.id}
                onClick={() =>
                  setBlocked.mutate(
                    { userId: b.id, blocked: false },
                    {
                      onSuccess: () => toast.success(t('block.undone', { name: b.name })),
                      onError: (err) => toast.error(err.message || t('block.failed')),
                    },
                  )
                }
                aria-label={t('blocks.unblockLabel', { name: b.name })}
              >
                {t('blocks.unblock')}
              </Button>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
