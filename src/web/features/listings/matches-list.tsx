import { useTranslation } from 'react-i18next';
import type { MatchReasons } from '../../../common/schemas/listing-fields';
import { profilePathTo } from '../../../common/routes';
import { LocalizedLink } from '../../i18n/localized-link';
import { Alert } from '../../ui/alert';
import { Avatar } from '../../ui/avatar';
import { LoadingRows } from './page-guard';
import { usePeriodText } from './period';

export interface MatchItem extends MatchReasons {
  key: number;
  owner: { name: string; username: string; avatar: string | null };
  title: string;
  href: string;
  startDate: string;
  endDate: string;
  place: string;
}

/** Why an entry fits, in words: overlap, place, shared styles. */
function Reasons({ match }: { match: MatchReasons }) {
  const { t } = useTranslation('listings');
  const reasons = [t('matches.overlap', { count: match.overlapDays })];
  if (match.sameCity) reasons.push(t('matches.sameCity'));
  else if (match.sameCountry) reasons.push(t('matches.sameCountry'));
  if (match.sharedStyles.length > 0) reasons.push(t('matches.styles', { styles: match.sharedStyles.map((s) => s.name).join(', ') }));
  return (
    <ul className="flex flex-wrap gap-x-3 gap-y-1 text-sm text-ink-muted">
      {reasons.map((r) => (
        <li key={r}>{r}</li>
      ))}
    </ul>
  );
}

/** The best fits for one's own listing (owner only), each linking to the other's profile and listing. */
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
  const { t } = useTranslation('listings');
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
          {query.data.map((m) => (
            <li key={m.key} className="flex gap-3 rounded border border-line bg-surface p-4">
              <Avatar src={m.owner.avatar} name={m.owner.name} size="md" decorative />
              <div className="min-w-0 flex-1 space-y-1">
                <p className="flex flex-wrap items-baseline gap-x-2">
                  <LocalizedLink to={profilePathTo(m.owner.username)} className="font-bold">
                    {m.owner.name}
                  </LocalizedLink>
                  <span className="text-sm text-ink-muted">{t('matches.score', { score: m.score })}</span>
                </p>
                <p className="text-sm">
                  <LocalizedLink to={m.href}>{m.title}</LocalizedLink>
                  <span className="text-ink-muted"> · {period(m.startDate, m.endDate)}</span>
                  {m.place && <span className="text-ink-muted"> · {m.place}</span>}
                </p>
                <Reasons match={m} />
              </div>
            </li>
          ))}
        </ol>
      )}
    </section>
  );
}
