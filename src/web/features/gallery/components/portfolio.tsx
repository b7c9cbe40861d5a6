import { ArrowDown, ArrowUp, ImagePlus, Images, Pencil, Trash2 } from 'lucide-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { toast } from 'sonner';
import type { GalleryImage } from '../../../../common/schemas/gallery';
import { Button } from '../../../ui/button';
import { ConfirmDialog } from '../../../ui/confirm-dialog';
import { EmptyState } from '../../../ui/empty-state';
import { useDeleteImage } from '../api/delete-image';
import { useReorderImages } from '../api/reorder-images';
import { EditDialog } from './edit-dialog';
import { GalleryPicture, MASONRY_CLASSES } from './gallery-image';
import { Lightbox } from './lightbox';
import { UploadDialog } from './upload-dialog';

export type ImagesUpdater = (update: (images: GalleryImage[]) => GalleryImage[]) => void;

function move<T>(list: T[], from: number, to: number): T[] {
  const next = [...list];
  const [item] = next.splice(from, 1);
  if (item !== undefined) next.splice(to, 0, item);
  return next;
}

/**
 * A profile's portfolio: masonry with an enlarged view. Whoever may change the profile
 * (`canManage`) uploads and reorders (drag, or the move buttons); an image's own `can` allows its
 * edit and delete. Changes go into the caller's cache through `onImagesChange` (upload adds,
 * edit replaces by id, delete removes by id), without a reload.
 */
export function Portfolio({
  images,
  ownerId,
  ownerName,
  canManage,
  onImagesChange,
}: {
  images: GalleryImage[];
  ownerId: number;
  ownerName: string;
  canManage: boolean;
  onImagesChange: ImagesUpdater;
}) {
  const { t } = useTranslation('gallery');
  const reorderImages = useReorderImages();
  const deleteImage = useDeleteImage();
  const [viewing, setViewing] = useState<number | null>(null);
  const [uploadOpen, setUploadOpen] = useState(false);
  const [editing, setEditing] = useState<GalleryImage | null>(null);
  const [deleting, setDeleting] = useState<GalleryImage | null>(null);
  const [dragged, setDragged] = useState<number | null>(null);

  const reorder = async (from: number, to: number) => {
    if (from === to || to < 0 || to >= images.length) return;
    const before = images;
    const next = move(images, from, to);
    onImagesChange(() => next);
    try {
      const saved = await reorderImages.mutateAsync(next.map((i) => i.id));
      onImagesChange(() => saved);
      toast.success(t('order.saved'));
    } catch (err) {
      onImagesChange(() => before);
      toast.error((err instanceof Error && err.message) || t('order.failed'));
    }
  };

  const altOf = (image: GalleryImage, index: number) => image.caption || t('imageAlt', { name: ownerName, number: index + 1 });

  return (
    <div className="space-y-4">
      {canManage && images.length > 0 && (
        <div className="flex flex-wrap items-center justify-between gap-3">
          <p className="text-sm text-ink-muted">{t('order.hint')}</p>
          <Button variant="primary" onClick={() => setUploadOpen(true)} icon={<ImagePlus aria-hidden="true" className="size-4" />}>
            {t('upload.open')}
          </Button>
        </div>
      )}
      {images.length === 0 ? (
        canManage ? (
          <EmptyState
            icon={<Images />}
            title={t('empty.ownerTitle')}
            description={t('empty.ownerText')}
            action={
              <Button variant="primary" onClick={() => setUploadOpen(true)} icon={<ImagePlus aria-hidden="true" className="size-4" />}>
                {t('empty.addFirst')}
              </Button>
            }
          />
        ) : (
          <EmptyState icon={<Images />} title={t('empty.visitorTitle')} description={t('empty.visitorText', { name: ownerName })} />
        )
      ) : (
        <ul className={MASONRY_CLASSES} aria-label={t('portfolioLabel', { name: ownerName })}>
          {images.map((image, index) => (
            <li
              key={image.id}
              className={`group relative overflow-hidden rounded ${dragged === index ? 'opacity-50' : ''}`}
              draggable={canManage}
              onDragStart={canManage ? () => setDragged(index) : undefined}
              onDragEnd={canManage ? () => setDragged(null) : undefined}
              onDragOver={canManage ? (e) => e.preventDefault() : undefined}
              onDrop={
                canManage
                  ? (e) => {
                      e.preventDefault();
                      if (dragged !== null) void reorder(dragged, index);
                      setDragged(null);
                    }
                  : undefined
              }
            >
              <button
                type="button"
                className="block w-full cursor-zoom-in text-left"
                onClick={() => setViewing(index)}
                aria-label={t('open', { name: altOf(image, index) })}
              >
                <GalleryPicture image={image} seed={ownerId} alt={altOf(image, index)} priority={index === 0} />
              </button>
              {image.caption && <p className="mt-1 line-clamp-2 text-sm text-ink-muted">{image.caption}</p>}
              {(canManage || image.can.edit || image.can.delete) && (
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
                  {canManage && (
                    <>
                      <Button
                        size="sm"
                        variant="ghost"
                        onClick={() => void reorder(index, index - 1)}
                        disabled={index === 0}
                        aria-label={t('order.earlier', { number: index + 1 })}
                      >
                        <ArrowUp aria-hidden="true" className="size-4" />
                      </Button>
                      <Button
                        size="sm"
                        variant="ghost"
                        onClick={() => void reorder(index, index + 1)}
                        disabled={index === images.length - 1}
                        aria-label={t('order.later', { number: index + 1 })}
                      >
                        <ArrowDown aria-hidden="true" className="size-4" />
                      </Button>
                    </>
                  )}
                </div>
              )}
            </li>
          ))}
        </ul>
      )}

      <Lightbox images={images} index={viewing} onIndexChange={setViewing} onClose={() => setViewing(null)} seed={ownerId} ownerName={ownerName} />
      {canManage && (
        <UploadDialog
          open={uploadOpen}
          onOpenChange={setUploadOpen}
          onUploaded={(image) => {
            onImagesChange((list) => [...list, image]);
            toast.success(t('upload.done'));
          }}
        />
      )}
      <EditDialog
        image={editing}
        onClose={() => setEditing(null)}
        onSaved={(image) => {
          onImagesChange((list) => list.map((i) => (i.id === image.id ? image : i)));
          toast.success(t('edit.done'));
        }}
      />
      <ConfirmDialog
        open={deleting !== null}
        texts={{ title: t('delete.title'), text: t('delete.message'),
          confirm: t('delete.confirm'), cancel: t('cancel'), close: t('close'), failed: t('deleteFailed') }}
        onClose={() => setDeleting(null)}
        onConfirm={async () => {
          if (!deleting) return;
          const id = deleting.id;
          await deleteImage.mutateAsync(id);
          onImagesChange((list) => list.filter((i) => i.id !== id));
          toast.success(t('delete.done'));
        }}
      />
    </div>
  );
}
