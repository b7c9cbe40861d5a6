import { useMutation, useQueryClient } from '@tanstack/react-query';
import { ImagePlus, X } from 'lucide-react';
import { useEffect, useMemo, useRef, useState } from 'react';
import { useTranslation } from '../../i18n/react';
import { GUEST_SPOT_PHOTOS_MAX } from '../../../common/schemas/card-images';
import type { GuestSpotPhotoUploadAnswer } from '../../../common/schemas/guest-spot-photos';
import { api, ApiError, upload } from '../../lib/api';
import { Alert } from '../../ui/alert';
import { buttonClasses } from '../../ui/button';
import { cn } from '../../ui/cn';
import type { Listing, ListingKind } from './kind';
import type { ListingForm, ListingFormValues } from './listing-form';

/** What the server takes (the gallery image kind). */
const ACCEPT = 'image/jpeg,image/png,image/webp';

/** A new guest spot's form values: the picked photos (null when editing, where the photo manager saves each change at once). */
export type NewSpotValues = ListingFormValues & { photos: File[] | null };

/** A new spot's photos are required: the form's own check (its message is a key of the errors namespace). */
export const photosRequired = (values: { photos?: unknown }): { photos?: string } =>
  Array.isArray(values.photos) && values.photos.length === 0 ? { photos: 'guestSpotPhotosRequired' } : {};

/**
 * The save of a new guest spot with its photos, in one action: the spot is created inactive, its
 * photos are uploaded one after another (in the order picked: the first is the cover), and only
 * then is it activated (unless the form asked to keep it inactive). So no visitor ever sees it
 * without its workplace. When a photo fails, the created spot stays a hidden draft: sending the
 * form again updates that draft and uploads only the photos still missing, never a second spot.
 */
export function useCreateGuestSpot(kind: ListingKind) {
  const { t } = useTranslation('spotPhotos');
  const client = useQueryClient();
  const draft = useRef<Listing | null>(null);
  const sent = useRef(new Set<File>());
  const [progress, setProgress] = useState<{ n: number; count: number } | null>(null);
  const path = kind.api.path;

  const mutation = useMutation({
    mutationFn: async ({ data, values }: { id?: number; data: unknown; values?: unknown }): Promise<Listing> => {
      const wanted = data as { isActive?: boolean };
      const hidden = { ...(data as object), isActive: false };
      let spot = draft.current ? await api.put<Listing>(`${path}/${draft.current.id}`, hidden) : await api.post<Listing>(path, hidden);
      draft.current = spot;
      const files = (values as Partial<NewSpotValues> | undefined)?.photos ?? [];
      try {
        for (const [i, file] of files.entries()) {
          if (sent.current.has(file)) continue;
          setProgress({ n: i + 1, count: files.length });
          const form = new FormData();
          form.append('image', file);
          try {
            await upload<GuestSpotPhotoUploadAnswer>(`${path}/${spot.id}/photos`, form);
          } catch (error) {
            // Said at the top of the form as the server's answers are; no field of the form is at fault.
            const reason = t('draftSaved', { name: file.name, error: error instanceof Error ? error.message : t('failed') });
            const failure = new ApiError(error instanceof ApiError ? error.status : 0, reason, null);
            failure.cause = error;
            throw failure;
          }
          sent.current.add(file);
        }
      } finally {
        setProgress(null);
      }
      if (wanted.isActive !== false) spot = await api.put<Listing>(`${path}/${spot.id}`, { isActive: true });
      draft.current = null;
      sent.current.clear();
      return spot;
    },
    onSettled: () => client.invalidateQueries({ queryKey: [kind.api.key] }),
  });
  return { mutation, progress };
}

/** Object URLs of the picked files for their previews, revoked when the files change or the field goes. */
function usePreviews(files: File[]): string[] {
  const urls = useMemo(() => files.map((file) => URL.createObjectURL(file)), [files]);
  useEffect(() => () => urls.forEach((url) => URL.revokeObjectURL(url)), [urls]);
  return urls;
}

/**
 * The photos of a new guest spot inside its form: at least one, at most GUEST_SPOT_PHOTOS_MAX,
 * previewed in the order picked (the first is the cover), each removable; sent with the form.
 */
export function NewSpotPhotosField<V extends NewSpotValues>({ form, progress }: { form: ListingForm<V>; progress: { n: number; count: number } | null }) {
  const { t } = useTranslation('spotPhotos');
  const photos = form.values.photos ?? [];
  const previews = usePreviews(photos);
  const [notice, setNotice] = useState<string | null>(null);
  const inputId = form.fieldId('photos');
  const error = form.errorText('photos');
  const free = GUEST_SPOT_PHOTOS_MAX - photos.length;
  const set = (next: File[]) => {
    form.update({ photos: next } as Partial<V>);
    form.blur('photos');
  };
  const add = (files: File[]) => {
    const taken = files.slice(0, Math.max(0, free));
    const left = files.slice(taken.length);
    setNotice(left.length ? t('notAdded', { names: left.map((f) => f.name).join(', '), max: GUEST_SPOT_PHOTOS_MAX }) : null);
    if (taken.length) set([...photos, ...taken]);
  };

  return (
    <fieldset className="space-y-3" aria-describedby={`${inputId}-hint`}>
      <legend className="mb-1 text-lg font-bold">{form.labels.photos}</legend>
      <p id={`${inputId}-hint`} className="max-w-prose text-sm text-ink-muted">
        {t('newHint', { max: GUEST_SPOT_PHOTOS_MAX })}
      </p>
      {notice && <Alert tone="info">{notice}</Alert>}
      {photos.length > 0 && (
        <ol className="grid grid-cols-2 gap-3 sm:grid-cols-3">
          {photos.map((file, index) => (
            <li key={`${index}-${file.name}-${file.lastModified}`} className="space-y-2 rounded border border-line bg-surface p-2">
              <div className="relative aspect-[4/3] overflow-hidden rounded bg-sunken">
                <img src={previews[index]} alt={t('photoAlt', { number: index + 1 })} className="size-full object-cover" />
                {index === 0 && <span className="absolute top-2 left-2 rounded bg-surface px-2 py-0.5 text-xs font-bold text-ink">{t('cover')}</span>}
              </div>
              <button
                type="button"
                disabled={form.saving}
                onClick={() => set(photos.filter((f) => f !== file))}
                className={buttonClasses({ size: 'sm', variant: 'ghost' })}
              >
                <X aria-hidden="true" className="size-4" />
                {t('remove')} <span className="sr-only">{t('photoNumber', { number: index + 1 })}</span>
              </button>
            </li>
          ))}
        </ol>
      )}
      {free > 0 ? (
        <div className="space-y-1">
          <input
            id={inputId}
            type="file"
            accept={ACCEPT}
            multiple
            className="peer sr-only"
            disabled={form.saving}
            aria-invalid={error ? true : undefined}
            aria-describedby={error ? `${inputId}-error` : undefined}
            onChange={(e) => {
              const files = [...(e.target.files ?? [])];
              // Cleared so that picking the same file again is a change too.
              e.target.value = '';
              if (files.length) add(files);
            }}
          />
          <label
            htmlFor={inputId}
            className={buttonClasses({
              className: cn('cursor-pointer peer-focus-visible:outline-2 peer-focus-visible:outline-offset-2', form.saving && 'pointer-events-none opacity-60'),
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
      {error && (
        <p id={`${inputId}-error`} className="text-sm font-semibold text-danger">
          {error}
        </p>
      )}
      {progress && (
        <p role="status" className="text-sm font-semibold">
          {t('uploadingNew', progress)}
        </p>
      )}
    </fieldset>
  );
}
