import { ChevronLeft, ChevronRight } from 'lucide-react';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { GalleryImage } from '../../../../common/schemas/gallery';
import { Alert } from '../../../ui/alert';
import { Badge } from '../../../ui/badge';
import { Button } from '../../../ui/button';
import { Dialog } from '../../../ui/dialog';
import { placeholderHue, variantSrcSet } from '../../../ui/image';

/**
 * The enlarged view: a real dialog with the previous and next image on the arrow keys and by
 * swiping; Escape closes it and focus returns to the tile (Radix).
 */
export function Lightbox({
  images,
  index,
  onIndexChange,
  onClose,
  seed,
  ownerName,
}: {
  images: GalleryImage[];
  index: number | null;
  onIndexChange: (index: number) => void;
  onClose: () => void;
  seed: number;
  ownerName: string;
}) {
  const { t } = useTranslation('gallery');
  const open = index !== null && images[index] !== undefined;
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
      if (e.key === 'ArrowLeft') goRef.current(-1);
      else if (e.key === 'ArrowRight') goRef.current(1);
    };
    document.addEventListener('keydown', onKey);
    return () => document.removeEventListener('keydown', onKey);
  }, [open]);

  const touchX = useRef<number | null>(null);
  const image = open ? images[index] : undefined;
  // The image whose file could not be loaded: its screen says so (document 2's load error text).
  const [failedId, setFailedId] = useState<number | null>(null);
  const alt = image ? image.caption || t('imageAlt', { name: ownerName, number: (index ?? 0) + 1 }) : '';

  return (
    <Dialog
      open={open}
      onOpenChange={(o) => !o && onClose()}
      title={t('viewer.title', { number: (index ?? 0) + 1, count })}
      closeLabel={t('close')}
      className="max-w-5xl"
    >
      {image && (
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
            style={{ backgroundColor: `hsl(${placeholderHue(seed)} 22% var(--placeholder-lightness, 86%))` }}
          >
            {failedId === image.id ? (
              <Alert tone="error" className="m-4">
                {t('viewer.loadFailed')}
              </Alert>
            ) : (
            <img
              key={image.id}
              src={image.imageUrl}
              srcSet={variantSrcSet(image.imageUrl, 'gallery')}
              sizes="(max-width: 1024px) 100vw, 1000px"
              width={image.width || undefined}
              height={image.height || undefined}
              alt={alt}
              decoding="async"
              onError={() => setFailedId(image.id)}
              className="h-auto max-h-[70dvh] w-auto max-w-full object-contain"
            />
            )}
          </div>
          {image.caption && <p className="max-w-prose">{image.caption}</p>}
          {image.styles.length > 0 && (
            <ul className="flex flex-wrap gap-1.5" aria-label={t('styles')}>
              {image.styles.map((s) => (
                <li key={s.id}>
                  <Badge>{s.name}</Badge>
                </li>
              ))}
            </ul>
          )}
          {count > 1 && (
            <div className="flex justify-between gap-3">
              <Button onClick={() => go(-1)} icon={<ChevronLeft aria-hidden="true" className="size-4" />}>
                {t('viewer.previous')}
              </Button>
              <Button onClick={() => go(1)}>
                {t('viewer.next')}
                <ChevronRight aria-hidden="true" className="size-4" />
              </Button>
            </div>
          )}
        </div>
      )}
    </Dialog>
  );
}
