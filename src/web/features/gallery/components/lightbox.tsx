import { useTranslation } from '../../../i18n/react';
import type { GalleryImage } from '../../../../common/schemas/gallery';
import { Badge } from '../../../ui/badge';
import { ImageViewer, useViewerTexts, type ImageViewerProps } from '../../../ui/image-viewer';
import { ReportAction } from '../../../ui/report-action';

type LightboxProps = Pick<ImageViewerProps<GalleryImage>, 'images' | 'index' | 'onIndexChange' | 'onClose'> & {
  seed: number;
  ownerName: string;
  /** The portfolio's owner: other logged-in users may report a picture. */
  ownerId?: number;
};

/**
 * The enlarged view of a portfolio: the picture with its caption and styles, the previous and
 * next on the arrow keys and by swiping; Escape closes it and focus returns to the tile. Logged-in
 * users other than the owner may report the picture shown.
 */
export function Lightbox({ ownerName, ownerId, ...viewer }: LightboxProps) {
  const { t } = useTranslation('gallery');
  // Its `viewer.failed` is the specification's load error text.
  const texts = useViewerTexts('gallery');
  return (
    <ImageViewer {...viewer} alt={(image, i) => image.caption || t('imageAlt', { name: ownerName, number: i + 1 })} texts={texts}>
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
          {ownerId !== undefined && (
            <ReportAction
              key={image.id}
              target={{ targetType: 'image', targetId: image.id }}
              owner={{ id: ownerId, name: ownerName }}
              label="menu.reportImage"
            />
          )}
        </>
      )}
    </ImageViewer>
  );
}
