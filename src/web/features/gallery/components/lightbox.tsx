import { useTranslation } from '../../../i18n/react';
import type { GalleryImage } from '../../../../common/schemas/gallery';
import { Badge } from '../../../ui/badge';
import { ImageViewer } from '../../../ui/image-viewer';

/**
 * The enlarged view of a portfolio: the picture with its caption and styles, the previous and
 * next on the arrow keys and by swiping; Escape closes it and focus returns to the tile.
 */
export function Lightbox({
  images,
  index,
  onIndexChange,
  onClose,
  seed,
  ownerName,
}: {
  images: GalleryImage[];
  index: number | null;
  onIndexChange: (index: number) => void;
  onClose: () => void;
  seed: number;
  ownerName: string;
}) {
  const { t } = useTranslation('gallery');
  return (
    <ImageViewer
      images={images}
      index={index}
      onIndexChange={onIndexChange}
      onClose={onClose}
      seed={seed}
      alt={(image, i) => image.caption || t('imageAlt', { name: ownerName, number: i + 1 })}
      texts={{
        title: (number, count) => t('viewer.title', { number, count }),
        close: t('close'),
        previous: t('viewer.previous'),
        next: t('viewer.next'),
        // The specification's load error text.
        failed: t('viewer.loadFailed'),
      }}
    >
      {(image) => (
        <>
          {image.caption && <p className="max-w-prose">{image.caption}</p>}
          {image.styles.length > 0 && (
            <ul className="flex flex-wrap gap-1.5" aria-label={t('styles')}>
              {image.styles.map((s) => (
                <li key={s.id}>
                  <Badge>{s.name}</Badge>
                </li>
              ))}
            </ul>
          )}
        </>
      )}
    </ImageViewer>
  );
}
