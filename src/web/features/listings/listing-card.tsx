import { CalendarDays, MapPin } from 'lucide-react';
import type { ReactNode } from 'react';
import { useTranslation } from '../../i18n/react';
import type { CardImage } from '../../../common/schemas/card-images';
import type { ListingListItem, StyleRef } from '../../../common/schemas/listing-fields';
import { LocalizedLink } from '../../i18n/localized-link';
import { Badge } from '../../ui/badge';
import { CardAvatar, CardPictures } from '../../ui/card-pictures';
import { CardFact } from '../../ui/card-fact';
import { LINK_CARD_CLASSES } from '../../ui/card';
import { FeaturedBadge } from '../../ui/featured-badge';
import { CardSkeleton } from '../../ui/skeleton';
import { VerifiedBadge } from '../../ui/verified-badge';
import type { Listing, ListingKind } from './kind';
import { usePeriodText } from './period';

const MAX_STYLES = 4;

/** Style badges, at most four and "+n" for the rest. */
export function StyleBadges({ styles, max = MAX_STYLES }: { styles: StyleRef[]; max?: number }) {
  const { t } = useTranslation('listings');
  if (styles.length === 0) return null;
  const shown = styles.slice(0, max);
  const rest = styles.length - shown.length;
  return (
    <ul className="flex flex-wrap gap-1.5" aria-label={t('styles')}>
      {shown.map((s) => (
        <li key={s.id}>
          <Badge>{s.name}</Badge>
        </li>
      ))}
      {rest > 0 && (
        <li>
          <Badge>{t('moreStyles', { count: rest })}</Badge>
        </li>
      )}
    </ul>
  );
}

export function InactiveBadge() {
  const { t } = useTranslation('listingsEntry');
  return <Badge tone="danger">{t('inactive')}</Badge>;
}

/**
 * A card of a public list: pictures first, then title, who, where, when and styles. The whole
 * card is one link to the canonical page. `strip` (an artist's card) leads with their latest
 * works and shows their avatar beside the name; `cover` (a studio's listing) leads with one
 * picture of the place. Without pictures the avatar, else the monogram, leads.
 */
export function ListingCard({
  href,
  images,
  variant,
  avatar,
  imageName,
  seed,
  title,
  owner,
  place,
  period,
  extra,
  styles,
  badge,
  verified = false,
  priority = false,
}: {
  href: string;
  images: CardImage[];
  variant: 'strip' | 'cover';
  avatar: string | null;
  /** Whose pictures they are (the alt texts and the monogram). */
  imageName: string;
  seed: number;
  title: string;
  owner?: string | null;
  place?: string | null;
  period?: string | null;
  extra?: ReactNode;
  styles: StyleRef[];
  badge?: ReactNode;
  /** The card shows a verified studio (its own card, or one of its guest spots). */
  verified?: boolean;
  priority?: boolean;
}) {
  const beside = variant === 'strip' && images.length > 0 ? avatar : null;
  return (
    <LocalizedLink
      to={href}
      className={LINK_CARD_CLASSES}
    >
      <div className="relative">
        <CardPictures images={images} name={imageName} variant={variant} avatar={avatar} seed={seed} priority={priority} />
        {badge && <div className="absolute top-2 left-2">{badge}</div>}
      </div>
      <div className="flex flex-1 flex-col gap-1.5 p-4">
        <div className="flex items-start gap-3">
          {beside && <CardAvatar src={beside} seed={seed} className="-mt-10" />}
          <h2 className="min-w-0 text-lg leading-tight font-bold break-words group-hover:underline">{title}</h2>
        </div>
        {owner && <p className="text-sm font-semibold">{owner}</p>}
        {verified && <VerifiedBadge className="self-start" />}
        <CardFact icon={MapPin} text={place} />
        <CardFact icon={CalendarDays} text={period} />
        {extra && <div className="text-sm">{extra}</div>}
        <div className="mt-auto pt-2">
          <StyleBadges styles={styles} />
        </div>
      </div>
    </LocalizedLink>
  );
}

/** How a kind's cards lead: a studio's listing with a picture of the place, an artist's with their works. */
export const cardPictures = (kind: Pick<ListingKind, 'postedBy'>): 'strip' | 'cover' => (kind.postedBy === 'studio' ? 'cover' : 'strip');

/**
 * A listing of a kind in its public list. A studio's guest spot leads with a picture of the
 * place (its photos, else the studio's header or works); an artist's availability with the
 * artist's latest works. A featured owner's listing carries the Featured badge.
 */
export function KindListingCard<L extends Listing>({ kind, listing, priority }: { kind: ListingKind<L>; listing: ListingListItem<L>; priority: boolean }) {
  const period = usePeriodText();
  const owner = kind.owner(listing);
  return (
    <ListingCard
      href={kind.detailPath(listing)}
      images={listing.images}
      variant={cardPictures(kind)}
      avatar={owner.avatar}
      imageName={owner.name}
      seed={owner.id}
      title={listing.title}
      owner={owner.name}
      place={kind.place(listing)}
      period={period(listing.startDate, listing.endDate)}
      extra={kind.cardExtra?.(listing)}
      styles={listing.styles}
      badge={listing.ownerFeatured ? <FeaturedBadge /> : undefined}
      verified={owner.verified}
      priority={priority}
    />
  );
}

/** The loading shape of a listing card, its pictures' box shaped like the card's. */
export function ListingCardSkeleton({ variant = 'cover' }: { variant?: 'strip' | 'cover' }) {
  return (
    <CardSkeleton media={variant === 'strip' ? 'aspect-[3/1]' : 'aspect-video'} padding="p-4" lines={['h-5 w-3/4', 'h-4 w-1/2', 'h-4 w-2/3', 'h-4 w-1/3']} />
  );
}
