import { ImageOff } from 'lucide-react';
import type { GalleryImage } from '../../../../common/schemas/gallery';
import { Image } from '../../../ui/image';
import { MASONRY_SIZES, pictureRatio } from './masonry';

/**
 * A portfolio picture in its own shape, never cropped, on a placeholder coloured by the owner's
 * id (modulo 10), with a generated placeholder when it fails. The box's shape is set from the
 * picture's width and height before the picture arrives (no shift); lazy unless `priority`.
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
  return (
    <Image
      src={image.imageUrl}
      alt={alt}
      ratio={pictureRatio(image)}
      fit="contain"
      kind="gallery"
      sizes={sizes}
      width={image.width > 0 ? image.width : undefined}
      height={image.height > 0 ? image.height : undefined}
      seed={seed}
      priority={priority}
      className={className}
      fallback={<ImageOff aria-hidden="true" className="size-8 text-ink-muted" />}
    />
  );
}
