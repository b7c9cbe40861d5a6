import { useMutation, useQuery, useQueryClient, type QueryClient } from '@tanstack/react-query';
import { ArrowDown, ArrowUp, ImagePlus, Trash2 } from 'lucide-react';
import { useEffect, useId, useRef, useState, type ComponentProps, type KeyboardEvent } from 'react';
import { useTranslation } from '../../i18n/react';
import { GUEST_SPOT_PHOTOS_MAX, type CardImage } from '../../../common/schemas/card-images';
import type { GuestSpotPhotosAnswer, GuestSpotPhotoUploadAnswer } from '../../../common/schemas/guest-spot-photos';
import { api, upload } from '../../lib/api';
import { Alert } from '../../ui/alert';
import { Button, buttonClasses } from '../../ui/button';
import { cn } from '../../ui/cn';
import { ConfirmDialog } from '../../ui/confirm-dialog';
import { ImageViewer, useViewerTexts } from '../../ui/image-viewer';
import { Image } from '../../ui/image';
import { Skeleton } from '../../ui/skeleton';

/** The guest spots' query key (KINDS.guestSpots.api.key): detail, lists and the photos below it. */
const SPOTS_KEY = 'guest-spots';
const photosKey = (spotId: number) => [SPOTS_KEY, 'photos', spotId] as const;
const photosPath = (spotId: number) => `/api/guest-spots/${spotId}/photos`;
/** What the server takes (the gallery image kind). */
const ACCEPT = 'image/jpeg,image/png,image/webp';

/** After a change the spot's detail page and the cards (which lead with the first photo) load afresh. */
function photosChanged(client: QueryClient, spotId: number, photos: CardImage[]) {
  client.setQueryData(photosKey(spotId), photos);
  void client.invalidateQueries({ predicate: (q) => q.queryKey[0] === SPOTS_KEY && q.queryKey[1] !== 'photos' });
}

/** `list` with the item at `from` moved to `to`. */
export function moveItem<T>(list: readonly T[], from: number, to: number): T[] {
  const next = [...list];
  const [item] = next.splice(from, 1);
  if (item === undefined) return next;
  next.splice(Math.max(0, Math.min(to, next.length)), 0, item);
  return next;
}

/** A photo from its large variant (the srcset offers the smaller ones), rounded, its placeholder coloured by its id. */
function SpotPhoto({ photo, ...shown }: { photo: CardImage } & Pick<ComponentProps<typeof Image>, 'alt' | 'ratio' | 'sizes' | 'priority'>) {
  return <Image src={photo.largeUrl} kind="gallery" width={photo.width} height={photo.height} seed={photo.id} className="rounded" {...shown} />;
}

interface UploadRow {
  key: string;
  name: string;
  percent: number;
  error: string | null;
}

/**
 * The studio's photos of its workplace on the guest spot's edit page (beyond the spec): up to
 * six, each uploaded with its own progress, deleted after a confirm, ordered by dragging or
 * by the move buttons (arrow keys too, announced); the first leads the spot's card. Each
 * change is saved at once, apart from the form.
 */
export function SpotPhotosManager({ spotId }: { spotId: number }) {
  const { t } = useTranslation('spotPhotos');
  const client = useQueryClient();
  const inputId = useId();
  const query = useQuery({ queryKey: photosKey(spotId), queryFn: async ({ signal }) => (await api.get<GuestSpotPhotosAnswer>(photosPath(spotId), { signal })).photos });
  const photos = query.data ?? [];
  const [uploads, setUploads] = useState<UploadRow[]>([]);
  const [notice, setNotice] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [announcement, setAnnouncement] = useState('');
  const [deleting, setDeleting] = useState<CardImage | null>(null);
  const [dragged, setDragged] = useState<number | null>(null);
  const [focusAfterMove, setFocusAfterMove] = useState<{ id: number; direction: 'earlier' | 'later' } | null>(null);
  const list = useRef<HTMLOListElement>(null);
  const busy = uploads.some((u) => u.percent < 100 && !u.error);
  const free = GUEST_SPOT_PHOTOS_MAX - photos.length;

  const reorder = useMutation({
    mutationFn: async (ids: number[]) => (await api.put<GuestSpotPhotosAnswer>(`${photosPath(spotId)}/order`, { ids })).photos,
    onMutate: (ids) => {
      const before = photos;
      const byId = new Map(photos.map((p) => [p.id, p]));
      client.setQueryData(photosKey(spotId), ids.map((id) => byId.get(id)).filter((p): p is CardImage => !!p));
      return { before };
    },
    onError: (err, _ids, context) => {
      if (context) client.setQueryData(photosKey(spotId), context.before);
      setError(err instanceof Error ? err.message : t('failed'));
    },
    onSuccess: (next) => photosChanged(client, spotId, next),
  });

  // Keeps focus on the moved photo's button in its new place; at an end, on its other button.
  useEffect(() => {
    if (!focusAfterMove) return;
    const item = list.current?.querySelector<HTMLElement>(`[data-photo-id="${focusAfterMove.id}"]`);
    const same = item?.querySelector<HTMLButtonElement>(`[data-move="${focusAfterMove.direction}"]:not(:disabled)`);
    (same ?? item?.querySelector<HTMLButtonElement>('[data-move]:not(:disabled)'))?.focus();
    setFocusAfterMove(null);
  }, [focusAfterMove, query.data]);

  const move = (from: number, to: number) => {
    const photo = photos[from];
    // One order at a time: the next starts from what the server saved (the buttons stay enabled, so focus stays on them).
    if (!photo || reorder.isPending || to < 0 || to >= photos.length || from === to) return;
    setError(null);
    const next = moveItem(photos, from, to);
    reorder.mutate(next.map((p) => p.id));
    setAnnouncement(t('moved', { position: to + 1, count: photos.length }));
    setFocusAfterMove({ id: photo.id, direction: to < from ? 'earlier' : 'later' });
  };

  const onItemKey = (event: KeyboardEvent<HTMLLIElement>, index: number) => {
    if (event.target !== event.currentTarget && !(event.target as HTMLElement).dataset.move) return;
    const step = event.key === 'ArrowUp' || event.key === 'ArrowLeft' ? -1 : event.key === 'ArrowDown' || event.key === 'ArrowRight' ? 1 : 0;
    if (!step) return;
    event.preventDefault();
    move(index, index + step);
  };

  /** Uploads the picked files one after another, so they keep the order they were picked in. */
  const addFiles = async (files: File[]) => {
    setError(null);
    setNotice(null);
    const taken = files.slice(0, Math.max(0, free));
    const left = files.slice(taken.length);
    if (left.length) setNotice(t('notAdded', { names: left.map((f) => f.name).join(', '), max: GUEST_SPOT_PHOTOS_MAX }));
    const rows = taken.map((file, i) => ({ key: `${Date.now()}-${i}-${file.name}`, name: file.name, percent: 0, error: null }));
    setUploads(rows);
    let done = 0;
    for (const [i, file] of taken.entries()) {
      const key = rows[i]!.key;
      const patch = (change: Partial<UploadRow>) => setUploads((current) => current.map((u) => (u.key === key ? { ...u, ...change } : u)));
      const form = new FormData();
      form.append('image', file);
      try {
        const answer = await upload<GuestSpotPhotoUploadAnswer>(photosPath(spotId), form, { onProgress: (percent) => patch({ percent: Math.min(percent, 99) }) });
        patch({ percent: 100 });
        photosChanged(client, spotId, answer.photos);
        done++;
      } catch (err) {
        patch({ error: err instanceof Error ? err.message : t('failed') });
      }
    }
    if (done) setAnnouncement(t('uploaded', { n: done }));
    // Finished rows leave; failed ones stay with their reason.
    setUploads((current) => current.filter((u) => u.error));
  };

  const remove = async (photo: CardImage) => {
    const answer = await api.delete<GuestSpotPhotosAnswer>(`${photosPath(spotId)}/${photo.id}`);
    photosChanged(client, spotId, answer.photos);
    setAnnouncement(t('deleted'));
  };

  const deletingNumber = deleting ? photos.findIndex((p) => p.id === deleting.id) + 1 : 0;

  return (
    <section aria-labelledby={`${inputId}-title`} className="mx-auto w-full max-w-3xl space-y-4 px-4 pb-12">
      <div className="flex flex-wrap items-baseline justify-between gap-2 border-t border-line pt-8">
        <h2 id={`${inputId}-title`} className="text-2xl font-extrabold tracking-tight">
          {t('title')}
        </h2>
        {query.data && <p className="text-sm font-semibold text-ink-muted">{t('countOf', { n: photos.length, max: GUEST_SPOT_PHOTOS_MAX })}</p>}
      </div>
      <p className="max-w-prose text-ink-muted">{t('intro', { max: GUEST_SPOT_PHOTOS_MAX })}</p>
      <div aria-live="polite" role="status" className="sr-only">
        {announcement}
      </div>
      {error && <Alert tone="error">{error}</Alert>}
      {notice && <Alert tone="info">{notice}</Alert>}

      {query.isPending ? (
        <div className="grid grid-cols-2 gap-3 sm:grid-cols-3">
          <Skeleton className="aspect-[4/3]" />
          <Skeleton className="aspect-[4/3]" />
        </div>
      ) : query.isError ? (
        <Alert tone="error">{t('loadFailed')}</Alert>
      ) : photos.length === 0 ? (
        <p className="rounded border border-dashed border-line-strong p-6 text-center text-ink-muted">{t('empty')}</p>
      ) : (
        <>
          {photos.length > 1 && <p className="text-sm text-ink-muted">{t('orderHint')}</p>}
          <ol ref={list} className="grid grid-cols-2 gap-3 sm:grid-cols-3">
            {photos.map((photo, index) => (
              <li
                key={photo.id}
                data-photo-id={photo.id}
                draggable
                onDragStart={(e) => {
                  setDragged(index);
                  e.dataTransfer.effectAllowed = 'move';
                }}
                onDragOver={(e) => {
                  if (dragged !== null) e.preventDefault();
                }}
                onDrop={(e) => {
                  e.preventDefault();
                  if (dragged !== null) move(dragged, index);
                  setDragged(null);
                }}
                onDragEnd={() => setDragged(null)}
                onKeyDown={(e) => onItemKey(e, index)}
                className={cn('space-y-2 rounded border border-line bg-surface p-2', dragged === index && 'opacity-60')}
              >
                <div className="relative cursor-grab">
                  <SpotPhoto photo={photo} alt={t('photoAlt', { number: index + 1 })} ratio="4/3" sizes="(min-width: 640px) 240px, 50vw" />
                  {index === 0 && <span className="absolute top-2 left-2 rounded bg-surface px-2 py-0.5 text-xs font-bold text-ink">{t('cover')}</span>}
                </div>
                <div className="flex flex-wrap gap-1">
                  {photos.length > 1 && (
                    <>
                      <Button
                        size="sm"
                        variant="ghost"
                        data-move="earlier"
                        disabled={index === 0}
                        onClick={() => move(index, index - 1)}
                        icon={<ArrowUp aria-hidden="true" className="size-4" />}
                      >
                        {t('moveEarlier')}
                        {' '}
                    <span className="sr-only">{t('photoNumber', { number: index + 1 })}</span>
                      </Button>
                      <Button
                        size="sm"
                        variant="ghost"
                        data-move="later"
                        disabled={index === photos.length - 1}
                        onClick={() => move(index, index + 1)}
                        icon={<ArrowDown aria-hidden="true" className="size-4" />}
                      >
                        {t('moveLater')}
                        {' '}
                    <span className="sr-only">{t('photoNumber', { number: index + 1 })}</span>
                      </Button>
                    </>
                  )}
                  <Button
                    size="sm"
                    variant="ghost"
                    onClick={() => setDeleting(photo)}
                    icon={<Trash2 aria-hidden="true" className="size-4" />}
                  >
                    {t('delete')}
                    {' '}
                    <span className="sr-only">{t('photoNumber', { number: index + 1 })}</span>
                  </Button>
                </div>
              </li>
            ))}
          </ol>
        </>
      )}

      {uploads.length > 0 && (
        <ul className="space-y-2" aria-label={t('uploadsLabel')}>
          {uploads.map((u) => (
            <li key={u.key} className="space-y-1">
              {u.error ? (
                <Alert tone="error">{t('uploadFailed', { name: u.name, error: u.error })}</Alert>
              ) : (
                <>
                  <p className="text-sm break-words">{t('uploading', { name: u.name })}</p>
                  <progress className="h-2 w-full accent-accent" max={100} value={u.percent} aria-label={t('progressLabel', { name: u.name })}>
                    {u.percent} %
                  </progress>
                </>
              )}
            </li>
          ))}
        </ul>
      )}

      {!query.data ? null : free > 0 ? (
        <div className="space-y-1">
          <input
            id={inputId}
            type="file"
            accept={ACCEPT}
            multiple
            className="peer sr-only"
            disabled={busy}
            onChange={(e) => {
              const files = [...(e.target.files ?? [])];
              // Cleared so that picking the same file again is a change too.
              e.target.value = '';
              if (files.length) void addFiles(files);
            }}
          />
          <label
            htmlFor={inputId}
            className={buttonClasses({
              className: cn('cursor-pointer peer-focus-visible:outline-2 peer-focus-visible:outline-offset-2', busy && 'pointer-events-none opacity-60'),
            })}
          >
            <ImagePlus aria-hidden="true" className="size-4" />
            {t('add')}
          </label>
          <p className="text-sm text-ink-muted">{t('formats', { free, max: GUEST_SPOT_PHOTOS_MAX })}</p>
        </div>
      ) : (
        <p className="text-sm text-ink-muted">{t('full', { max: GUEST_SPOT_PHOTOS_MAX })}</p>
      )}

      <ConfirmDialog
        open={deleting !== null}
        onClose={() => setDeleting(null)}
        texts={{
          title: t('deleteTitle', { number: deletingNumber }),
          text: t('deleteText'),
          confirm: t('deleteConfirm'),
          cancel: t('cancel'),
          close: t('close'),
          failed: t('failed'),
        }}
        onConfirm={() => (deleting ? remove(deleting) : Promise.resolve())}
      />
    </section>
  );
}

/**
 * A guest spot's photos on its page: the first large (eager, high priority: it is the first
 * picture on the screen), the others as thumbnails that open the enlarged view. Nothing
 * without photos.
 */
export function SpotPhotoGallery({ photos, studioName }: { photos: CardImage[]; studioName: string }) {
  const { t } = useTranslation('spotPhotos');
  const [open, setOpen] = useState<number | null>(null);
  // The dialog has no trigger of its own, so focus goes back to the picture that opened it by hand.
  const opener = useRef<HTMLButtonElement | null>(null);
  const show = (index: number, button: HTMLButtonElement) => {
    opener.current = button;
    setOpen(index);
  };
  const change = (index: number | null) => {
    setOpen(index);
    if (index === null) requestAnimationFrame(() => opener.current?.focus());
  };
  const [lead, ...rest] = photos;
  if (!lead) return null;
  const count = photos.length;
  const alt = (index: number) => t('galleryAlt', { number: index + 1, count, studio: studioName });
  return (
    <section aria-label={t('galleryTitle')} className="space-y-2">
      <button
        type="button"
        onClick={(e) => show(0, e.currentTarget)}
        className="block w-full cursor-zoom-in rounded focus-visible:outline-2 focus-visible:outline-offset-2"
        aria-label={t('open', { number: 1, count })}
      >
        <SpotPhoto photo={lead} alt={alt(0)} ratio="3/2" sizes="(min-width: 1024px) 672px, 100vw" priority />
      </button>
      {rest.length > 0 && (
        <ul className="grid grid-cols-3 gap-2 sm:grid-cols-5">
          {rest.map((photo, i) => (
            <li key={photo.id}>
              <button
                type="button"
                onClick={(e) => show(i + 1, e.currentTarget)}
                className="block w-full cursor-zoom-in rounded focus-visible:outline-2 focus-visible:outline-offset-2"
                aria-label={t('open', { number: i + 2, count })}
              >
                <SpotPhoto photo={photo} alt={alt(i + 1)} ratio="1/1" sizes="(min-width: 640px) 140px, 33vw" />
              </button>
            </li>
          ))}
        </ul>
      )}
      <PhotoViewer photos={photos} index={open} onIndexChange={change} alt={alt} />
    </section>
  );
}

/** The enlarged view of the spot's photos (ui/image-viewer): arrow keys, swipe, Escape. */
function PhotoViewer({ photos, index, onIndexChange, alt }: { photos: CardImage[]; index: number | null; onIndexChange: (index: number | null) => void; alt: (index: number) => string }) {
  const texts = useViewerTexts('spotPhotos');
  return <ImageViewer images={photos} index={index} onIndexChange={onIndexChange} onClose={() => onIndexChange(null)} alt={(_photo, i) => alt(i)} texts={texts} />;
}
