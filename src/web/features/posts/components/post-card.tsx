import { CalendarClock, Hash, Megaphone } from 'lucide-react';
import { useState } from 'react';
import { useTranslation } from '../../../i18n/react';
import { truncate } from '../../../../common/format';
import type { PlannedPost } from '../../../../common/schemas/instagram';
import { useLanguage } from '../../../i18n/language';
import { LocalizedLink } from '../../../i18n/localized-link';
import { Badge } from '../../../ui/badge';
import { Button, buttonClasses } from '../../../ui/button';
import { Card } from '../../../ui/card';
import { ConfirmDialog } from '../../../ui/confirm-dialog';
import { toast } from '../../../ui/toast';
import { useDeletePost } from '../api/delete-post';
import { useMovePost } from '../api/move-post';
import { postPaths } from '../paths';
import { formatPlanned } from '../post-time';
import { PostThumb } from './post-thumb';

/** How much of a caption a card shows. */
const EXCERPT = 150;

const isOpen = (post: PlannedPost) => post.status === 'draft' || post.status === 'planned';

/** One post in the list: picture, type, status, local date and time, caption excerpt, hashtags, promotions and its actions. */
export function PostCard({ post, username }: { post: PlannedPost; username: string }) {
  const { t } = useTranslation('posts');
  const lang = useLanguage();
  const planned = formatPlanned(post.plannedAt, lang);
  const titleId = `post-${post.id}-title`;
  return (
    <Card className="flex flex-col gap-4 p-4 sm:flex-row">
      <PostThumb media={post.media} className="w-24 sm:w-28" />
      <div className="min-w-0 flex-1 space-y-2">
        <h2 id={titleId} className="flex flex-wrap items-center gap-2 text-base font-bold">
          <span>{t(`types.${post.type}`)}</span>
          <Badge tone={post.status === 'published' ? 'success' : post.status === 'cancelled' ? 'danger' : 'neutral'}>{t(`statuses.${post.status}`)}</Badge>
        </h2>
        <p className="flex items-center gap-2 text-sm">
          <CalendarClock aria-hidden="true" className="size-4 shrink-0 text-ink-muted" />
          {planned ? (
            <time dateTime={post.plannedAt ?? undefined}>{t('list.plannedAt', { date: planned.date, time: planned.time })}</time>
          ) : (
            <span className="text-ink-muted">{t('list.noDate')}</span>
          )}
        </p>
        <p className="text-sm break-words whitespace-pre-line">{post.caption ? truncate(post.caption, EXCERPT) : <span className="text-ink-muted">{t('list.noCaption')}</span>}</p>
        <p className="flex items-center gap-2 text-sm text-ink-muted">
          <Hash aria-hidden="true" className="size-4 shrink-0" />
          {t('list.hashtags', { count: post.hashtags.length })}
        </p>
        {post.promotions.length > 0 && (
          <ul className="space-y-1 text-sm" aria-label={t('list.promotions')}>
            {post.promotions.map((promotion) => (
              <li key={promotion.id} className="flex items-center gap-2">
                <Megaphone aria-hidden="true" className="size-4 shrink-0 text-ink-muted" />
                <span>
                  {t('list.promotion', { product: t(`products.${promotion.productType}`), state: t(`promotionStates.${promotion.status}`) })}
                  {promotion.reason && ` ${t('list.promotionReason', { reason: promotion.reason })}`}
                  {promotion.permalink && (
                    <>
                      {' '}
                      <a className="underline" href={promotion.permalink} target="_blank" rel="noopener noreferrer">
                        {t('list.promotionLink')}
                      </a>
                    </>
                  )}
                </span>
              </li>
            ))}
          </ul>
        )}
        <PostActions post={post} username={username} titleId={titleId} />
      </div>
    </Card>
  );
}

function PostActions({ post, username, titleId }: { post: PlannedPost; username: string; titleId: string }) {
  const { t } = useTranslation('posts');
  const publish = useMovePost();
  const cancel = useMovePost();
  const remove = useDeletePost();
  const [asking, setAsking] = useState<'cancel' | 'delete' | null>(null);
  const confirmTexts = (kind: 'cancel' | 'delete') => ({
    title: t(`confirm.${kind}Title`),
    text: t(`confirm.${kind}Text`),
    confirm: t(`confirm.${kind}`),
    cancel: t('confirm.keep'),
    close: t('confirm.close'),
    failed: t('actions.failed'),
  });
  const markPublished = () =>
    publish.mutate(
      { post, status: 'published' },
      {
        onSuccess: () => toast.success(t('actions.published')),
        onError: (err) => toast.error(err.message || t('actions.failed')),
      },
    );
  const open = isOpen(post);
  const actions = [
    open && post.can.edit && (
      <LocalizedLink key="edit" to={postPaths.edit(username, post.id)} className={buttonClasses({ size: 'sm' })} aria-describedby={titleId}>
        {t('actions.edit')}
      </LocalizedLink>
    ),
    post.status === 'planned' && post.can.promote && (
      <LocalizedLink key="promote" to={postPaths.upsell(username, post.id)} className={buttonClasses({ size: 'sm' })} aria-describedby={titleId}>
        {t('actions.promote')}
      </LocalizedLink>
    ),
    post.status === 'planned' && post.can.edit && (
      <Button key="publish" size="sm" onClick={markPublished} loading={publish.isPending} aria-describedby={titleId}>
        {t('actions.markPublished')}
      </Button>
    ),
    open && post.can.edit && (
      <Button key="cancel" size="sm" variant="ghost" onClick={() => setAsking('cancel')} aria-describedby={titleId}>
        {t('actions.cancel')}
      </Button>
    ),
    post.can.delete && (
      <Button key="delete" size="sm" variant="ghost" onClick={() => setAsking('delete')} aria-describedby={titleId}>
        {t('actions.delete')}
      </Button>
    ),
  ].filter(Boolean);
  if (actions.length === 0) return null;
  return (
    <div className="flex flex-wrap gap-2 pt-1">
      {actions}
      <ConfirmDialog
        open={asking === 'cancel'}
        onClose={() => setAsking(null)}
        texts={confirmTexts('cancel')}
        onConfirm={async () => {
          await cancel.mutateAsync({ post, status: 'cancelled' });
          toast.success(t('actions.cancelled'));
        }}
      />
      <ConfirmDialog
        open={asking === 'delete'}
        onClose={() => setAsking(null)}
        texts={confirmTexts('delete')}
        onConfirm={async () => {
          await remove.mutateAsync(post.id);
          toast.success(t('actions.deleted'));
        }}
      />
    </div>
  );
}
