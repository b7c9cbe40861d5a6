import { Check, EyeOff, Eye, Trash2 } from 'lucide-react';
import { useState, type KeyboardEvent } from 'react';
import { IMAGE_REVIEW_STATES, REVIEW_BATCH_MAX, type ImageReviewState, type ModerationImage } from '../../../../common/schemas/admin-moderation';
import { useTranslation } from '../../../i18n/react';
import { Badge } from '../../../ui/badge';
import { Button } from '../../../ui/button';
import { Dialog } from '../../../ui/dialog';
import { EmptyState } from '../../../ui/empty-state';
import { LoadMoreButton } from '../../../ui/load-more';
import { QueryErrorAlert } from '../../../ui/retry-alert';
import { toast } from '../../../ui/toast';
import { ConfirmAction } from '../ui/confirm-action';
import { useGalleryActions, useGalleryQueue } from './gallery-api';

const NS = ['adminModeration', 'admin'] as const;

type Pending = { kind: 'hide' | 'unhide' | 'remove'; image: ModerationImage };

/** /admin/gallery: the images uploaded since, to be reviewed, hidden or deleted. */
export default function GalleryScreen() {
  const { t } = useTranslation(NS);
  const [status, setStatus] = useState<ImageReviewState>('new');
  const queue = useGalleryQueue(status);
  const actions = useGalleryActions();
  const images = queue.data?.pages.flatMap((page) => page.images) ?? [];
  const [selected, setSelected] = useState<Set<number>>(new Set());
  const [open, setOpen] = useState<ModerationImage | null>(null);
  const [pending, setPending] = useState<Pending | null>(null);

  const toggle = (id: number) =>
    setSelected((was) => {
      const next = new Set(was);
      if (next.has(id)) next.delete(id);
      else if (next.size < REVIEW_BATCH_MAX) next.add(id);
      return next;
    });
  const changeStatus = (next: ImageReviewState) => {
    setStatus(next);
    setSelected(new Set());
  };
  const review = (ids: number[]) =>
    actions.review.mutate(ids, {
      onSuccess: (answer) => {
        toast.success(t('gallery.reviewed', { count: answer.reviewed }));
        setSelected(new Set());
      },
      onError: (err) => toast.error(err.message),
    });
  // Space selects, Enter opens the enlarged view: the grid works without a mouse.
  const onTileKey = (event: KeyboardEvent, image: ModerationImage) => {
    if (event.key === ' ') {
      event.preventDefault();
      toggle(image.id);
    } else if (event.key === 'Enter') {
      event.preventDefault();
      setOpen(image);
    }
  };

  return (
    <div className="space-y-4">
      <h1 className="text-2xl font-semibold">{t('gallery.title')}</h1>
      <p className="text-sm text-ink-muted">{t('gallery.intro')}</p>
      <div role="tablist" aria-label={t('gallery.filter')} className="flex flex-wrap gap-2">
        {IMAGE_REVIEW_STATES.map((value) => (
          <Button key={value} role="tab" aria-selected={status === value} variant={status === value ? 'primary' : 'secondary'} size="sm" onClick={() => changeStatus(value)}>
            {t(`gallery.status.${value}`)}
          </Button>
        ))}
      </div>
      {status === 'new' && images.length > 0 && (
        <div className="flex flex-wrap items-center gap-2">
          <span className="text-sm">{t('gallery.selected', { count: selected.size })}</span>
          <Button size="sm" disabled={selected.size === 0} loading={actions.review.isPending} onClick={() => review([...selected])}>
            <Check aria-hidden="true" className="size-4" /> {t('gallery.reviewSelected')}
          </Button>
          <Button size="sm" loading={actions.review.isPending} onClick={() => review(images.slice(0, REVIEW_BATCH_MAX).map((i) => i.id))}>
            {t('gallery.reviewPage')}
          </Button>
        </div>
      )}
      {queue.isError && <QueryErrorAlert query={queue} retryLabel={t('retry')} fallback={t('loadFailed')} />}
      {queue.isPending && <p className="text-sm text-ink-muted">{t('loading')}</p>}
      {!queue.isPending && !queue.isError && images.length === 0 && <EmptyState title={t(`gallery.empty.${status}`)} />}
      <ul className="grid grid-cols-2 gap-3 sm:grid-cols-4 lg:grid-cols-6" aria-label={t('gallery.grid')}>
        {images.map((image) => (
          <li key={image.id} className="relative">
            <div
              role="checkbox"
              aria-checked={selected.has(image.id)}
              aria-label={t('gallery.tileLabel', { name: image.uploader.name, caption: image.caption ?? '' })}
              tabIndex={0}
              onKeyDown={(e) => onTileKey(e, image)}
              onClick={() => toggle(image.id)}
              onDoubleClick={() => setOpen(image)}
              className={`block cursor-pointer overflow-hidden rounded border-2 ${selected.has(image.id) ? 'border-accent' : 'border-transparent'}`}
            >
              <img src={image.thumbnailUrl} alt={image.caption ?? ''} width={image.width} height={image.height} className="aspect-square w-full object-cover" loading="lazy" />
            </div>
            <div className="mt-1 flex items-center justify-between gap-1 text-xs">
              <span className="truncate">@{image.uploader.username}</span>
              {image.reportCount > 0 && <Badge tone="danger">{t('gallery.reports', { count: image.reportCount })}</Badge>}
            </div>
            <Button size="sm" variant="ghost" onClick={() => setOpen(image)}>
              {t('gallery.open')}
            </Button>
          </li>
        ))}
      </ul>
      <LoadMoreButton query={queue} label={t('loadMore')} />

      {open && (
        <Dialog open onOpenChange={(o) => !o && setOpen(null)} title={t('gallery.viewTitle', { name: open.uploader.name })} closeLabel={t('close')}>
          <img src={open.largeUrl} alt={open.caption ?? ''} width={open.width} height={open.height} className="max-h-[60vh] w-full object-contain" />
          <dl className="mt-3 grid grid-cols-[auto_1fr] gap-x-3 gap-y-1 text-sm">
            <dt className="font-semibold">{t('gallery.uploader')}</dt>
            <dd>
              {open.uploader.name} (@{open.uploader.username})
            </dd>
            <dt className="font-semibold">{t('gallery.caption')}</dt>
            <dd>{open.caption ?? '—'}</dd>
            <dt className="font-semibold">{t('gallery.styles')}</dt>
            <dd>{open.styles.map((s) => s.name).join(', ') || '—'}</dd>
            <dt className="font-semibold">{t('gallery.uploadedAt')}</dt>
            <dd>{new Date(open.uploadedAt).toLocaleString()}</dd>
            {open.hiddenReason && (
              <>
                <dt className="font-semibold">{t('gallery.hiddenReason')}</dt>
                <dd>{open.hiddenReason}</dd>
              </>
            )}
          </dl>
          <div className="mt-4 flex flex-wrap justify-end gap-2">
            {open.status === 'hidden' ? (
              <Button onClick={() => setPending({ kind: 'unhide', image: open })}>
                <Eye aria-hidden="true" className="size-4" /> {t('gallery.unhide')}
              </Button>
            ) : (
              <Button onClick={() => setPending({ kind: 'hide', image: open })}>
                <EyeOff aria-hidden="true" className="size-4" /> {t('gallery.hide')}
              </Button>
            )}
            <Button onClick={() => setPending({ kind: 'remove', image: open })}>
              <Trash2 aria-hidden="true" className="size-4" /> {t('gallery.delete')}
            </Button>
          </div>
        </Dialog>
      )}

      {pending && (
        <ConfirmAction
          open
          onClose={() => setPending(null)}
          title={t(`gallery.confirm.${pending.kind}.title`, { name: pending.image.uploader.name })}
          consequence={t(`gallery.confirm.${pending.kind}.consequence`)}
          confirmLabel={t(`gallery.${pending.kind === 'remove' ? 'delete' : pending.kind}`)}
          reason={{ required: true }}
          onConfirm={async ({ reason }) => {
            const input = { id: pending.image.id, reason };
            if (pending.kind === 'hide') await actions.hide.mutateAsync(input);
            else if (pending.kind === 'unhide') await actions.unhide.mutateAsync(input);
            else await actions.remove.mutateAsync(input);
            toast.success(t(`gallery.done.${pending.kind}`));
            setPending(null);
            setOpen(null);
          }}
        />
      )}
    </div>
  );
}
