import type { GalleryImage } from '../../../../common/schemas/gallery';
import { Skeleton } from '../../../ui/skeleton';
import { Masonry, masonryItemStyle, pictureRatio } from './masonry';

/** Enough pictures to fill the first screen of the masonry. */
const MAX_TILES = 8;

/**
 * The loading shape of a portfolio: its first pictures in their own shapes in the masonry (the
 * portrait default when only a count is known), or an empty one's message for none.
 */
export function PortfolioSkeleton({ count, images }: { count: number; images?: Pick<GalleryImage, 'width' | 'height'>[] }) {
  if (count === 0) return <Skeleton className="h-48 w-full" />;
  const shapes = images ?? Array.from({ length: count }, () => ({ width: 0, height: 0 }));
  return (
    <Masonry as="div" aria-hidden="true">
      {shapes.slice(0, MAX_TILES).map((shape, i) => (
        <div key={i} style={{ ...masonryItemStyle(shape, '0px'), aspectRatio: pictureRatio(shape) }}>
          <Skeleton className="h-full" />
        </div>
      ))}
    </Masonry>
  );
}
