import { ImagePlus, Trash2 } from 'lucide-react';
import { useEffect, useId, useRef, useState, type DragEvent } from 'react';
import { useTranslation } from '../../../i18n/react';
import { GALLERY_IMAGE_MAX_BYTES } from '../../../../common/constants';
import type { PostMedia } from '../../../../common/schemas/instagram';
import { uploadErrorMessage } from '../../../lib/upload-error';
import { Button } from '../../../ui/button';
import { cn } from '../../../ui/cn';
import { useUploadMedia } from '../api/upload-media';

/** The picture types the server's image pipeline takes (the gallery's). */
export const MEDIA_TYPES = ['image/jpeg', 'image/png', 'image/webp'] as const;

/** A chosen file's local preview, its object URL released with it. */
function useObjectUrl(file: File | null): string | null {
  const [url, setUrl] = useState<string | null>(null);
  useEffect(() => {
    if (!file) {
      setUrl(null);
      return;
    }
    const next = URL.createObjectURL(file);
    setUrl(next);
    return () => URL.revokeObjectURL(next);
  }, [file]);
  return url;
}

/**
 * The post's picture: dropped on the box or chosen with the file input, checked for type and
 * size here, uploaded at once with progress, then previewed; replace or remove it later.
 */
export function MediaField({
  id,
  label,
  value,
  onChange,
  error,
  onBusyChange,
}: {
  id: string;
  label: string;
  value: PostMedia | null;
  onChange: (media: PostMedia | null) => void;
  error?: string;
  /** Tells the form an upload is running (it waits before saving). */
  onBusyChange: (busy: boolean) => void;
}) {
  const { t } = useTranslation('posts');
  const upload = useUploadMedia();
  const input = useRef<HTMLInputElement>(null);
  const [file, setFile] = useState<File | null>(null);
  const [progress, setProgress] = useState(0);
  const [problem, setProblem] = useState<string | null>(null);
  const [dragging, setDragging] = useState(false);
  const preview = useObjectUrl(upload.isPending ? file : null);
  const hintId = useId();
  const errorId = useId();
  const statusId = useId();

  const take = (files: FileList | null) => {
    const chosen = files?.[0];
    if (!chosen || upload.isPending) return;
    if (!(MEDIA_TYPES as readonly string[]).includes(chosen.type)) {
      setProblem(t('form.mediaType'));
      return;
    }
    if (chosen.size > GALLERY_IMAGE_MAX_BYTES) {
      setProblem(t('form.mediaSize', { size: GALLERY_IMAGE_MAX_BYTES / 1024 / 1024 }));
      return;
    }
    setProblem(null);
    setFile(chosen);
    setProgress(0);
    onBusyChange(true);
    upload.mutate(
      { file: chosen, onProgress: setProgress },
      {
        onSuccess: (media) => onChange(media),
        onError: (err) => setProblem(uploadErrorMessage(err, t)),
        onSettled: () => {
          onBusyChange(false);
          setFile(null);
          if (input.current) input.current.value = '';
        },
      },
    );
  };

  const onDrop = (event: DragEvent) => {
    event.preventDefault();
    setDragging(false);
    take(event.dataTransfer.files);
  };

  const shownError = problem ?? error;
  const shown = preview ?? value?.mediumUrl ?? value?.url ?? null;
  return (
    <div className="space-y-1.5">
      <p id={`${id}-label`} className="text-sm font-semibold">
        {label}
      </p>
      <div className="flex flex-col gap-4 sm:flex-row sm:items-start">
        {shown && (
          <div className={cn('aspect-square w-full max-w-56 shrink-0 overflow-hidden rounded bg-sunken', upload.isPending && 'opacity-70')}>
            <img src={shown} alt={t('form.mediaPreview')} className="size-full object-cover" />
          </div>
        )}
        <div className="min-w-0 flex-1 space-y-3">
          <label
            htmlFor={id}
            onDragOver={(e) => {
              e.preventDefault();
              if (!upload.isPending) setDragging(true);
            }}
            onDragLeave={() => setDragging(false)}
            onDrop={onDrop}
            className={cn(
              'flex min-h-32 cursor-pointer flex-col focus-within:outline-2 focus-within:outline-offset-2 items-center justify-center gap-2 rounded border border-dashed border-line-strong p-4 text-center hover:bg-sunken',
              dragging && 'bg-sunken',
              upload.isPending && 'pointer-events-none',
            )}
          >
            <ImagePlus aria-hidden="true" className="size-7 text-ink-muted" />
            <span className="font-semibold">{value ? t('form.mediaReplace') : t('form.mediaChoose')}</span>
            <span className="text-sm text-ink-muted">{t('form.mediaDrop')}</span>
            <input
              ref={input}
              id={id}
              type="file"
              accept={MEDIA_TYPES.join(',')}
              className="sr-only"
              disabled={upload.isPending}
              aria-labelledby={`${id}-label`}
              aria-describedby={[shownError ? errorId : null, hintId].filter(Boolean).join(' ')}
              aria-invalid={shownError ? true : undefined}
              onChange={(e) => take(e.currentTarget.files)}
            />
          </label>
          <p id={hintId} className="text-sm text-ink-muted">
            {t('form.mediaHint', { size: GALLERY_IMAGE_MAX_BYTES / 1024 / 1024 })}
          </p>
          <p id={statusId} role="status" className="text-sm">
            {upload.isPending ? t('form.mediaUploading', { percent: progress }) : ''}
          </p>
          {upload.isPending && (
            <progress max={100} value={progress} aria-labelledby={statusId} className="h-2 w-full accent-accent">
              {progress}%
            </progress>
          )}
          {value && !upload.isPending && (
            <Button size="sm" variant="ghost" icon={<Trash2 aria-hidden="true" className="size-4" />} onClick={() => onChange(null)}>
              {t('form.mediaRemove')}
            </Button>
          )}
          {shownError && (
            <p id={errorId} className="text-sm font-semibold text-danger">
              {shownError}
            </p>
          )}
        </div>
      </div>
    </div>
  );
}
