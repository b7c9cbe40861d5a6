import { ImageOff } from 'lucide-react';
import { useTranslation } from '../../../i18n/react';
import type { PostMedia } from '../../../../common/schemas/instagram';
import { cn } from '../../../ui/cn';

/** A post's picture as a square thumbnail (its box sized before the image arrives), or a quiet placeholder. */
export function PostThumb({ media, className }: { media: PostMedia | null; className?: string }) {
  const { t } = useTranslation('posts');
  return (
    <div className={cn('aspect-square shrink-0 overflow-hidden rounded bg-sunken', className)}>
      {media ? (
        <img src={media.thumbnailUrl || media.url} alt={t('list.mediaAlt')} loading="lazy" decoding="async" className="size-full object-cover" />
      ) : (
        <div className="flex size-full items-center justify-center text-ink-muted">
          <ImageOff aria-hidden="true" className="size-6" />
          <span className="sr-only">{t('list.noMedia')}</span>
        </div>
      )}
    </div>
  );
}
