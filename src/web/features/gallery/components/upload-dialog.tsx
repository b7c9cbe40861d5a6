import { CircleCheck, ImagePlus, X } from 'lucide-react';
import { useEffect, useId, useRef, useState, type DragEvent } from 'react';
import { useTranslation } from '../../../i18n/react';
import { CAPTION_MAX, GALLERY_IMAGE_MAX_BYTES } from '../../../../common/constants';
import { captionLength } from '../../../../common/caption';
import type { GalleryImage } from '../../../../common/schemas/gallery';
import { Alert } from '../../../ui/alert';
import { Button } from '../../../ui/button';
import { cn } from '../../../ui/cn';
import { Dialog } from '../../../ui/dialog';
import { uploadErrorMessage } from '../../../lib/upload-error';
import { runLimited, UPLOAD_CONCURRENCY, useUploadImage } from '../api/upload-image';
import { CaptionField, ImageStylesField } from './image-fields';

export const GALLERY_TYPES = ['image/jpeg', 'image/png', 'image/webp'] as const;

type ItemState = 'ready' | 'waiting' | 'uploading' | 'done' | 'failed';

/** One chosen file with its own caption, styles, progress and outcome. */
interface Item {
  key: number;
  file: File;
  caption: string;
  styleIds: number[];
  state: ItemState;
  progress: number;
  error: string | null;
}

/** Shows a chosen file without keeping its object URL beyond the preview's life. */
function Preview({ file, alt }: { file: File; alt: string }) {
  const [url, setUrl] = useState<string | null>(null);
  useEffect(() => {
    const next = URL.createObjectURL(file);
    setUrl(next);
    return () => URL.revokeObjectURL(next);
  }, [file]);
  return <div className="aspect-square w-24 shrink-0 overflow-hidden rounded bg-sunken">{url && <img src={url} alt={alt} className="size-full object-cover" />}</div>;
}

function FileCard({
  item,
  number,
  busy,
  onChange,
  onRemove,
}: {
  item: Item;
  number: number;
  busy: boolean;
  onChange: (patch: Partial<Item>) => void;
  onRemove: () => void;
}) {
  const { t } = useTranslation('gallery');
  const name = item.file.name;
  const locked = busy || item.state === 'done';
  return (
    <li>
      <fieldset className="space-y-3 rounded border border-line p-3" disabled={locked}>
        <legend className="px-1 text-sm font-semibold break-all">{t('upload.file', { number, name })}</legend>
        <div className="flex items-start gap-3">
          <Preview file={item.file} alt={t('upload.previewOf', { name })} />
          <div className="min-w-0 flex-1 space-y-2">
            {item.state === 'done' ? (
              <p className="flex items-center gap-1.5 text-sm font-semibold text-success">
                <CircleCheck aria-hidden="true" className="size-4" />
                {t('upload.uploaded')}
              </p>
            ) : item.state === 'waiting' ? (
              <p className="text-sm text-ink-muted">{t('upload.waiting')}</p>
            ) : null}
            {(item.state === 'uploading' || item.state === 'waiting' || item.state === 'done') && (
              <progress className="h-2 w-full accent-accent" max={100} value={item.progress} aria-label={t('upload.progressOf', { name })}>
                {item.progress}%
              </progress>
            )}
            {item.state === 'uploading' && <p className="text-sm">{t('upload.progress', { percent: item.progress })}</p>}
            {item.error && <Alert tone="error">{item.error}</Alert>}
            {!locked && (
              <Button size="sm" variant="ghost" onClick={onRemove} icon={<X aria-hidden="true" className="size-4" />} aria-label={t('upload.removeFile', { name })}>
                {t('upload.remove')}
              </Button>
            )}
          </div>
        </div>
        {item.state !== 'done' && (
          <>
            <CaptionField value={item.caption} onChange={(caption) => onChange({ caption })} />
            <ImageStylesField value={item.styleIds} onChange={(styleIds) => onChange({ styleIds })} />
          </>
        )}
      </fieldset>
    </li>
  );
}

/**
 * Upload portfolio images: choose or drop several at once; each has its own preview, caption,
 * styles, progress and error. Two upload at a time, and a failing one does not stop the others;
 * each uploaded image reaches the portfolio at once (`onUploaded`), and the dialog closes when
 * all went through, else it keeps the failed ones for another try.
 */
export function UploadDialog({
  open,
  onOpenChange,
  onUploaded,
  onFinished,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  onUploaded: (image: GalleryImage) => void;
  /** When every chosen image went through, with the number uploaded since the dialog opened. */
  onFinished?: (count: number) => void;
}) {
  const { t } = useTranslation('gallery');
  const uploadImage = useUploadImage();
  const inputId = useId();
  const inputRef = useRef<HTMLInputElement>(null);
  const nextKey = useRef(1);
  /** Images uploaded since the dialog opened, over every try. */
  const doneCount = useRef(0);
  const [items, setItems] = useState<Item[]>([]);
  const [rejected, setRejected] = useState<{ name: string; error: string }[]>([]);
  const [busy, setBusy] = useState(false);
  const [failedCount, setFailedCount] = useState(0);
  const [dragging, setDragging] = useState(false);

  const reset = () => {
    setItems([]);
    setRejected([]);
    setFailedCount(0);
    doneCount.current = 0;
    if (inputRef.current) inputRef.current.value = '';
  };

  const patch = (key: number, change: Partial<Item>) => setItems((list) => list.map((i) => (i.key === key ? { ...i, ...change } : i)));

  const add = (files: FileList | File[] | null | undefined) => {
    if (!files || busy) return;
    const accepted: Item[] = [];
    const refused: { name: string; error: string }[] = [];
    for (const file of Array.from(files)) {
      if (!(GALLERY_TYPES as readonly string[]).includes(file.type)) refused.push({ name: file.name, error: t('invalidType') });
      else if (file.size > GALLERY_IMAGE_MAX_BYTES) refused.push({ name: file.name, error: t('tooLarge', { max: 10 }) });
      else accepted.push({ key: nextKey.current++, file, caption: '', styleIds: [], state: 'ready', progress: 0, error: null });
    }
    setRejected(refused);
    setItems((list) => [...list.filter((i) => i.state !== 'done'), ...accepted]);
    // The same file may be chosen again after a removal.
    if (inputRef.current) inputRef.current.value = '';
  };

  const pending = items.filter((i) => i.state === 'ready' || i.state === 'failed');
  const tooLong = pending.some((i) => captionLength(i.caption) > CAPTION_MAX);

  const submit = async () => {
    if (pending.length === 0 || tooLong || busy) return;
    const batch = pending;
    setBusy(true);
    setFailedCount(0);
    setRejected([]);
    setItems((list) => list.map((i) => (batch.some((b) => b.key === i.key) ? { ...i, state: 'waiting', progress: 0, error: null } : i)));
    let failed = 0;
    await runLimited(batch, UPLOAD_CONCURRENCY, async (item) => {
      patch(item.key, { state: 'uploading' });
      try {
        const image = await uploadImage.mutateAsync({
          file: item.file,
          caption: item.caption,
          styleIds: item.styleIds,
          onProgress: (progress) => patch(item.key, { progress }),
        });
        patch(item.key, { state: 'done', progress: 100 });
        doneCount.current++;
        onUploaded(image);
      } catch (err) {
        failed++;
        patch(item.key, { state: 'failed', error: uploadErrorMessage(err, t) });
      }
    });
    setBusy(false);
    if (failed === 0) {
      const count = doneCount.current;
      reset();
      onOpenChange(false);
      onFinished?.(count);
    } else {
      setFailedCount(failed);
    }
  };

  const onDrop = (event: DragEvent) => {
    event.preventDefault();
    setDragging(false);
    add(event.dataTransfer.files);
  };

  return (
    <Dialog
      open={open}
      onOpenChange={(o) => {
        if (busy) return;
        if (!o) reset();
        onOpenChange(o);
      }}
      title={t('upload.title')}
      closeLabel={t('close')}
      className="max-w-2xl"
      footer={
        <>
          <Button
            onClick={() => {
              reset();
              onOpenChange(false);
            }}
            disabled={busy}
          >
            {t('cancel')}
          </Button>
          <Button variant="primary" onClick={submit} disabled={pending.length === 0 || tooLong} loading={busy}>
            {t('upload.submit')}
          </Button>
        </>
      }
    >
      <div className="space-y-4">
        {failedCount > 0 && <Alert tone="error">{t('upload.someFailed', { count: failedCount })}</Alert>}
        {rejected.length > 0 && (
          <Alert tone="error">
            <ul className="space-y-1">
              {rejected.map((r, index) => (
                <li key={`${r.name}-${index}`}>
                  <span className="font-semibold break-all">{r.name}</span>: <span>{r.error}</span>
                </li>
              ))}
            </ul>
          </Alert>
        )}
        {/* The label stays whatever is chosen, so the input keeps its name. */}
        <label
          htmlFor={inputId}
          onDragOver={(e) => {
            e.preventDefault();
            if (!busy) setDragging(true);
          }}
          onDragLeave={() => setDragging(false)}
          onDrop={onDrop}
          className={cn(
            'flex cursor-pointer flex-col items-center justify-center gap-2 rounded border border-dashed border-line-strong p-6 text-center hover:bg-sunken',
            items.length === 0 ? 'min-h-40' : 'min-h-24',
            dragging && 'bg-sunken',
            busy && 'pointer-events-none opacity-60',
          )}
        >
          <ImagePlus aria-hidden="true" className="size-8 text-ink-muted" />
          <span className="font-semibold">{items.length === 0 ? t('upload.choose') : t('upload.chooseMore')}</span>
          <span className="text-sm text-ink-muted">{t('upload.hint', { max: 10 })}</span>
        </label>
        <input
          ref={inputRef}
          id={inputId}
          type="file"
          multiple
          accept={GALLERY_TYPES.join(',')}
          className="sr-only"
          disabled={busy}
          onChange={(e) => add(e.currentTarget.files)}
        />
        {items.length > 0 && (
          <ol className="space-y-3">
            {items.map((item, index) => (
              <FileCard
                key={item.key}
                item={item}
                number={index + 1}
                busy={busy}
                onChange={(change) => patch(item.key, change)}
                onRemove={() => setItems((list) => list.filter((i) => i.key !== item.key))}
              />
            ))}
          </ol>
        )}
      </div>
    </Dialog>
  );
}
