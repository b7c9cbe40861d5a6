import { CalendarDays, MapPin } from 'lucide-react';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { initials } from '../../../common/format';
import type { StyleRef } from '../../../common/schemas/listing-fields';
import { LocalizedLink } from '../../i18n/localized-link';
import { Badge } from '../../ui/badge';
import { Image } from '../../ui/image';
import { LINK_CARD_CLASSES } from '../../ui/card';
import { CardSkeleton } from '../../ui/skeleton';
import type { Listing, ListingKind } from './kind';
import { usePeriodText } from './period';

const SIZES = '(min-width: 1024px) 300px, (min-width: 640px) 50vw, 100vw';
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
  const { t } = useTranslation('listings');
  return <Badge tone="danger">{t('inactive')}</Badge>;
}

/**
 * A card of a public list: picture first (the poster's avatar), then title, who, where, when
 * and styles. The whole card is one link to the canonical page.
 */
export function ListingCard({
  href,
  imageSrc,
  imageName,
  seed,
  title,
  owner,
  place,
  period,
  extra,
  styles,
  badge,
  priority = false,
}: {
  href: string;
  imageSrc: string | null;
  imageName: string;
  seed: number;
  title: string;
  owner?: string | null;
  place?: string | null;
  period?: string | null;
  extra?: ReactNode;
  styles: StyleRef[];
  badge?: ReactNode;
  priority?: boolean;
}) {
  return (
    <LocalizedLink
      to={href}
      className={LINK_CARD_CLASSES}
    >
      <div className="relative">
        <Image
          src={imageSrc}
          alt=""
          ratio="16/9"
          kind="avatar"
          sizes={SIZES}
          priority={priority}
          seed={seed}
          fallback={
            <span aria-hidden="true" className="text-3xl font-extrabold">
              {initials(imageName)}
            </span>
          }
          imgClassName="transition-transform duration-200 motion-safe:group-hover:scale-[1.03]"
        />
        {badge && <div className="absolute top-2 left-2">{badge}</div>}
      </div>
      <div className="flex flex-1 flex-col gap-1.5 p-4">
        <h2 className="text-lg leading-tight font-bold break-words group-hover:underline">{title}</h2>
        {owner && <p className="text-sm font-semibold">{owner}</p>}
        {place && (
          <p className="flex items-start gap-1.5 text-sm text-ink-muted">
            <MapPin aria-hidden="true" className="mt-0.5 size-4 shrink-0" />
            <span>{place}</span>
          </p>
        )}
        {period && (
          <p className="flex items-start gap-1.5 text-sm text-ink-muted">
            <CalendarDays aria-hidden="true" className="mt-0.5 size-4 shrink-0" />
            <span>{period}</span>
          </p>
        )}
        {extra && <div className="text-sm">{extra}</div>}
        <div className="mt-auto pt-2">
          <StyleBadges styles={styles} />
        </div>
      </div>
    </LocalizedLink>
  );
}

/** A listing of a kind in its public list: the card led by its owner's picture and name. */
export function KindListingCard<L extends Listing>({ kind, listing, priority }: { kind: ListingKind<L>; listing: L; priority: boolean }) {
  const period = usePeriodText();
  const owner = kind.owner(listing);
  return (
    <ListingCard
      href={kind.detailPath(listing)}
      imageSrc={owner.avatar}
      imageName={owner.name}
      seed={owner.id}
      title={listing.title}
      owner={owner.name}
      place={kind.place(listing)}
      period={period(listing.startDate, listing.endDate)}
      extra={kind.cardExtra?.(listing)}
      styles={listing.styles}
      priority={priority}
    />
  );
}

/** The loading shape of a listing card. */
export function ListingCardSkeleton() {
  return (
    <CardSkeleton media="aspect-video" padding="p-4" lines={['h-5 w-3/4', 'h-4 w-1/2', 'h-4 w-2/3', 'h-4 w-1/3']} />
  );
}
