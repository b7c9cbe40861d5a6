import { useEffect, useRef, useState, type ReactNode, type RefObject } from 'react';
import { cn } from './cn';
import { useHydrating } from './use-hydrating';

/**
 * Widths of the server's image variants (`-thumbnail`, `-medium`, `-large.webp`) per kind of
 * image; they mirror the image pipeline (src/server/lib/images) so srcset picks the right file.
 */
export const IMAGE_VARIANT_WIDTHS = {
  avatar: { thumbnail: 96, medium: 256, large: 512 },
  header: { thumbnail: 600, medium: 1200, large: 1800 },
  gallery: { thumbnail: 400, medium: 800, large: 1600 },
} as const;
export type ImageKind = keyof typeof IMAGE_VARIANT_WIDTHS;

const VARIANT = /-large\.webp$/;

/** The srcset of an uploaded image: a `-large.webp` URL has `-medium` and `-thumbnail` siblings. */
export function variantSrcSet(src: string, kind: ImageKind): string | undefined {
  if (!VARIANT.test(src)) return undefined;
  const base = src.replace(VARIANT, '');
  return Object.entries(IMAGE_VARIANT_WIDTHS[kind])
    .map(([name, width]) => `${base}-${name}.webp ${width}w`)
    .join(', ');
}

/**
 * How near the viewport an image below the first screen starts loading, and after how long there:
 * near enough to be ready when scrolled to, late enough that a fast scroll past loads nothing.
 */
export const LAZY_IMAGE_MARGIN_PX = 200;
export const LAZY_IMAGE_DELAY_MS = 100;

/**
 * Whether an element has come within 200 px of the viewport and stayed there 100 ms: a quick
 * scroll past a picture does not download it. A server render and its hydration count as near
 * (the markup carries the picture, for visitors without script too; the browser's own lazy
 * loading holds it back), and so does a browser without IntersectionObserver.
 */
export function useNearViewport(ref: RefObject<Element | null>, { skip = false }: { skip?: boolean } = {}): boolean {
  // The server's answer during a server render and its hydration, the browser's after.
  const hydrating = useHydrating();
  const [near, setNear] = useState(hydrating);
  const observable = typeof IntersectionObserver !== 'undefined';
  useEffect(() => {
    const element = ref.current;
    if (skip || near || !observable || !element) return;
    let timer: ReturnType<typeof setTimeout> | undefined;
    const observer = new IntersectionObserver(
      (entries) => {
        const inRange = entries.some((entry) => entry.isIntersecting);
        if (inRange && timer === undefined) timer = setTimeout(() => setNear(true), LAZY_IMAGE_DELAY_MS);
        if (!inRange && timer !== undefined) {
          clearTimeout(timer);
          timer = undefined;
        }
      },
      { rootMargin: `${LAZY_IMAGE_MARGIN_PX}px` },
    );
    observer.observe(element);
    return () => {
      observer.disconnect();
      if (timer !== undefined) clearTimeout(timer);
    };
  }, [ref, skip, near, observable]);
  return skip || near || !observable;
}

/** Ten quiet hues for placeholders, picked by a seed such as the user id (id modulo 10). */
const PLACEHOLDER_HUES = [20, 45, 80, 140, 175, 200, 230, 265, 300, 340];

export function placeholderHue(seed: number | undefined): number {
  const index = Math.abs(Math.trunc(seed ?? 0)) % PLACEHOLDER_HUES.length;
  return PLACEHOLDER_HUES[index] as number;
}

/** A fixed shape, or an image's own width/height (e.g. `1600/1200` for a portfolio tile in a masonry). */
export type AspectRatio = '1/1' | '4/5' | '3/1' | '16/9' | '4/3' | `${number}/${number}`;

/**
 * An image in a box whose aspect ratio is set before the picture arrives, on a colour
 * placeholder, so nothing jumps. Unless `priority` (the first visible image), the picture is
 * requested once the box has been within 200 px of the viewport for 100 ms.
 */
export function Image({
  src,
  alt,
  ratio = '1/1',
  kind = 'gallery',
  sizes,
  width,
  height,
  priority = false,
  seed,
  fallback,
  className,
  imgClassName,
  fit = 'cover',
}: {
  src: string | null | undefined;
  alt: string;
  ratio?: AspectRatio;
  /** Which variants the server wrote: avatar, header or gallery image. */
  kind?: ImageKind;
  /** The `sizes` attribute for the srcset, e.g. "(min-width: 1024px) 20vw, 50vw". */
  sizes?: string;
  /** The picture's own size in pixels, for the browser's layout before it arrives. */
  width?: number;
  height?: number;
  priority?: boolean;
  /** Picks the placeholder colour (e.g. the user id). */
  seed?: number;
  /** Shown on the placeholder when there is no image or it fails. */
  fallback?: ReactNode;
  className?: string;
  imgClassName?: string;
  /** `contain` never crops: a picture whose own size is unknown shows whole on the placeholder. */
  fit?: 'cover' | 'contain';
}) {
  const [failed, setFailed] = useState<string | null>(null);
  // A picture in the server's markup is shown as it arrives: fading it in would wait for the
  // app's script and make it the page's last paint. Pictures the browser adds later fade in.
  const hydrating = useHydrating();
  const [loaded, setLoaded] = useState(hydrating);
  const box = useRef<HTMLDivElement>(null);
  const near = useNearViewport(box, { skip: priority });
  const showImage = Boolean(src) && failed !== src;
  return (
    <div
      ref={box}
      className={cn('relative overflow-hidden bg-sunken', className)}
      style={{
        aspectRatio: ratio,
        backgroundColor: `hsl(${placeholderHue(seed)} 22% var(--placeholder-lightness, 86%))`,
      }}
    >
      {!showImage && fallback && <div className="absolute inset-0 flex items-center justify-center">{fallback}</div>}
      {showImage && near && (
        <img
          src={src as string}
          srcSet={variantSrcSet(src as string, kind)}
          sizes={sizes}
          width={width}
          height={height}
          alt={alt}
          loading={priority ? 'eager' : 'lazy'}
          fetchPriority={priority ? 'high' : undefined}
          decoding="async"
          onLoad={() => setLoaded(true)}
          // A server-rendered picture may finish loading before hydration, when no onLoad can see it.
          ref={(img) => {
            if (img?.complete && img.naturalWidth > 0) setLoaded(true);
          }}
          onError={() => setFailed(src as string)}
          className={cn(
            'absolute inset-0 size-full transition-opacity duration-200',
            fit === 'contain' ? 'object-contain' : 'object-cover',
            loaded ? 'opacity-100' : 'opacity-0',
            imgClassName,
          )}
        />
      )}
    </div>
  );
}
