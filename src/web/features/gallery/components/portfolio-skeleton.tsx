import { Skeleton } from '../../../ui/skeleton';
import { GRID_CLASSES } from './grid';

/** Enough tiles to fill the first screen of the grid. */
const MAX_TILES = 8;

/** The loading shape of a portfolio of `count` pictures: its first tiles in the grid (an empty one's message for none). */
export function PortfolioSkeleton({ count }: { count: number }) {
  if (count === 0) return <Skeleton className="h-48 w-full" />;
  return (
    <div aria-hidden="true" className={GRID_CLASSES}>
      {Array.from({ length: Math.min(count, MAX_TILES) }, (_, i) => (
        <Skeleton key={i} className="aspect-[4/5]" />
      ))}
    </div>
  );
}
