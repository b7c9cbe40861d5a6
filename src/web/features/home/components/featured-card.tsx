import { MapPin, Star } from 'lucide-react';
import { useTranslation } from '../../../i18n/react';
import { formatCountry, formatRating } from '../../../../common/format';
import type { FeaturedArtist, FeaturedStudio } from '../../../../common/schemas/featured';
import { profilePathTo } from '../../../../common/routes';
import { useLanguage } from '../../../i18n/language';
import { LocalizedLink } from '../../../i18n/localized-link';
import { CardAvatar, CardPictures } from '../../../ui/card-pictures';
import { CardFact } from '../../../ui/card-fact';
import { LINK_CARD_CLASSES } from '../../../ui/card';
import { FeaturedBadge, isFeaturedUntil } from '../../../ui/featured-badge';
import { VerifiedBadge } from '../../../ui/verified-badge';
import { CardSkeleton } from '../../../ui/skeleton';

/**
 * A featured artist or studio: pictures first (an artist's latest works with the avatar beside
 * the name, `strip`; a studio's header or works, `cover`), then name, place, styles and rating;
 * the whole card links to the profile.
 */
export function FeaturedCard({ entry, variant = 'strip', priority = false }: { entry: FeaturedArtist | FeaturedStudio; variant?: 'strip' | 'cover'; priority?: boolean }) {
  const { t } = useTranslation('home');
  const lang = useLanguage();
  const place = [entry.cityName, formatCountry(entry.countryCode, lang)].filter(Boolean).join(', ');
  const rating = formatRating(entry.rating.average, entry.rating.count, lang);
  const featured = isFeaturedUntil(entry.featuredUntil);
  const beside = variant === 'strip' && entry.images.length > 0 ? entry.avatarUrl : null;
  return (
    <LocalizedLink
      to={profilePathTo(entry.username)}
      className={LINK_CARD_CLASSES}
    >
      <div className="relative">
        <CardPictures images={entry.images} name={entry.name} variant={variant} avatar={entry.avatarUrl} seed={entry.id} priority={priority} slot="featured" />
        {featured && <FeaturedBadge className="absolute top-2 left-2" />}
      </div>
      <div className="flex flex-1 flex-col gap-1 p-3">
        <div className="flex items-start gap-2">
          {beside && <CardAvatar src={beside} seed={entry.id} className="-mt-9" />}
          <h3 className="min-w-0 text-base leading-tight font-bold break-words group-hover:underline">{entry.name}</h3>
        </div>
        <CardFact icon={MapPin} text={place} gap="gap-1" />
        {'verified' in entry && entry.verified && <VerifiedBadge className="self-start" />}
        {entry.styles.length > 0 && <p className="text-xs text-ink-muted">{entry.styles.slice(0, 3).join(' · ')}</p>}
        <p className="mt-auto flex flex-wrap items-center gap-x-1.5 pt-1 text-sm">
          {rating.value && (
            <>
              <Star aria-hidden="true" className="size-4 fill-current" />
              <span className="font-semibold" aria-hidden="true">
                {rating.value}
              </span>
              <span className="sr-only">{t('common:rating.average', { value: rating.value })}</span>
            </>
          )}
          <span className="text-ink-muted">{t('common:rating.reviews', { count: rating.count })}</span>
        </p>
      </div>
    </LocalizedLink>
  );
}

/** The loading shape of a featured card, its pictures' box shaped like the card's. */
export function FeaturedCardSkeleton({ variant = 'strip' }: { variant?: 'strip' | 'cover' }) {
  return (
    <CardSkeleton media={variant === 'strip' ? 'aspect-[3/2]' : 'aspect-video'} padding="p-3" lines={['h-5 w-3/4', 'h-4 w-1/2', 'h-3 w-2/3', 'h-4 w-1/3']} />
  );
}
