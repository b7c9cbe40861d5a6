import { MapPin, Plane } from 'lucide-react';
import type { ReactNode } from 'react';
import { formatCountry } from '../../../common/format';
import { todayInBerlin } from '../../../common/listing-limits';
import { LOCALES, type Language } from '../../../common/languages';
import { queryString } from '../../../common/page-queries';
import { buildPath } from '../../../common/routes';
import { DEMAND_MIN_PEOPLE, STUDIO_DEMAND_DAYS, type ArtistDemand, type StudioDemand } from '../../../common/schemas/demand';
import { addDays } from '../../../common/schemas/listing-fields';
import { profilePath } from '../../../common/username';
import { useLanguage } from '../../i18n/language';
import { LocalizedLink } from '../../i18n/localized-link';
import { useTranslation } from '../../i18n/react';
import { useSession } from '../../lib/session';
import { buttonClasses } from '../../ui/button';
import { Card } from '../../ui/card';
import { CardHeading } from '../../ui/card-heading';
import { EmptyState } from '../../ui/empty-state';
import { QueryErrorAlert } from '../../ui/retry-alert';
import { Skeleton } from '../../ui/skeleton';
import { useDemand } from './api';

/** A city of the demand as a globe draws it: where it is and how many people are there. */
export interface DemandPlace {
  cityId: number;
  name: string;
  lat: number;
  lng: number;
  count: number;
}

/** Draws the cities on a globe; the dashboard hands in the map's, so this feature carries none of its code. */
export type DemandGlobe = (places: DemandPlace[]) => ReactNode;

// Four columns do not fit a phone in every language: there the city's cell carries the split
// and the table keeps only the total beside it.
const WIDE_ONLY = 'hidden sm:table-cell';

const numberFormat = (lang: Language) => new Intl.NumberFormat(LOCALES[lang]);

/** The guest spot list filtered to a city (and its country, so the filter bar names the city). */
export const guestSpotsIn = (countryCode: string, cityId: number) => `${buildPath('guestSpots')}${queryString({ country: countryCode, city: cityId })}`;
/** The availability list filtered to a city and to what starts within the studio's count's window, so the list shows what the card counted. */
export const availabilitiesIn = (countryCode: string, cityId: number, now = new Date()) =>
  `${buildPath('availabilityList')}${queryString({ country: countryCode, city: cityId, to: addDays(todayInBerlin(now), STUDIO_DEMAND_DAYS) })}`;

/**
 * The dashboard's demand by city: for an artist where her followers and city-alert subscribers
 * are (a city from 3 people, counts only), for a studio how many artists plan to come to its city.
 */
export function DemandCard({ globe }: { globe?: DemandGlobe }) {
  const { user } = useSession();
  const demand = useDemand();
  const { t } = useTranslation('demand');
  if (!user || user.role === 'admin') return null;
  const headingId = 'demand-heading';
  const artist = user.userType === 'artist';
  return (
    <Card className="space-y-4 p-5" aria-labelledby={headingId}>
      <CardHeading id={headingId} title={t(artist ? 'title' : 'studio.title')} intro={artist ? t('intro', { min: DEMAND_MIN_PEOPLE }) : undefined} />
      {demand.isPending ? (
        <div aria-busy="true" className="space-y-3">
          <span className="sr-only">{t('loading')}</span>
          <Skeleton className={artist ? 'h-40 w-full' : 'h-6 w-2/3'} />
        </div>
      ) : demand.isError ? (
        <QueryErrorAlert query={demand} retryLabel={t('retry')} fallback={t('failed')} />
      ) : demand.data.kind === 'artist' ? (
        <ArtistDemandView demand={demand.data} globe={globe} />
      ) : (
        <StudioDemandView demand={demand.data} username={user.username} />
      )}
    </Card>
  );
}

function ArtistDemandView({ demand, globe }: { demand: ArtistDemand; globe?: DemandGlobe }) {
  const { t } = useTranslation('demand');
  const lang = useLanguage();
  const n = numberFormat(lang);
  const hidden = demand.hidden > 0 ? <p className="text-sm text-ink-muted">{t(demand.cities.length > 0 ? 'hidden' : 'hiddenOnly', { count: demand.hidden, n: n.format(demand.hidden) })}</p> : null;
  if (demand.cities.length === 0) {
    return (
      <>
        <EmptyState icon={<MapPin aria-hidden="true" />} title={t('emptyTitle')} description={t('emptyText', { min: DEMAND_MIN_PEOPLE })} />
        {hidden}
      </>
    );
  }
  const places: DemandPlace[] = demand.cities.map((c) => ({ cityId: c.cityId, name: c.name, lat: c.lat, lng: c.lng, count: c.total }));
  return (
    <div className={globe ? 'grid gap-6 md:grid-cols-[minmax(0,320px)_minmax(0,1fr)] md:items-start' : undefined}>
      {globe?.(places)}
      <div className="min-w-0 space-y-3">
        <div className="overflow-x-auto">
          <table className="w-full text-sm">
            <caption className="sr-only">{t('table.caption')}</caption>
            <thead>
              <tr className="text-left text-ink-muted">
                <th scope="col" className="py-1 pr-3 font-semibold">
                  {t('table.city')}
                </th>
                <th scope="col" className={`${WIDE_ONLY} py-1 pr-3 text-right font-semibold`}>
                  {t('table.followers')}
                </th>
                <th scope="col" className={`${WIDE_ONLY} py-1 pr-3 text-right font-semibold`}>
                  {t('table.alerts')}
                </th>
                <th scope="col" className="py-1 text-right font-semibold">
                  {t('table.total')}
                </th>
              </tr>
            </thead>
            <tbody>
              {demand.cities.map((city) => (
                <tr key={city.cityId} className="border-t border-line align-top">
                  <th scope="row" className="py-2 pr-3 text-left font-normal">
                    <span className="block font-semibold break-words">{city.name}</span>
                    <span className="block text-ink-muted">{formatCountry(city.countryCode, lang)}</span>
                    <span className="block text-ink-muted sm:hidden">
                      {t('table.followersCount', { count: city.followers, n: n.format(city.followers) })} · {t('table.alertsCount', { count: city.alerts, n: n.format(city.alerts) })}
                    </span>
                    <LocalizedLink to={guestSpotsIn(city.countryCode, city.cityId)} className="mt-1 inline-flex items-center gap-1" aria-label={t('table.planCity', { city: city.name })}>
                      <Plane aria-hidden="true" className="size-3.5" />
                      {t('table.plan')}
                    </LocalizedLink>
                  </th>
                  <td className={`${WIDE_ONLY} py-2 pr-3 text-right tabular-nums`}>{n.format(city.followers)}</td>
                  <td className={`${WIDE_ONLY} py-2 pr-3 text-right tabular-nums`}>{n.format(city.alerts)}</td>
                  <td className="py-2 text-right font-semibold tabular-nums">{n.format(city.total)}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
        {hidden}
      </div>
    </div>
  );
}

function StudioDemandView({ demand, username }: { demand: StudioDemand; username: string }) {
  const { t } = useTranslation('demand');
  const lang = useLanguage();
  if (!demand.city) {
    return (
      <div className="space-y-3">
        <p className="text-ink-muted">{t('studio.noCity', { days: STUDIO_DEMAND_DAYS })}</p>
        <LocalizedLink to={`/${profilePath(username)}?edit=true`} className={buttonClasses({ variant: 'secondary', size: 'sm' })}>
          {t('studio.addCity')}
        </LocalizedLink>
      </div>
    );
  }
  const { city } = demand;
  return (
    <div className="space-y-3">
      <p className="text-lg">{t('studio.count', { count: demand.artists, n: numberFormat(lang).format(demand.artists), city: city.name, days: STUDIO_DEMAND_DAYS })}</p>
      {demand.availabilities > 0 && (
        <LocalizedLink to={availabilitiesIn(city.countryCode, city.cityId)} className={buttonClasses({ variant: 'secondary', size: 'sm' })}>
          {t('studio.link', { count: demand.availabilities, n: numberFormat(lang).format(demand.availabilities) })}
        </LocalizedLink>
      )}
    </div>
  );
}
