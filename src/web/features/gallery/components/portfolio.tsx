import { ArrowLeft, ArrowRight, ArrowUpDown, ImagePlus, Images, Pencil, Trash2 } from 'lucide-react';
import { lazy, Suspense, useEffect, useRef, useState, type KeyboardEvent } from 'react';
import { useTranslation } from '../../../i18n/react';
import { toast } from '../../../ui/toast';
import type { GalleryImage } from '../../../../common/schemas/gallery';
import { Button } from '../../../ui/button';
import { cn } from '../../../ui/cn';
import { ConfirmDialog } from '../../../ui/confirm-dialog';
import { EmptyState } from '../../../ui/empty-state';
import { useDeleteImage } from '../api/delete-image';
import { useReorderImages } from '../api/reorder-images';
import { GalleryPicture } from './gallery-image';
import { belowPicture, Masonry, masonryItemStyle } from './masonry';

// Only the owner ever uploads or edits, and only after a click: visitors of a profile never load it.
const UploadDialog = lazy(() => import('./upload-dialog').then((m) => ({ default: m.UploadDialog })));
const EditDialog = lazy(() => import('./edit-dialog').then((m) => ({ default: m.EditDialog })));
// The enlarged view loads when the pointer or focus reaches a picture, before it is opened.
const loadLightbox = () => import('./lightbox');
const Lightbox = lazy(() => loadLightbox().then((m) => ({ default: m.Lightbox })));
const preloadLightbox = () => {
  loadLightbox().catch(() => undefined);
};

export type ImagesUpdater = (update: (images: GalleryImage[]) => GalleryImage[]) => void;

export interface PortfolioProps {
  images: GalleryImage[];
  ownerId: number;
  ownerName: string;
  canManage: boolean;
  onImagesChange: ImagesUpdater;
}

function move<T>(list: T[], from: number, to: number): T[] {
  const next = [...list];
  const [item] = next.splice(from, 1);
  if (item !== undefined) next.splice(to, 0, item);
  return next;
}

type Direction = 'earlier' | 'later';

// Heights of what sits under a picture, as laid out below (a line of text or a row of small
// buttons, each after a 0.25rem margin): the masonry reserves them when it places the picture.
const CAPTION_LINE = '1.5rem';
const BUTTON_ROW = '2.25rem';
const REORDER_BELOW = belowPicture([CAPTION_LINE, BUTTON_ROW]);

/**
 * A profile's portfolio: an uncropped masonry read row by row, newest work first, with an enlarged view.
 * Whoever may change the profile (`canManage`) uploads (several at once) and reorders: in the
 * reorder mode by dragging, by the move buttons or by the arrow keys on them, each move announced,
 * and the new order saved at once with "Save order". An image's own `can` allows its edit and
 * delete. Changes go into the caller's cache through `onImagesChange` (an upload goes first, an
 * edit replaces by id, a delete removes by id), without a reload.
 */
export function Portfolio({ images, ownerId, ownerName, canManage, onImagesChange }: PortfolioProps) {
  const { t } = useTranslation('gallery');
  const reorderImages = useReorderImages();
  const deleteImage = useDeleteImage();
  const [viewing, setViewing] = useState<number | null>(null);
  const [uploadOpen, setUploadOpen] = useState(false);
  const [uploadUsed, setUploadUsed] = useState(false);
  const [editing, setEditing] = useState<GalleryImage | null>(null);
  // Once opened, the viewer and the edit dialog stay mounted, so closing still animates and returns focus.
  const [viewerUsed, setViewerUsed] = useState(false);
  const [editUsed, setEditUsed] = useState(false);
  if (viewing !== null && !viewerUsed) setViewerUsed(true);
  if (editing !== null && !editUsed) setEditUsed(true);
  const [deleting, setDeleting] = useState<GalleryImage | null>(null);
  /** The order being arranged in the reorder mode; null outside it. */
  const [draft, setDraft] = useState<GalleryImage[] | null>(null);
  const [dragged, setDragged] = useState<number | null>(null);
  const [announcement, setAnnouncement] = useState('');
  const list = useRef<HTMLUListElement>(null);
  const refocus = useRef<{ id: number; direction: Direction } | null>(null);
  const toolbar = useRef<HTMLDivElement>(null);

  const shown = draft ?? images;
  const altOf = (image: GalleryImage, index: number) => image.caption || t('imageAlt', { name: ownerName, number: index + 1 });

  // After a move by button or key, focus stays on the moved image's button (or its other one
  // when the image reached an end and the button is disabled).
  useEffect(() => {
    const target = refocus.current;
    if (!target || !list.current) return;
    refocus.current = null;
    const pick = (direction: Direction) => list.current?.querySelector<HTMLButtonElement>(`[data-move="${direction}"][data-image="${target.id}"]`);
    const button = pick(target.direction);
    (button && !button.disabled ? button : pick(target.direction === 'earlier' ? 'later' : 'earlier'))?.focus();
  }, [draft]);

  const moveTo = (from: number, to: number, direction?: Direction) => {
    if (!draft || from === to || to < 0 || to >= draft.length) return;
    const image = draft[from] as GalleryImage;
    setDraft(move(draft, from, to));
    setAnnouncement(t('order.moved', { name: altOf(image, from), position: to + 1, count: draft.length }));
    if (direction) refocus.current = { id: image.id, direction };
  };

  const onMoveKey = (event: KeyboardEvent, index: number) => {
    const earlier = event.key === 'ArrowLeft' || event.key === 'ArrowUp';
    const later = event.key === 'ArrowRight' || event.key === 'ArrowDown';
    if (!earlier && !later) return;
    event.preventDefault();
    moveTo(index, earlier ? index - 1 : index + 1, earlier ? 'earlier' : 'later');
  };

  const leaveReorder = () => {
    setDraft(null);
    setAnnouncement('');
    requestAnimationFrame(() => toolbar.current?.querySelector<HTMLButtonElement>('[data-reorder]')?.focus());
  };

  const saveOrder = async () => {
    if (!draft) return;
    try {
      const saved = await reorderImages.mutateAsync(draft.map((i) => i.id));
      onImagesChange(() => saved);
      toast.success(t('order.saved'));
      leaveReorder();
    } catch (err) {
      toast.error((err instanceof Error && err.message) || t('order.failed'));
    }
  };

  const openUpload = () => {
    setUploadUsed(true);
    setUploadOpen(true);
  };

  return (
    <div className="space-y-4">
      {canManage && images.length > 0 && (
        <div className="flex flex-wrap items-center justify-between gap-3">
          <p className="text-sm text-ink-muted">{draft ? t('order.modeHint') : t('order.hint')}</p>
          <div ref={toolbar} className="flex flex-wrap gap-2">
            {draft ? (
              <>
                <Button onClick={leaveReorder} disabled={reorderImages.isPending}>
                  {t('cancel')}
                </Button>
                <Button variant="primary" onClick={() => void saveOrder()} loading={reorderImages.isPending}>
                  {t('order.save')}
                </Button>
              </>
            ) : (
              <>
                {images.length > 1 && (
                  <Button data-reorder onClick={() => setDraft(images)} icon={<ArrowUpDown aria-hidden="true" className="size-4" />}>
                    {t('order.start')}
                  </Button>
                )}
                <Button variant="primary" onClick={openUpload} icon={<ImagePlus aria-hidden="true" className="size-4" />}>
                  {t('upload.open')}
                </Button>
              </>
            )}
          </div>
        </div>
      )}
      <p aria-live="polite" className="sr-only">
        {announcement}
      </p>
      {shown.length === 0 ? (
        canManage ? (
          <EmptyState
            icon={<Images />}
            title={t('empty.ownerTitle')}
            description={t('empty.ownerText')}
            action={
              <Button variant="primary" onClick={openUpload} icon={<ImagePlus aria-hidden="true" className="size-4" />}>
                {t('empty.addFirst')}
              </Button>
            }
          />
        ) : (
          <EmptyState icon={<Images />} title={t('empty.visitorTitle')} description={t('empty.visitorText', { name: ownerName })} />
        )
      ) : (
        <Masonry ref={list} aria-label={t('portfolioLabel', { name: ownerName })}>
          {shown.map((image, index) =>
            draft ? (
              <li
                key={image.id}
                style={masonryItemStyle(image, REORDER_BELOW)}
                className={cn('relative cursor-grab rounded outline-2 outline-offset-2 outline-line-strong outline-dashed', dragged === index && 'opacity-50')}
                draggable
                onDragStart={(e) => {
                  e.dataTransfer.effectAllowed = 'move';
                  setDragged(index);
                }}
                onDragEnd={() => setDragged(null)}
                onDragOver={(e) => e.preventDefault()}
                onDrop={(e) => {
                  e.preventDefault();
                  if (dragged !== null) moveTo(dragged, index);
                  setDragged(null);
                }}
              >
                <GalleryPicture image={image} seed={ownerId} alt={altOf(image, index)} priority={index < 2} className="rounded" />
                <p className="mt-1 truncate text-sm font-semibold">{t('order.position', { position: index + 1, count: shown.length })}</p>
                <div className="mt-1 flex gap-1" onKeyDown={(e) => onMoveKey(e, index)}>
                  <Button
                    size="sm"
                    data-move="earlier"
                    data-image={image.id}
                    onClick={() => moveTo(index, index - 1, 'earlier')}
                    disabled={index === 0}
                    aria-label={t('order.earlier', { number: index + 1 })}
                  >
                    <ArrowLeft aria-hidden="true" className="size-4" />
                  </Button>
                  <Button
                    size="sm"
                    data-move="later"
                    data-image={image.id}
                    onClick={() => moveTo(index, index + 1, 'later')}
                    disabled={index === shown.length - 1}
                    aria-label={t('order.later', { number: index + 1 })}
                  >
                    <ArrowRight aria-hidden="true" className="size-4" />
                  </Button>
                </div>
              </li>
            ) : (
              <li
                key={image.id}
                className="group relative"
                style={masonryItemStyle(image, belowPicture([image.caption && CAPTION_LINE, (image.can.edit || image.can.delete) && BUTTON_ROW]))}
              >
                <button
                  type="button"
                  className="block w-full cursor-zoom-in overflow-hidden rounded text-left"
                  onClick={() => setViewing(index)}
                  onPointerEnter={preloadLightbox}
                  onFocus={preloadLightbox}
                  aria-label={t('open', { name: altOf(image, index) })}
                >
                  <GalleryPicture image={image} seed={ownerId} alt={altOf(image, index)} priority={index < 2} className={cn(image.hiddenReason !== undefined && 'opacity-50')} />
                </button>
                {image.hiddenReason !== undefined && (
                  // Only the owner (and admins) get the reason; laid over the picture so the masonry's rows stay as they are.
                  <p className="pointer-events-none absolute inset-x-2 top-2 line-clamp-4 rounded bg-danger-soft px-2 py-1 text-sm font-semibold text-danger shadow">
                    {t('hiddenByModeration', { reason: image.hiddenReason })}
                  </p>
                )}
                {image.caption && (
                  <p className="mt-1 truncate text-sm text-ink-muted" title={image.caption}>
                    {image.caption}
                  </p>
                )}
                {(image.can.edit || image.can.delete) && (
                  <div className="mt-1 flex flex-wrap gap-1">
                    {image.can.edit && (
                      <Button size="sm" variant="ghost" onClick={() => setEditing(image)} aria-label={t('edit.open', { number: index + 1 })}>
                        <Pencil aria-hidden="true" className="size-4" />
                      </Button>
                    )}
                    {image.can.delete && (
                      <Button size="sm" variant="ghost" onClick={() => setDeleting(image)} aria-label={t('delete.open', { number: index + 1 })}>
                        <Trash2 aria-hidden="true" className="size-4" />
                      </Button>
                    )}
                  </div>
                )}
              </li>
            ),
          )}
        </Masonry>
      )}

      {viewerUsed && (
        <Suspense fallback={null}>
          <Lightbox images={images} index={viewing} onIndexChange={setViewing} onClose={() => setViewing(null)} seed={ownerId} ownerId={ownerId} ownerName={ownerName} />
        </Suspense>
      )}
      {canManage && uploadUsed && (
        <Suspense fallback={null}>
          <UploadDialog
            open={uploadOpen}
            onOpenChange={setUploadOpen}
            onUploaded={(image) => onImagesChange((current) => [image, ...current.filter((i) => i.id !== image.id)])}
            onFinished={(count) => toast.success(t('upload.done', { count }))}
          />
        </Suspense>
      )}
      {editUsed && (
        <Suspense fallback={null}>
          <EditDialog
            image={editing}
            onClose={() => setEditing(null)}
            onSaved={(image) => {
              onImagesChange((current) => current.map((i) => (i.id === image.id ? image : i)));
              toast.success(t('edit.done'));
            }}
          />
        </Suspense>
      )}
      <ConfirmDialog
        open={deleting !== null}
        texts={{ title: t('delete.title'), text: t('delete.message'),
          confirm: t('delete.confirm'), cancel: t('cancel'), close: t('close'), failed: t('deleteFailed') }}
        onClose={() => setDeleting(null)}
        onConfirm={async () => {
          if (!deleting) return;
          const id = deleting.id;
          await deleteImage.mutateAsync(id);
          onImagesChange((current) => current.filter((i) => i.id !== id));
          toast.success(t('delete.done'));
        }}
      />
    </div>
  );
}
