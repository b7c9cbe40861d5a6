import type { ReactNode } from 'react';
import { useTranslation } from '../../i18n/react';
import type { CardImage } from '../../../common/schemas/card-images';
import type { MatchReasons } from '../../../common/schemas/listing-fields';
import { profilePathTo } from '../../../common/routes';
import { LocalizedLink } from '../../i18n/localized-link';
import { Alert } from '../../ui/alert';
import { Avatar } from '../../ui/avatar';
import { Badge } from '../../ui/badge';
import { CardPictures } from '../../ui/card-pictures';
import { VisuallyHidden } from '../../ui/visually-hidden';
import { LoadingRows } from './page-guard';
import { usePeriodText } from './period';

export interface MatchItem {
  key: number;
  owner: { name: string; username: string; avatar: string | null };
  title: string;
  href: string;
  startDate: string;
  endDate: string;
  place: string;
  reasons: MatchReasons;
  /** The other poster's work (an artist's latest works, a spot's photos or its studio's cover). */
  images: CardImage[];
  /** An artist's works side by side, a spot's or studio's photo as a cover. */
  pictures: 'strip' | 'cover';
  /** What the owner can do with the match (invite the artist), from the page combining features. */
  action?: ReactNode;
  /** How the deal fits the artist's wishes, as badges (none when nothing fits). */
  fit?: ReactNode;
}

/** Why an entry fits, as short chips: shared days, the same city (or country), the styles in common. */
export function MatchReasonChips({ reasons }: { reasons: MatchReasons }) {
  const { t } = useTranslation('listingsEntry');
  const chips = [t('matches.overlap', { count: reasons.daysInCommon })];
  if (reasons.sameCity) chips.push(t('matches.sameCity'));
  else if (reasons.sameCountry) chips.push(t('matches.sameCountry'));
  return (
    <ul aria-label={t('matches.reasonsLabel')} className="flex flex-wrap gap-1.5">
      {chips.map((chip) => (
        <li key={chip}>
          <Badge>{chip}</Badge>
        </li>
      ))}
      {reasons.stylesInCommon.length > 0 && (
        <li>
          <Badge tone="success">
            <VisuallyHidden>{t('matches.stylesInCommon')} </VisuallyHidden>
            {reasons.stylesInCommon.map((s) => s.name).join(', ')}
          </Badge>
        </li>
      )}
    </ul>
  );
}

/**
 * The best fits for one's own listing (owner only), best first: pictures of the other's work,
 * links to their profile and listing, and why it fits.
 */
export function MatchesList({
  title,
  intro,
  empty,
  query,
}: {
  title: string;
  intro: string;
  empty: string;
  query: { isPending: boolean; isError: boolean; data?: MatchItem[] };
}) {
  const { t } = useTranslation('listingsEntry');
  const period = usePeriodText();
  return (
    <section aria-labelledby="matches-title" className="space-y-4">
      <div>
        <h2 id="matches-title" className="text-xl font-extrabold">
          {title}
        </h2>
        <p className="text-sm text-ink-muted">{intro}</p>
      </div>
      {query.isPending ? (
        <LoadingRows height="h-20" />
      ) : query.isError || !query.data ? (
        <Alert tone="error">{t('matches.failed')}</Alert>
      ) : query.data.length === 0 ? (
        <p className="rounded border border-dashed border-line-strong p-4 text-sm text-ink-muted">{empty}</p>
      ) : (
        <ol className="space-y-3">
          {query.data.map((m, i) => (
            <li key={m.key} className="overflow-hidden rounded border border-line bg-surface sm:flex">
              <CardPictures
                images={m.images}
                name={m.owner.name}
                variant={m.pictures}
                avatar={m.owner.avatar}
                seed={m.key}
                priority={i === 0}
                className="sm:w-60 sm:shrink-0 sm:self-start"
              />
              <div className="min-w-0 flex-1 space-y-2 p-4">
                <div className="space-y-1">
                  <p className="flex items-center gap-2">
                    <Avatar src={m.owner.avatar} name={m.owner.name} size="sm" decorative />
                    <LocalizedLink to={profilePathTo(m.owner.username)} className="font-bold break-words">
                      {m.owner.name}
                    </LocalizedLink>
                  </p>
                  <p className="text-sm">
                    <LocalizedLink to={m.href}>{m.title}</LocalizedLink>
                    <span className="text-ink-muted"> · {period(m.startDate, m.endDate)}</span>
                    {m.place && <span className="text-ink-muted"> · {m.place}</span>}
                  </p>
                </div>
                <MatchReasonChips reasons={m.reasons} />
                {m.fit}
                {m.action}
              </div>
            </li>
          ))}
        </ol>
      )}
    </section>
  );
}
