import type { CSSProperties, HTMLAttributes, ReactNode, Ref } from 'react';
import { cn } from '../../../ui/cn';

/**
 * Columns by viewport width, widest first: 3 above 768 px, 2 from 481 to 768 px, 1 at 480 px and
 * below. The classes below spell the same rules out, since Tailwind only sees literal class names;
 * the masonry test holds the two together.
 */
export const MASONRY_COLUMNS = [
  { above: 768, columns: 3 },
  { above: 480, columns: 2 },
  { above: 0, columns: 1 },
] as const;

/** How many columns a masonry has in a viewport this wide. */
export function masonryColumns(viewportWidth: number): number {
  return MASONRY_COLUMNS.find((rule) => viewportWidth > rule.above)?.columns ?? 1;
}

/**
 * The `sizes` of a picture in a masonry column: a third of a page at most 72rem wide (less its
 * padding and gaps), half the viewport, or all of it.
 */
export const MASONRY_SIZES = '(min-width: 769px) min(33vw, 368px), (min-width: 481px) 50vw, 100vw';

/**
 * A masonry that CSS alone lays out, so the server's markup is already in place without script
 * and hydration moves nothing.
 *
 * - A CSS grid, which places its items in document order row by row: keyboard and screen
 *   readers meet the pictures in their order, and each item's top is never above the previous
 *   one's, so the eye reads them in that order too (CSS columns would read top to bottom).
 * - Rows are a hundredth of a column's width (`--u`, container units of the wrapper), so a
 *   picture of height/width `--ratio` fills `100 × --ratio` rows at every width.
 * - What sits under a picture (`--below`: the caption, the buttons) and the gap are lengths;
 *   `tan(atan2(length, --u))` turns them into a number of rows, and the item spans the rounded
 *   up sum. The grid's auto-placement puts each item where it first fits, the shortest column.
 * - A browser without these CSS functions keeps a plain grid: rows as high as their tallest
 *   picture, with holes, but still uncropped and in order.
 */
export const MASONRY_CLASSES = cn(
  'grid items-start gap-[var(--gap)] [--gap:0.75rem]',
  '[--cols:1] [@media(width>480px)]:[--cols:2] [@media(width>768px)]:[--cols:3]',
  'grid-cols-[repeat(var(--cols),minmax(0,1fr))]',
  '[--u:calc((100cqw_-_(var(--cols)_-_1)_*_var(--gap))_/_var(--cols)_/_100)]',
  'supports-[grid-row-end:span_round(up,tan(atan2(1rem,1cqw)),1)]:gap-y-0',
  'supports-[grid-row-end:span_round(up,tan(atan2(1rem,1cqw)),1)]:auto-rows-[var(--u)]',
  'supports-[grid-row-end:span_round(up,tan(atan2(1rem,1cqw)),1)]:*:[grid-row-end:span_round(up,calc(var(--ratio)_*_100_+_tan(atan2(var(--below)_+_var(--gap),var(--u)))),1)]',
);

/** The shape of a portrait picture whose own size is unknown (its picture is shown whole inside it). */
const UNKNOWN_RATIO = { width: 4, height: 5 };

type Sized = { width: number; height: number };

function known(image: Sized): Sized {
  return image.width > 0 && image.height > 0 ? image : UNKNOWN_RATIO;
}

/** A picture's own aspect ratio as CSS takes it, e.g. `1600/1200`. */
export function pictureRatio(image: Sized): `${number}/${number}` {
  const { width, height } = known(image);
  return `${width}/${height}`;
}

/**
 * The style of one masonry item: its picture's shape and the height of what is under the
 * picture (a CSS length such as `1.5rem`), which together give the rows it spans.
 */
export function masonryItemStyle(image: Sized, below: string): CSSProperties {
  const { width, height } = known(image);
  return { '--ratio': height / width, '--below': below } as CSSProperties;
}

/** Lengths of what goes under a picture, summed into one CSS length. */
export function belowPicture(parts: (string | false | null | undefined)[]): string {
  const present = parts.filter((p): p is string => Boolean(p));
  if (present.length === 0) return '0px';
  return present.length === 1 ? (present[0] as string) : `calc(${present.join(' + ')})`;
}

/** A masonry list; its items set their shape with `masonryItemStyle`. */
export function Masonry({
  as: Tag = 'ul',
  ref,
  className,
  children,
  ...rest
}: { as?: 'ul' | 'div'; ref?: Ref<HTMLUListElement>; children: ReactNode } & HTMLAttributes<HTMLElement>) {
  // The wrapper is the container that `--u` measures: the list itself cannot measure its own width.
  return (
    <div className="@container">
      {Tag === 'ul' ? (
        <ul ref={ref} className={cn(MASONRY_CLASSES, className)} {...rest}>
          {children}
        </ul>
      ) : (
        <div className={cn(MASONRY_CLASSES, className)} {...rest}>
          {children}
        </div>
      )}
    </div>
  );
}
