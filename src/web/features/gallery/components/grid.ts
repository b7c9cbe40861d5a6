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
