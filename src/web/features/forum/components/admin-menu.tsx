import { Shield } from 'lucide-react';
import { useState } from 'react';
import type { ForumPostAction, ForumThread, ForumThreadAction } from '../../../../common/schemas/forum';
import { useTranslation } from '../../../i18n/react';
import { Alert } from '../../../ui/alert';
import { Button } from '../../../ui/button';
import { Dialog } from '../../../ui/dialog';
import { Select, TextArea } from '../../../ui/field';
import { toast } from '../../../ui/toast';
import { forumApi, useForumCategories, useForumWrite } from '../api';

/** An admin's moderation of a thread: pin, lock, hide with a reason, move to another category. */
export function ThreadAdminMenu({ thread }: { thread: ForumThread }) {
  const { t } = useTranslation('forum');
  const [open, setOpen] = useState(false);
  const [reason, setReason] = useState('');
  const [categoryId, setCategoryId] = useState(String(thread.category.id));
  const categories = useForumCategories();
  const moderate = useForumWrite(forumApi.moderateThread);
  const run = (action: ForumThreadAction, extra: { reason?: string; categoryId?: number } = {}) =>
    moderate.mutate([thread.id, { action, ...extra }], {
      onSuccess: () => {
        toast.success(t(`admin.done.${action}`));
        setOpen(false);
        setReason('');
      },
    });
  return (
    <Dialog
      open={open}
      onOpenChange={setOpen}
      title={t('admin.title')}
      closeLabel={t('close')}
      trigger={
        <Button size="sm" variant="ghost" icon={<Shield aria-hidden="true" className="size-4" />}>
          {t('admin.menu')}
        </Button>
      }
    >
      <div className="space-y-5">
        {moderate.error && <Alert tone="error">{moderate.error.message || t('admin.failed')}</Alert>}
        <div className="flex flex-wrap gap-2">
          <Button onClick={() => run(thread.isPinned ? 'unpin' : 'pin')} disabled={moderate.isPending}>
            {t(thread.isPinned ? 'admin.unpin' : 'admin.pin')}
          </Button>
          <Button onClick={() => run(thread.isLocked ? 'unlock' : 'lock')} disabled={moderate.isPending}>
            {t(thread.isLocked ? 'admin.unlock' : 'admin.lock')}
          </Button>
          {thread.isHidden && (
            <Button onClick={() => run('unhide')} disabled={moderate.isPending}>
              {t('admin.unhide')}
            </Button>
          )}
        </div>
        {!thread.isHidden && (
          <form
            className="space-y-2"
            onSubmit={(e) => {
              e.preventDefault();
              run('hide', { reason: reason.trim() });
            }}
          >
            <TextArea label={t('admin.reason')} value={reason} onChange={(e) => setReason(e.target.value)} rows={2} maxLength={500} required />
            <Button type="submit" disabled={!reason.trim() || moderate.isPending}>
              {t('admin.hide')}
            </Button>
          </form>
        )}
        {categories.data && (
          <form
            className="space-y-2"
            onSubmit={(e) => {
              e.preventDefault();
              run('move', { categoryId: Number(categoryId) });
            }}
          >
            <Select
              label={t('admin.moveTo')}
              value={categoryId}
              onChange={(e) => setCategoryId(e.target.value)}
              options={categories.data.map((c) => ({ value: String(c.id), label: c.name }))}
            />
            <Button type="submit" disabled={Number(categoryId) === thread.category.id || moderate.isPending}>
              {t('admin.move')}
            </Button>
          </form>
        )}
      </div>
    </Dialog>
  );
}

/** An admin's moderation of a reply: hide with a reason, or show it again. */
export function PostAdminMenu({ postId, hidden }: { postId: number; hidden: boolean }) {
  const { t } = useTranslation('forum');
  const [open, setOpen] = useState(false);
  const [reason, setReason] = useState('');
  const moderate = useForumWrite(forumApi.moderatePost);
  const run = (action: ForumPostAction) =>
    moderate.mutate([postId, action === 'hide' ? { action, reason: reason.trim() } : { action }], {
      onSuccess: () => {
        toast.success(t(`admin.done.${action}`));
        setOpen(false);
        setReason('');
      },
    });
  if (hidden) {
    return (
      <Button size="sm" variant="ghost" icon={<Shield aria-hidden="true" className="size-4" />} loading={moderate.isPending} onClick={() => run('unhide')}>
        {t('admin.unhide')}
      </Button>
    );
  }
  return (
    <Dialog
      open={open}
      onOpenChange={setOpen}
      title={t('admin.hidePostTitle')}
      closeLabel={t('close')}
      trigger={
        <Button size="sm" variant="ghost" icon={<Shield aria-hidden="true" className="size-4" />}>
          {t('admin.hide')}
        </Button>
      }
    >
      <form
        className="space-y-3"
        onSubmit={(e) => {
          e.preventDefault();
          run('hide');
        }}
      >
        {moderate.error && <Alert tone="error">{moderate.error.message || t('admin.failed')}</Alert>}
        <TextArea label={t('admin.reason')} value={reason} onChange={(e) => setReason(e.target.value)} rows={2} maxLength={500} required />
        <Button type="submit" variant="primary" disabled={!reason.trim()} loading={moderate.isPending}>
          {t('admin.hide')}
        </Button>
      </form>
    </Dialog>
  );
}
