import { BadgeCheck } from 'lucide-react';
import { useTranslation } from '../i18n/react';
import { Badge } from './badge';

/**
 * The mark of a verified studio (an admin approved its trade registration or hygiene
 * certificate) on its profile, its cards and its search results: an icon and the words, so it
 * reads without the colour and becomes part of a card link's name.
 */
export function VerifiedBadge({ className }: { className?: string }) {
  const { t } = useTranslation('common');
  return (
    <Badge tone="success" className={className}>
      <BadgeCheck aria-hidden="true" className="size-3.5 shrink-0" />
      {t('verifiedStudio')}
    </Badge>
  );
}
