import { ImageOff } from 'lucide-react';
import type { GalleryImage } from '../../../../common/schemas/gallery';
import { Image } from '../../../ui/image';

/** The grid's `sizes`: 2 columns on a phone, 3 from 640 px, 4 from 1024 px in a page at most 72rem wide. */
export const GRID_SIZES = '(min-width: 1024px) 288px, (min-width: 640px) 33vw, 50vw';

/**
 * The classes of a grid of pictures: 2 columns on a phone, 3 from 640 px, 4 from 1024 px. A grid
 * fills row by row, so the pictures read left to right, newest first, with no holes (CSS columns
 * fill top to bottom).
 */
export const GRID_CLASSES = 'grid grid-cols-2 gap-3 sm:grid-cols-3 lg:grid-cols-4';

/** The shape of every tile: portrait, as most tattoo photos are; the picture is cropped to fill it. */
export const TILE_RATIO = '4/5' as const;

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
