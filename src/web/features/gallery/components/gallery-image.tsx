import { ImageOff } from 'lucide-react';
import type { GalleryImage } from '../../../../common/schemas/gallery';
import { Image } from '../../../ui/image';

/** The masonry's `sizes`: 3 columns, 2 at 768 px and below, 1 at 480 px and below. */
export const MASONRY_SIZES = '(max-width: 480px) 100vw, (max-width: 768px) 50vw, 400px';

/** The classes of the masonry: CSS columns, 3 by default, 2 at 768 px and below, 1 at 480 px and below. */
export const MASONRY_CLASSES = 'columns-3 gap-3 max-[768px]:columns-2 max-[480px]:columns-1 [&>*]:mb-3 [&>*]:break-inside-avoid';

/**
 * A portfolio picture in its own aspect ratio, on a placeholder coloured by the owner's id
 * (modulo 10), with a generated placeholder when it fails. Lazy unless `priority`.
 */
export function GalleryPicture({
  image,
  seed,
  alt,
  priority = false,
  sizes = MASONRY_SIZES,
  className,
}: {
  image: Pick<GalleryImage, 'imageUrl' | 'width' | 'height'>;
  seed: number;
  alt: string;
  priority?: boolean;
  sizes?: string;
  className?: string;
}) {
  const ratio = image.width > 0 && image.height > 0 ? (`${image.width}/${image.height}` as const) : ('4/5' as const);
  return (
    <Image
      src={image.imageUrl}
      alt={alt}
      ratio={ratio}
      kind="gallery"
      sizes={sizes}
      seed={seed}
      priority={priority}
      className={className}
      fallback={<ImageOff aria-hidden="true" className="size-8 text-ink-muted" />}
    />
  );
}
