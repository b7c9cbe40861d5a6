import { ImagePlus, X } from 'lucide-react';
import { useEffect, useId, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { CAPTION_MAX, GALLERY_IMAGE_MAX_BYTES } from '../../../../common/constants';
import { captionLength, type GalleryImage } from '../../../../common/schemas/gallery';
import { Alert } from '../../../ui/alert';
import { Button } from '../../../ui/button';
import { Dialog } from '../../../ui/dialog';
import { TextArea } from '../../../ui/field';
import { uploadErrorMessage } from '../../../lib/upload-error';
import { StylePicker } from '../../../reference/style-picker';
import { useUploadImage } from '../api/upload-image';

export const GALLERY_TYPES = ['image/jpeg', 'image/png', 'image/webp'] as const;

/** The caption field with its current length (at most 250; the message shows the length). */
export function CaptionField({ value, onChange }: { value: string; onChange: (v: string) => void }) {
  const { t } = useTranslation('gallery');
  const length = captionLength(value);
  const tooLong = length > CAPTION_MAX;
  return (
    <TextArea
      label={t('caption')}
      labelSuffix={t('optional')}
      rows={3}
      value={value}
      onChange={(e) => onChange(e.currentTarget.value)}
      hint={t('captionLength', { length, max: CAPTION_MAX })}
      error={tooLong ? t('captionTooLong', { length, max: CAPTION_MAX }) : undefined}
    />
  );
}

/** The styles of an image, in the small scrolling list of the dialogs. */
export function ImageStylesField({ value, onChange }: { value: number[]; onChange: (ids: number[]) => void }) {
  const { t } = useTranslation('gallery');
  return (
    <StylePicker
      dense
      scroll
      legend={t('styles')}
      legendSuffix={`(${t('selectedCount', { count: value.length })})`}
      loadFailedText={t('stylesFailed')}
      value={value}
      onChange={onChange}
    />
  );
}

/** Upload a portfolio image: chooser (jpeg, png, webp), preview with remove, caption, styles. */
export function UploadDialog({
  open,
  onOpenChange,
  onUploaded,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  onUploaded: (image: GalleryImage) => void;
}) {
  const { t } = useTranslation('gallery');
  const uploadImage = useUploadImage();
  const inputId = useId();
  const inputRef = useRef<HTMLInputElement>(null);
  const [file, setFile] = useState<File | null>(null);
  const [preview, setPreview] = useState<string | null>(null);
  const [caption, setCaption] = useState('');
  const [styleIds, setStyleIds] = useState<number[]>([]);
  const [error, setError] = useState<string | null>(null);
  const [progress, setProgress] = useState<number | null>(null);

  useEffect(() => {
    if (!file) {
      setPreview(null);
      return;
    }
    const url = URL.createObjectURL(file);
    setPreview(url);
    return () => URL.revokeObjectURL(url);
  }, [file]);

  const reset = () => {
    setFile(null);
    setCaption('');
    setStyleIds([]);
    setError(null);
    setProgress(null);
    if (inputRef.current) inputRef.current.value = '';
  };

  const choose = (chosen: File | undefined) => {
    setError(null);
    if (!chosen) return;
    if (!(GALLERY_TYPES as readonly string[]).includes(chosen.type)) {
      setError(t('invalidType'));
      if (inputRef.current) inputRef.current.value = '';
      return;
    }
    if (chosen.size > GALLERY_IMAGE_MAX_BYTES) {
      setError(t('tooLarge', { max: 10 }));
      if (inputRef.current) inputRef.current.value = '';
      return;
    }
    setFile(chosen);
  };

  const uploading = progress !== null;
  const tooLong = captionLength(caption) > CAPTION_MAX;

  const submit = async () => {
    if (!file || tooLong) return;
    setError(null);
    setProgress(0);
    try {
      const image = await uploadImage.mutateAsync({ file, caption, styleIds, onProgress: setProgress });
      onUploaded(image);
      reset();
      onOpenChange(false);
    } catch (err) {
      setProgress(null);
      setError(uploadErrorMessage(err, t));
    }
  };

  return (
    <Dialog
      open={open}
      onOpenChange={(o) => {
        if (uploading) return;
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
            disabled={uploading}
          >
            {t('cancel')}
          </Button>
          <Button variant="primary" onClick={submit} disabled={!file || tooLong} loading={uploading}>
            {uploading ? t('upload.progress', { percent: progress }) : t('upload.submit')}
          </Button>
        </>
      }
    >
      <div className="space-y-4">
        {error && <Alert tone="error">{error}</Alert>}
        {preview ? (
          <div className="relative">
            <img src={preview} alt={t('upload.preview')} className="max-h-72 w-full rounded bg-sunken object-contain" />
            <Button
              size="sm"
              className="absolute top-2 right-2"
              onClick={() => {
                setFile(null);
                if (inputRef.current) inputRef.current.value = '';
              }}
              disabled={uploading}
              icon={<X aria-hidden="true" className="size-4" />}
            >
              {t('upload.remove')}
            </Button>
          </div>
        ) : (
          <div className="space-y-1.5">
            <label
              htmlFor={inputId}
              className="flex min-h-40 cursor-pointer flex-col items-center justify-center gap-2 rounded border border-dashed border-line-strong p-6 text-center hover:bg-sunken"
            >
              <ImagePlus aria-hidden="true" className="size-8 text-ink-muted" />
              <span className="font-semibold">{t('upload.choose')}</span>
              <span className="text-sm text-ink-muted">{t('upload.hint', { max: 10 })}</span>
            </label>
          </div>
        )}
        <input
          ref={inputRef}
          id={inputId}
          type="file"
          accept={GALLERY_TYPES.join(',')}
          className="sr-only"
          onChange={(e) => choose(e.currentTarget.files?.[0])}
        />
        <CaptionField value={caption} onChange={setCaption} />
        <ImageStylesField value={styleIds} onChange={setStyleIds} />
        {uploading && (
          <progress className="w-full accent-accent" max={100} value={progress} aria-label={t('upload.progressLabel')}>
            {progress}%
          </progress>
        )}
      </div>
    </Dialog>
  );
}
