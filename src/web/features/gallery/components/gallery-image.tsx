import { ImageOff } from 'lucide-react';
import type { GalleryImage } from '../../../../common/schemas/gallery';
import { Image } from '../../../ui/image';
import { GRID_SIZES, TILE_RATIO } from './grid';

/**
 * A portfolio picture in a 4:5 tile, on a placeholder coloured by the owner's id (modulo 10),
 * with a generated placeholder when it fails. The tile's shape is set before the picture arrives
 * (no shift); lazy unless `priority`.
 */
export function GalleryPicture({
  image,
  seed,
  alt,
  priority = false,
  sizes = GRID_SIZES,
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
      ratio={TILE_RATIO}
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
