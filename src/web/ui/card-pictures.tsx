import { useRef } from 'react';
import { useTranslation } from '../i18n/react';
import { initials } from '../../common/format';
import type { CardImage } from '../../common/schemas/card-images';
import { cn } from './cn';
import { IMAGE_VARIANT_WIDTHS, Image, placeholderHue, useNearViewport } from './image';

/** A stored variant of a picture with its width in pixels, for a `w` descriptor. */
export interface PictureVariant {
  url: string;
  width: number;
  height: number;
}

/**
 * The thumbnail, medium and large variant of a picture with their real sizes. The server keeps
 * only the large size; every variant was made from the same upload with a cap on its long side
 * (a portfolio image or a guest spot photo) or on its width (a header, id 0, a 3:1 crop), and
 * never enlarged, so a variant is the large one scaled to min(cap, large side).
 */
export function pictureVariants(image: CardImage): PictureVariant[] {
  const header = image.id === 0;
  const caps = header ? IMAGE_VARIANT_WIDTHS.header : IMAGE_VARIANT_WIDTHS.gallery;
  const side = header ? image.width : Math.max(image.width, image.height);
  const scaled = (url: string, cap: number): PictureVariant => {
    const factor = side > 0 ? Math.min(cap, side) / side : 1;
    return { url, width: Math.max(1, Math.round(image.width * factor)), height: Math.max(1, Math.round(image.height * factor)) };
  };
  return [scaled(image.thumbnailUrl, caps.thumbnail), scaled(image.mediumUrl, caps.medium), { url: image.largeUrl, width: image.width, height: image.height }];
}

/**
 * The srcset of a picture on a card: its thumbnail and medium variants. The large one stays out:
 * a full-width card on a phone with three device pixels per CSS pixel would otherwise pick it,
 * and a card never needs more than the medium. Variants of equal width (a small upload) are
 * named once, as a srcset must not repeat a descriptor.
 */
export function cardSrcSet(image: CardImage): string {
  const [thumbnail, medium] = pictureVariants(image) as [PictureVariant, PictureVariant];
  const variants = medium.width === thumbnail.width ? [thumbnail] : [thumbnail, medium];
  return variants.map((v) => `${v.url} ${v.width}w`).join(', ');
}

/**
 * How wide a card is at each screen width: the list grids (one column on phones, two from
 * 640 px, three of the 1152 px column from 1024 px) and the home page's featured grid.
 */
export const CARD_SLOTS = {
  list: [
    ['(min-width: 1024px)', '363px'],
    ['(min-width: 640px)', 'calc(50vw - 24px)'],
    [null, 'calc(100vw - 32px)'],
  ],
  featured: [
    ['(min-width: 1024px)', '211px'],
    ['(min-width: 640px)', 'calc(33.33vw - 21px)'],
    [null, 'calc(50vw - 22px)'],
  ],
} as const satisfies Record<string, readonly (readonly [string | null, string])[]>;
export type CardSlot = keyof typeof CARD_SLOTS;

/** The `sizes` of a picture taking `share` of the card's width. */
export function slotSizes(slot: CardSlot, share = 1): string {
  return CARD_SLOTS[slot]
    .map(([media, width]) => {
      // calc(50vw - 24px) becomes calc((50vw - 24px) * 0.5): one calc, which every browser's sizes parser takes.
      const term = width.startsWith('calc(') ? width.slice('calc'.length) : width;
      const value = share === 1 ? width : `calc(${term} * ${Number(share.toFixed(4))})`;
      return media ? `${media} ${value}` : value;
    })
    .join(', ');
}

const STRIP_COUNT = 3;

function Monogram({ name }: { name: string }) {
  return (
    <span aria-hidden="true" className="text-3xl font-extrabold">
      {initials(name)}
    </span>
  );
}

/**
 * The avatar beside the name on a card led by the person's works (a 48 px picture in a ring
 * that overlaps the pictures above). Decorative: the name is written next to it.
 */
export function CardAvatar({ src, seed, className }: { src: string; seed?: number; className?: string }) {
  return (
    <Image
      src={src}
      alt=""
      kind="avatar"
      sizes="48px"
      width={48}
      height={48}
      seed={seed}
      className={cn('size-14 shrink-0 rounded-full border-4 border-surface', className)}
    />
  );
}

/** The first pictures take the spare columns when there are fewer than three: one spans all, of two the first spans two. */
const spanOf = (count: number, index: number) => (count === 1 ? 3 : count === 2 && index === 0 ? 2 : 1);
const SPAN_CLASSES: Record<number, string> = { 1: 'col-span-1', 2: 'col-span-2', 3: 'col-span-3' };

/**
 * The box of a card's pictures. A strip on a narrow card (the home page's featured grid, two
 * to a phone's row) would leave thumbnails too small to tell a tattoo apart, so there the
 * newest work leads at two thirds of the width with the next two stacked beside it (3:2).
 */
interface Layout {
  /** Width / height of the box. */
  ratio: [number, number];
  grid: string;
  /** The classes of the i-th of `count` pictures, and its columns (of three). */
  cell(count: number, i: number): { className: string; columns: number };
}

function layoutOf(variant: 'strip' | 'cover', slot: CardSlot): Layout {
  if (variant === 'cover') return { ratio: [16, 9], grid: 'grid-cols-3 grid-rows-1', cell: () => ({ className: 'col-span-3', columns: 3 }) };
  if (slot !== 'featured') {
    return {
      ratio: [3, 1],
      grid: 'grid-cols-3 grid-rows-1',
      cell: (count, i) => ({ className: SPAN_CLASSES[spanOf(count, i)] as string, columns: spanOf(count, i) }),
    };
  }
  return {
    ratio: [3, 2],
    grid: 'grid-cols-3 grid-rows-2',
    cell: (count, i) => {
      if (count === 1) return { className: 'col-span-3 row-span-2', columns: 3 };
      if (i === 0) return { className: 'col-span-2 row-span-2', columns: 2 };
      return { className: count === 2 ? 'row-span-2' : '', columns: 1 };
    },
  };
}

/**
 * The pictures leading a card, in a box whose shape is fixed before anything loads. `strip`: up
 * to three of an artist's latest works side by side, cropped to fill (a 3:1 band); `cover`: the
 * first picture (a studio's header, a guest spot's photo) in a 16:9 box. Each variant in the
 * srcset is sized for its slot, so a card loads the thumbnail or the medium, never the large.
 * Below the first screen the pictures load once near the viewport; a `priority` card (the first
 * one seen) loads at once. Without any picture the box shows the avatar, else the monogram.
 */
export function CardPictures({
  images,
  name,
  variant,
  priority = false,
  avatar = null,
  seed,
  slot = 'list',
  className,
}: {
  images: CardImage[];
  /** Whose pictures they are: the alt texts name them, the monogram shows their initials. */
  name: string;
  variant: 'strip' | 'cover';
  priority?: boolean;
  /** The profile picture shown when there is no other picture. */
  avatar?: string | null;
  /** Picks the placeholder colour (e.g. the user id). */
  seed?: number;
  /** Which grid the card sits in, for the `sizes` of its pictures. */
  slot?: CardSlot;
  className?: string;
}) {
  const { t } = useTranslation('common');
  const box = useRef<HTMLDivElement>(null);
  const near = useNearViewport(box, { skip: priority });
  const layout = layoutOf(variant, slot);
  const [across, down] = layout.ratio;
  const ratio = `${across}/${down}`;
  const shown = images.slice(0, variant === 'strip' ? STRIP_COUNT : 1);

  const placeholder = `hsl(${placeholderHue(seed)} 22% var(--placeholder-lightness, 86%))`;
  // One box in both cases, so the element watched for the viewport stays the same when the
  // first picture arrives.
  const boxProps = { ref: box, style: { aspectRatio: ratio, backgroundColor: shown.length ? undefined : placeholder }, 'data-variant': variant };

  if (shown.length === 0) {
    // The face is shown whole in a circle rather than cut to a band.
    return (
      <div {...boxProps} className={cn('flex items-center justify-center overflow-hidden', className)}>
        {avatar ? (
          <Image
            src={avatar}
            alt=""
            kind="avatar"
            // 4/5 of the box's height, as a share of the card's width.
            sizes={slotSizes(slot, (0.8 * down) / across)}
            width={IMAGE_VARIANT_WIDTHS.avatar.large}
            height={IMAGE_VARIANT_WIDTHS.avatar.large}
            priority={priority}
            seed={seed}
            className="h-4/5 w-auto rounded-full"
            fallback={<Monogram name={name} />}
          />
        ) : (
          <Monogram name={name} />
        )}
      </div>
    );
  }

  // One alt text per card: the pictures sit inside the card's link, whose name would
  // otherwise repeat it for every thumbnail.
  const alt = t(variant === 'strip' ? 'cardPictures.works' : 'cardPictures.cover', { name });
  return (
    <div {...boxProps} className={cn('grid gap-0.5 overflow-hidden bg-surface', layout.grid, className)}>
      {shown.map((image, i) => {
        const cell = layout.cell(shown.length, i);
        const [thumbnail, medium] = pictureVariants(image) as [PictureVariant, PictureVariant];
        const fallback = cell.columns === 1 ? thumbnail : medium;
        const first = i === 0;
        return (
          <div
            key={image.id || `${image.largeUrl}:${i}`}
            className={cn('relative min-h-0 overflow-hidden', cell.className)}
            style={{ backgroundColor: placeholder }}
          >
            {near && (
              <img
                src={fallback.url}
                srcSet={cardSrcSet(image)}
                sizes={slotSizes(slot, cell.columns / STRIP_COUNT)}
                width={fallback.width}
                height={fallback.height}
                alt={first ? alt : ''}
                loading={priority ? 'eager' : 'lazy'}
                fetchPriority={priority && first ? 'high' : undefined}
                decoding={priority ? undefined : 'async'}
                className="absolute inset-0 size-full object-cover transition-transform duration-200 motion-safe:group-hover:scale-[1.03]"
              />
            )}
          </div>
        );
      })}
    </div>
  );
}
