import { ChevronLeft, ChevronRight } from 'lucide-react';
import { useEffect, useRef, useState, type ReactNode } from 'react';
import { useTranslation } from '../i18n/react';
import { Alert } from './alert';
import { Button } from './button';
import { Dialog } from './dialog';
import { placeholderHue, variantSrcSet } from './image';

/** A picture the viewer can enlarge: its large variant's URL and size. */
export interface ViewerImage {
  id: number;
  largeUrl: string;
  width: number;
  height: number;
}

export interface ViewerTexts {
  /** The dialog's title for the picture shown, e.g. "Image 2 of 5". */
  title: (number: number, count: number) => string;
  close: string;
  previous: string;
  next: string;
  /** Shown instead of a picture whose file could not be loaded. */
  failed: string;
}

/**
 * The viewer's texts from a namespace that holds them under `viewer` (`title` with the number and
 * count, `previous`, `next`, `failed`), the close button's as its `close`.
 */
export function useViewerTexts(ns: string): ViewerTexts {
  const { t } = useTranslation(ns);
  return {
    title: (number, count) => t('viewer.title', { number, count }),
    close: t('close'),
    previous: t('viewer.previous'),
    next: t('viewer.next'),
    failed: t('viewer.failed'),
  };
}

export interface ImageViewerProps<Image extends ViewerImage> {
  images: Image[];
  index: number | null;
  onIndexChange: (index: number) => void;
  onClose: () => void;
  alt: (image: Image, index: number) => string;
  texts: ViewerTexts;
  /** Picks the placeholder colour; the picture's id when left out. */
  seed?: number;
  children?: (image: Image) => ReactNode;
}

/**
 * The enlarged view of a row of pictures (a portfolio, a guest spot's photos): a dialog with the
 * previous and next picture on the arrow keys, the buttons and by swiping; Escape closes it and
 * focus returns to the opener. `children` shows what belongs to the picture (caption, styles).
 */
export function ImageViewer<Image extends ViewerImage>({ images, index, onIndexChange, onClose, alt, texts, seed, children }: ImageViewerProps<Image>) {
  const image = index === null ? undefined : images[index];
  const open = image !== undefined;
  const count = images.length;
  const go = (step: number) => {
    if (index === null || count < 2) return;
    onIndexChange((index + step + count) % count);
  };
  const goRef = useRef(go);
  goRef.current = go;

  useEffect(() => {
    if (!open) return;
    const onKey = (e: KeyboardEvent) => {
      // Arrow keys in a form field (a dialog opened above the viewer, e.g. a report) are the field's.
      if (e.target instanceof Element && e.target.closest('input, textarea, select, [contenteditable="true"]')) return;
      if (e.key === 'ArrowLeft') goRef.current(-1);
      else if (e.key === 'ArrowRight') goRef.current(1);
    };
    document.addEventListener('keydown', onKey);
    return () => document.removeEventListener('keydown', onKey);
  }, [open]);

  const touchX = useRef<number | null>(null);
  const [failedId, setFailedId] = useState<number | null>(null);

  return (
    <Dialog open={open} onOpenChange={(o) => !o && onClose()} title={texts.title((index ?? 0) + 1, count)} closeLabel={texts.close} className="max-w-5xl">
      {image && index !== null && (
        <div
          className="space-y-3"
          onTouchStart={(e) => (touchX.current = e.touches[0]?.clientX ?? null)}
          onTouchEnd={(e) => {
            const start = touchX.current;
            const end = e.changedTouches[0]?.clientX;
            touchX.current = null;
            if (start === null || end === undefined || Math.abs(end - start) < 50) return;
            go(end < start ? 1 : -1);
          }}
        >
          <div
            className="flex min-h-48 items-center justify-center rounded"
            style={{ backgroundColor: `hsl(${placeholderHue(seed ?? image.id)} 22% var(--placeholder-lightness, 86%))` }}
          >
            {failedId === image.id ? (
              <Alert tone="error" className="m-4">
                {texts.failed}
              </Alert>
            ) : (
              <img
                key={image.id}
                src={image.largeUrl}
                srcSet={variantSrcSet(image.largeUrl, 'gallery')}
                sizes="(max-width: 1024px) 100vw, 1000px"
                width={image.width || undefined}
                height={image.height || undefined}
                alt={alt(image, index)}
                decoding="async"
                onError={() => setFailedId(image.id)}
                className="h-auto max-h-[70dvh] w-auto max-w-full object-contain"
              />
            )}
          </div>
          {children?.(image)}
          {count > 1 && (
            <div className="flex justify-between gap-3">
              <Button onClick={() => go(-1)} icon={<ChevronLeft aria-hidden="true" className="size-4" />}>
                {texts.previous}
              </Button>
              <Button onClick={() => go(1)}>
                {texts.next}
                <ChevronRight aria-hidden="true" className="size-4" />
              </Button>
            </div>
          )}
        </div>
      )}
    </Dialog>
  );
}
