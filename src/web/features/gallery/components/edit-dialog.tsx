import { useEffect, useState } from 'react';
import { useTranslation } from '../../../i18n/react';
import { CAPTION_MAX } from '../../../../common/constants';
import { captionLength } from '../../../../common/caption';
import type { GalleryImage } from '../../../../common/schemas/gallery';
import { Alert } from '../../../ui/alert';
import { Button } from '../../../ui/button';
import { Dialog } from '../../../ui/dialog';
import { variantSrcSet } from '../../../ui/image';
import { useUpdateImage } from '../api/update-image';
import { CaptionField, ImageStylesField } from './image-fields';

/** Edit a portfolio image's caption and styles. */
export function EditDialog({
  image,
  onClose,
  onSaved,
}: {
  image: GalleryImage | null;
  onClose: () => void;
  onSaved: (image: GalleryImage) => void;
}) {
  const { t } = useTranslation('gallery');
  const [caption, setCaption] = useState('');
  const [styleIds, setStyleIds] = useState<number[]>([]);
  const [error, setError] = useState<string | null>(null);
  const update = useUpdateImage();
  const saving = update.isPending;

  useEffect(() => {
    if (!image) return;
    setCaption(image.caption ?? '');
    setStyleIds(image.styles.map((s) => s.id));
    setError(null);
  }, [image]);

  const tooLong = captionLength(caption) > CAPTION_MAX;
  const save = async () => {
    if (!image || tooLong) return;
    setError(null);
    try {
      onSaved(await update.mutateAsync({ id: image.id, caption, styleIds }));
      onClose();
    } catch (err) {
      setError((err instanceof Error && err.message) || t('updateFailed'));
    }
  };

  const src = image ? image.mediumUrl || image.imageUrl || image.imagePath || image.thumbnailUrl : null;
  return (
    <Dialog
      open={image !== null}
      onOpenChange={(o) => !o && !saving && onClose()}
      title={t('edit.title')}
      closeLabel={t('close')}
      className="max-w-2xl"
      footer={
        <>
          <Button onClick={onClose} disabled={saving}>
            {t('cancel')}
          </Button>
          <Button variant="primary" onClick={save} loading={saving} disabled={tooLong}>
            {t('edit.save')}
          </Button>
        </>
      }
    >
      {image && (
        <div className="space-y-4">
          {error && <Alert tone="error">{error}</Alert>}
          {src && (
            <img
              src={src}
              srcSet={variantSrcSet(image.imageUrl, 'gallery')}
              sizes="600px"
              alt={t('edit.preview')}
              className="max-h-64 w-full rounded bg-sunken object-contain"
            />
          )}
          <CaptionField value={caption} onChange={setCaption} />
          <ImageStylesField value={styleIds} onChange={setStyleIds} />
        </div>
      )}
    </Dialog>
  );
}
