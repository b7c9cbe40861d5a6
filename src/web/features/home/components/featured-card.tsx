import { MapPin, Star } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { formatCountry, formatRating, initials } from '../../../../common/format';
import type { FeaturedArtist } from '../../../../common/schemas/featured';
import { profilePathTo } from '../../../../common/routes';
import { useLanguage } from '../../../i18n/language';
import { LocalizedLink } from '../../../i18n/localized-link';
import { Badge } from '../../../ui/badge';
import { Image } from '../../../ui/image';
import { LINK_CARD_CLASSES } from '../../../ui/card';
import { CardSkeleton } from '../../../ui/skeleton';

const SIZES = '(min-width: 1024px) 220px, (min-width: 640px) 33vw, 50vw';

/** A featured artist or studio: picture first, then name, place, styles and rating; the whole card links to the profile. */
export function FeaturedCard({ entry, priority = false }: { entry: FeaturedArtist; priority?: boolean }) {
  const { t } = useTranslation('home');
  const lang = useLanguage();
  const place = [entry.cityName, formatCountry(entry.countryCode, lang)].filter(Boolean).join(', ');
  const rating = formatRating(entry.rating.average, entry.rating.count, lang);
  const featured = entry.featuredUntil !== null && new Date(entry.featuredUntil).getTime() > Date.now();
  return (
    <LocalizedLink
      to={profilePathTo(entry.username)}
      className={LINK_CARD_CLASSES}
    >
      <div className="relative">
        <Image
          src={entry.avatarUrl}
          alt=""
          ratio="1/1"
          kind="avatar"
          sizes={SIZES}
          priority={priority}
          seed={entry.id}
          fallback={
            <span aria-hidden="true" className="text-2xl font-extrabold">
              {initials(entry.name)}
            </span>
          }
          imgClassName="transition-transform duration-200 motion-safe:group-hover:scale-[1.03]"
        />
        {featured && (
          <Badge tone="featured" className="absolute top-2 left-2">
            {t('common:featured')}
          </Badge>
        )}
      </div>
      <div className="flex flex-1 flex-col gap-1 p-3">
        <h3 className="text-base leading-tight font-bold group-hover:underline">{entry.name}</h3>
        {place && (
          <p className="flex items-start gap-1 text-sm text-ink-muted">
            <MapPin aria-hidden="true" className="mt-0.5 size-4 shrink-0" />
            <span>{place}</span>
          </p>
        )}
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

/** The loading shape of a featured card. */
export function FeaturedCardSkeleton() {
  return (
    <CardSkeleton media="aspect-square" padding="p-3" lines={['h-5 w-3/4', 'h-4 w-1/2', 'h-3 w-2/3', 'h-4 w-1/3']} />
  );
}
