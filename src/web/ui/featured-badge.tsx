import { Sparkles } from 'lucide-react';
import { useTranslation } from '../i18n/react';
import { Badge } from './badge';

/** Whether a featured time (ISO 8601) lies ahead: featured status lasts until then, no job ends it. */
export function isFeaturedUntil(featuredUntil: string | null | undefined, now = Date.now()): boolean {
  return !!featuredUntil && Date.parse(featuredUntil) > now;
}

/**
 * The mark of a featured artist or studio on cards and profiles: the accent red with white text
 * (above AA contrast in both themes), an icon and the word, so it reads without the colour and
 * becomes part of a card link's name.
 */
export function FeaturedBadge({ className }: { className?: string }) {
  const { t } = useTranslation('common');
  return (
    <Badge tone="featured" className={className}>
      <Sparkles aria-hidden="true" className="size-3.5 shrink-0" />
      {t('featured')}
    </Badge>
  );
}
