import { EllipsisVertical } from 'lucide-react';
import { useState } from 'react';
import { useTranslation } from '../../../i18n/react';
import { toast } from '../../../ui/toast';
import { ConfirmDialog } from '../../../ui/confirm-dialog';
import { useSession } from '../../../lib/session';
import { useBlocks } from '../api/get-blocks';
import { useSetBlocked } from '../api/block-user';
import { MenuButton, type MenuItem } from './menu-button';
import { ReportDialog } from '../../../ui/report-dialog';

/**
 * Block or unblock a user and report them (or one message they sent) from one menu: on a
 * profile, in a conversation's header and on each received message. Only for logged-in users,
 * never on oneself.
 */
export function SafetyMenu({
  user,
  messageId,
  blockedByMe,
  extraItems = [],
}: {
  user: { id: number; name: string };
  /** A received message: the menu reports this message instead of the user. */
  messageId?: number;
  /** Known from the conversation; else read from the block list. */
  blockedByMe?: boolean;
  extraItems?: MenuItem[];
}) {
  const { t } = useTranslation('messages');
  const session = useSession();
  const me = session.state === 'loggedIn' ? session.user?.id : undefined;
  const blocks = useBlocks(blockedByMe === undefined ? me : undefined);
  const setBlocked = useSetBlocked(me ?? 0);
  const [dialog, setDialog] = useState<'block' | 'unblock' | 'report' | null>(null);
  if (me === undefined || me === user.id) return null;
  const blocked = blockedByMe ?? blocks.data?.some((b) => b.id === user.id) ?? false;

  const items: MenuItem[] = [
    ...extraItems,
    { id: 'report', label: t(messageId ? 'menu.reportMessage' : 'menu.reportUser'), onSelect: () => setDialog('report') },
    blocked
      ? { id: 'unblock', label: t('menu.unblock', { name: user.name }), onSelect: () => setDialog('unblock') }
      : { id: 'block', label: t('menu.block', { name: user.name }), onSelect: () => setDialog('block'), danger: true },
  ];
  const closeTexts = { cancel: t('cancel'), close: t('close'), failed: t('block.failed') };
  return (
    <>
      <MenuButton
        label={t(messageId ? 'menu.messageLabel' : 'menu.label', { name: user.name })}
        icon={<EllipsisVertical aria-hidden="true" className="size-5" />}
        items={items}
      />
      <ConfirmDialog
        open={dialog === 'block' || dialog === 'unblock'}
        onClose={() => setDialog(null)}
        texts={{
          ...closeTexts,
          title: t(dialog === 'unblock' ? 'block.unblockTitle' : 'block.title', { name: user.name }),
          text: t(dialog === 'unblock' ? 'block.unblockText' : 'block.text', { name: user.name }),
          confirm: t(dialog === 'unblock' ? 'block.unblockConfirm' : 'block.confirm'),
        }}
        onConfirm={async () => {
          const willBlock = dialog === 'block';
          await setBlocked.mutateAsync({ userId: user.id, blocked: willBlock });
          toast.success(t(willBlock ? 'block.done' : 'block.undone', { name: user.name }));
        }}
      />
      {dialog === 'report' && (
        <ReportDialog
          target={messageId ? { targetType: 'message', targetId: messageId } : { targetType: 'user', targetId: user.id }}
          name={user.name}
          onClose={() => setDialog(null)}
        />
      )}
    </>
  );
}
