import { Bold, ImagePlus, Italic, Link2, List, Quote, X } from 'lucide-react';
import { useEffect, useId, useRef, useState, type ReactNode, type RefObject } from 'react';
import { FORUM_BODY_MAX, FORUM_IMAGES_MAX } from '../../../../common/forum';
import { useTranslation } from '../../../i18n/react';
import { uploadErrorMessage } from '../../../lib/upload-error';
import { Alert } from '../../../ui/alert';
import { Button } from '../../../ui/button';
import { cn } from '../../../ui/cn';
import { controlClasses } from '../../../ui/field';
import { Spinner } from '../../../ui/spinner';
import { forumApi } from '../api';
import { applyFormat, type FormatKind } from '../markdown-tools';
import { PostBody } from './body';

/** A picture of the post being written: uploading (with its progress), attached (with its id) or failed. */
export interface AttachedImage {
  key: string;
  name: string;
  progress: number;
  id?: number;
  thumbnailUrl?: string;
  error?: string;
}

const FORMATS: { kind: FormatKind; icon: ReactNode }[] = [
  { kind: 'bold', icon: <Bold aria-hidden="true" className="size-4" /> },
  { kind: 'italic', icon: <Italic aria-hidden="true" className="size-4" /> },
  { kind: 'link', icon: <Link2 aria-hidden="true" className="size-4" /> },
  { kind: 'list', icon: <List aria-hidden="true" className="size-4" /> },
  { kind: 'quote', icon: <Quote aria-hidden="true" className="size-4" /> },
];

const ACCEPT = 'image/jpeg,image/png,image/webp';

/**
 * The forum's markdown editor: formatting buttons, a write and a preview tab (the preview is
 * the server's rendering, the same as the post will show), pictures with their upload progress
 * (up to four), and the characters left. `images` is left out where a post's pictures cannot change (an edit).
 */
export function Editor({
  label,
  value,
  onChange,
  error,
  images,
  onImagesChange,
  autoFocus,
  textareaRef,
}: {
  label: string;
  value: string;
  onChange: (value: string) => void;
  error?: string;
  images?: AttachedImage[];
  onImagesChange?: (update: (images: AttachedImage[]) => AttachedImage[]) => void;
  autoFocus?: boolean;
  textareaRef?: RefObject<HTMLTextAreaElement | null>;
}) {
  const { t } = useTranslation(['forum', 'gallery']);
  const id = useId();
  const ownRef = useRef<HTMLTextAreaElement>(null);
  const area = textareaRef ?? ownRef;
  const [tab, setTab] = useState<'write' | 'preview'>('write');
  const [preview, setPreview] = useState<{ body: string; html: string } | { body: string; error: string } | null>(null);
  const pendingSelection = useRef<{ start: number; end: number } | null>(null);
  const fileInput = useRef<HTMLInputElement>(null);

  // A button's edit moves the caret once React has written the new text.
  useEffect(() => {
    const sel = pendingSelection.current;
    if (!sel || !area.current) return;
    pendingSelection.current = null;
    area.current.focus();
    area.current.setSelectionRange(sel.start, sel.end);
  });

  useEffect(() => {
    if (tab !== 'preview' || !value.trim() || preview?.body === value) return;
    const controller = new AbortController();
    forumApi.preview(value, controller.signal).then(
      (html) => setPreview({ body: value, html }),
      (err: unknown) => {
        if (!controller.signal.aborted) setPreview({ body: value, error: (err instanceof Error && err.message) || t('editor.previewFailed') });
      },
    );
    return () => controller.abort();
  }, [tab, value, preview, t]);

  const format = (kind: FormatKind) => {
    const el = area.current;
    const start = el?.selectionStart ?? value.length;
    const end = el?.selectionEnd ?? value.length;
    const edit = applyFormat(kind, value, start, end, t(kind === 'link' ? 'editor.linkText' : 'editor.placeholderText'));
    pendingSelection.current = { start: edit.start, end: edit.end };
    onChange(edit.value);
  };

  const attach = (files: FileList | null) => {
    if (!files || !images || !onImagesChange) return;
    const room = FORUM_IMAGES_MAX - images.filter((image) => !image.error).length;
    for (const file of Array.from(files).slice(0, Math.max(0, room))) {
      const key = crypto.randomUUID();
      const set = (patch: Partial<AttachedImage>) => onImagesChange((all) => all.map((image) => (image.key === key ? { ...image, ...patch } : image)));
      onImagesChange((all) => [...all, { key, name: file.name, progress: 0 }]);
      forumApi
        .upload(file, (progress) => set({ progress }))
        .then(
          (uploaded) => set({ id: uploaded.id, thumbnailUrl: uploaded.thumbnailUrl, progress: 100 }),
          (err: unknown) => set({ error: uploadErrorMessage(err, t) }),
        );
    }
    if (fileInput.current) fileInput.current.value = '';
  };

  const left = FORUM_BODY_MAX - value.length;
  const attachedCount = images?.filter((image) => !image.error).length ?? 0;
  const tabClass = (active: boolean) =>
    cn('-mb-px min-h-11 border-b-2 px-4 text-sm font-semibold', active ? 'border-accent text-ink' : 'border-transparent text-ink-muted hover:text-ink');

  return (
    <div className="space-y-2">
      <label htmlFor={`${id}-body`} className="block text-sm font-semibold">
        {label}
      </label>
      <div className="rounded border border-line-strong bg-surface">
        <div className="flex flex-wrap items-center justify-between gap-2 border-b border-line px-2">
          <div role="tablist" aria-label={t('editor.tabs')} className="flex">
            <button type="button" role="tab" id={`${id}-tab-write`} aria-selected={tab === 'write'} aria-controls={`${id}-write`} className={tabClass(tab === 'write')} onClick={() => setTab('write')}>
              {t('editor.write')}
            </button>
            <button type="button" role="tab" id={`${id}-tab-preview`} aria-selected={tab === 'preview'} aria-controls={`${id}-preview`} className={tabClass(tab === 'preview')} onClick={() => setTab('preview')}>
              {t('editor.preview')}
            </button>
          </div>
          {tab === 'write' && (
            <div role="toolbar" aria-label={t('editor.toolbar')} aria-controls={`${id}-body`} className="flex flex-wrap gap-1 py-1">
              {FORMATS.map(({ kind, icon }) => (
                <button
                  key={kind}
                  type="button"
                  title={t(`editor.format.${kind}`)}
                  aria-label={t(`editor.format.${kind}`)}
                  onClick={() => format(kind)}
                  className="inline-flex size-9 items-center justify-center rounded text-ink hover:bg-sunken"
                >
                  {icon}
                </button>
              ))}
            </div>
          )}
        </div>
        <div id={`${id}-write`} role="tabpanel" aria-labelledby={`${id}-tab-write`} hidden={tab !== 'write'}>
          <textarea
            ref={area}
            id={`${id}-body`}
            value={value}
            onChange={(e) => onChange(e.target.value)}
            rows={8}
            maxLength={FORUM_BODY_MAX}
            autoFocus={autoFocus}
            aria-invalid={error ? true : undefined}
            aria-describedby={`${id}-count${error ? ` ${id}-error` : ''}`}
            className={controlClasses(Boolean(error), 'min-h-40 resize-y rounded-none border-0 py-2 leading-6')}
          />
        </div>
        <div id={`${id}-preview`} role="tabpanel" aria-labelledby={`${id}-tab-preview`} hidden={tab !== 'preview'} className="min-h-40 px-3 py-2">
          {tab === 'preview' &&
            (!value.trim() ? (
              <p className="text-ink-muted">{t('editor.previewEmpty')}</p>
            ) : preview?.body !== value ? (
              <p role="status" className="inline-flex items-center gap-2 text-ink-muted">
                <Spinner className="size-4" />
                {t('editor.previewLoading')}
              </p>
            ) : 'error' in preview ? (
              <Alert tone="error">{preview.error}</Alert>
            ) : (
              // The server's sanitized rendering (issue 25 §3), the one field rendered as HTML.
              <PostBody html={preview.html} />
            ))}
        </div>
      </div>
      <div className="flex flex-wrap items-center justify-between gap-2 text-sm">
        {images && onImagesChange ? (
          <>
            {/* The button below opens it: hidden, so assistive technology meets one control, not an unlabelled second. */}
            <input ref={fileInput} type="file" accept={ACCEPT} multiple hidden id={`${id}-files`} onChange={(e) => attach(e.target.files)} />
            <Button size="sm" variant="ghost" icon={<ImagePlus aria-hidden="true" className="size-4" />} disabled={attachedCount >= FORUM_IMAGES_MAX} onClick={() => fileInput.current?.click()}>
              {t('editor.attach', { count: attachedCount, max: FORUM_IMAGES_MAX })}
            </Button>
          </>
        ) : (
          <span />
        )}
        <p id={`${id}-count`} className={cn('text-ink-muted', left < 0 && 'font-semibold text-danger')} aria-live="polite">
          {t('editor.count', { count: value.length, max: FORUM_BODY_MAX })}
        </p>
      </div>
      {error && (
        <p id={`${id}-error`} className="text-sm font-semibold text-danger">
          {error}
        </p>
      )}
      {images && onImagesChange && images.length > 0 && (
        <ul className="flex flex-wrap gap-3" aria-label={t('editor.images')}>
          {images.map((image) => (
            <li key={image.key} className="relative w-24">
              <div className="flex aspect-square items-center justify-center overflow-hidden rounded border border-line bg-sunken">
                {image.thumbnailUrl ? <img src={image.thumbnailUrl} alt={image.name} className="size-full object-cover" /> : image.error ? null : <Spinner className="size-5" />}
              </div>
              {!image.id && !image.error && (
                <progress value={image.progress} max={100} className="mt-1 h-1.5 w-full" aria-label={t('editor.uploading', { name: image.name })}>
                  {image.progress}%
                </progress>
              )}
              {image.error && <p className="mt-1 text-xs font-semibold text-danger">{image.error}</p>}
              <button
                type="button"
                aria-label={t('editor.removeImage', { name: image.name })}
                onClick={() => onImagesChange((all) => all.filter((other) => other.key !== image.key))}
                className="absolute -top-2 -right-2 inline-flex size-7 items-center justify-center rounded-full border border-line-strong bg-surface text-ink hover:bg-sunken"
              >
                <X aria-hidden="true" className="size-4" />
              </button>
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}

/** The ids of the pictures that finished uploading, and whether one still uploads. */
export function imagesState(images: AttachedImage[]): { ids: number[]; uploading: boolean } {
  return { ids: images.flatMap((image) => (image.id ? [image.id] : [])), uploading: images.some((image) => !image.id && !image.error) };
}
