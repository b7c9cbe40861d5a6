import { CalendarDays, CalendarPlus, MapPin, Plane } from 'lucide-react';
import type { ReactNode } from 'react';
import { pathTo } from '../../../common/routes';
import type { Tour, TourStop } from '../../../common/schemas/tour';
import { profilePath } from '../../../common/username';
import { useLanguage } from '../../i18n/language';
import { usePageTitle } from '../../i18n/page-title';
import { useTranslation } from '../../i18n/react';
import { isNotFound } from '../../lib/api';
import { Link, useParams } from '../../routing';
import { Avatar } from '../../ui/avatar';
import { buttonClasses } from '../../ui/button';
import { EmptyState } from '../../ui/empty-state';
import { NotFound } from '../../ui/not-found';
import { PageHeader } from '../../ui/page-header';
import { QueryErrorAlert } from '../../ui/retry-alert';
import { SkeletonLines } from '../../ui/skeleton';
import { useTour } from './api';
import { useStopDates } from './dates';

/** A city of the tour on the globe: where it is, and how many of the stops are there. */
export interface TourPlace {
  cityId: number;
  name: string;
  lat: number;
  lng: number;
  count: number;
}

/** The listed cities of a tour's stops, each once with its number of stops, in the tour's order. */
export function tourPlaces(stops: TourStop[]): TourPlace[] {
  const byCity = new Map<number, TourPlace>();
  for (const stop of stops) {
    if (!stop.location) continue;
    const place = byCity.get(stop.location.cityId);
    if (place) place.count += 1;
    else byCity.set(stop.location.cityId, { ...stop.location, name: stop.place ?? '', count: 1 });
  }
  return [...byCity.values()];
}

/**
 * /{username}/tour: where an artist guests next (confirmed stays) and when she is open for more
 * (availabilities). The list is the page; `globe` (the app's, which may combine features) draws
 * the tour's cities beside it as decoration, and `alert` offers to tell a reader when she comes near.
 */
export default function TourPage({ globe, alert }: { globe?: (places: TourPlace[]) => ReactNode; alert?: (artist: Tour['artist']) => ReactNode }) {
  const { username = '' } = useParams();
  const { t } = useTranslation('tour');
  const tour = useTour(username);
  usePageTitle('profileTour.title', tour.data ? { name: tour.data.artist.name } : null);

  if (tour.isError && isNotFound(tour.error)) return <NotFound />;
  const places = globe && tour.data ? tourPlaces(tour.data.stops) : [];
  return (
    <div className={`mx-auto w-full space-y-8 px-4 py-8 sm:py-12 ${places.length > 0 ? 'max-w-5xl' : 'max-w-3xl'}`}>
      {tour.isError ? (
        <QueryErrorAlert query={tour} retryLabel={t('retry')} fallback={t('failed')} />
      ) : !tour.data ? (
        <div aria-busy="true">
          <span className="sr-only">{t('loading')}</span>
          <SkeletonLines lines={['h-10 w-2/3', 'h-5 w-full', 'h-20 w-full', 'h-20 w-full', 'h-20 w-full']} />
        </div>
      ) : (
        <TourView tour={tour.data} aside={globe && places.length > 0 ? globe(places) : null} alert={alert ? alert(tour.data.artist) : null} />
      )}
    </div>
  );
}

function TourView({ tour, aside, alert }: { tour: Tour; aside: ReactNode; alert: ReactNode }) {
  const { t } = useTranslation('tour');
  const lang = useLanguage();
  const { artist, stops } = tour;
  const profile = pathTo('profile', { username: profilePath(artist.username) }, lang);
  // Calendar apps subscribe to webcal:// addresses; the https one is for copying by hand.
  const webcal = tour.feedUrl.replace(/^https?:/, 'webcal:');
  return (
    <>
      <PageHeader
        kicker={
          <Link to={profile} className="inline-flex items-center gap-2 underline-offset-2 hover:underline">
            <Avatar src={artist.avatar} name={artist.name} username={artist.username} size="xs" decorative />
            {artist.name}
          </Link>
        }
        title={t('title', { name: artist.name })}
        intro={t('intro')}
        action={
          <a href={webcal} className={buttonClasses({ variant: 'secondary' })}>
            <CalendarPlus aria-hidden="true" className="size-4" />
            {t('subscribe')}
          </a>
        }
      />
      {alert}
      {stops.length === 0 ? (
        <EmptyState
          icon={<Plane />}
          title={t('empty', { name: artist.name })}
          description={t('emptyText')}
          action={
            <Link to={profile} className={buttonClasses({ variant: 'secondary', size: 'sm' })}>
              {t('toProfile')}
            </Link>
          }
        />
      ) : (
        <div className={aside ? 'grid items-start gap-8 lg:grid-cols-[minmax(0,3fr)_minmax(0,2fr)]' : undefined}>
          <ol className="space-y-4" aria-label={t('listLabel')}>
            {stops.map((stop) => (
              <StopRow key={`${stop.kind}-${stop.id}`} stop={stop} />
            ))}
          </ol>
          {aside && <div className="lg:sticky lg:top-20">{aside}</div>}
        </div>
      )}
      <p className="text-sm text-ink-muted">
        {t('feedHint')}{' '}
        <a href={tour.feedUrl} className="break-all underline">
          {tour.feedUrl}
        </a>
      </p>
    </>
  );
}

function StopRow({ stop }: { stop: TourStop }) {
  const { t } = useTranslation('tour');
  const lang = useLanguage();
  const dates = useStopDates();
  return (
    <li className="flex gap-4 rounded border border-line bg-paper p-4">
      <div className="flex w-24 shrink-0 flex-col items-start gap-1 sm:w-32">
        <CalendarDays aria-hidden="true" className="size-5 text-ink-muted" />
        <span className="text-sm font-bold">{dates(stop.startDate, stop.endDate)}</span>
      </div>
      <div className="min-w-0 flex-1 space-y-1">
        {stop.kind === 'stay' && stop.host ? (
          <>
            <p className="text-xs font-semibold tracking-wide text-ink-muted uppercase">{t('stayKicker')}</p>
            <p className="font-bold">
              {t('guestAt')}{' '}
              <Link to={pathTo('profile', { username: profilePath(stop.host.username) }, lang)} className="underline">
                {stop.host.name}
              </Link>
            </p>
          </>
        ) : (
          <>
            <p className="text-xs font-semibold tracking-wide text-ink-muted uppercase">{t('openKicker')}</p>
            {stop.availability && (
              <p className="font-bold">
                <Link to={pathTo('tattooArtist', { slug: stop.availability.slug }, lang)} className="underline">
                  {stop.availability.title}
                </Link>
              </p>
            )}
          </>
        )}
        {stop.place && (
          <p className="flex items-center gap-1 text-sm text-ink-muted">
            <MapPin aria-hidden="true" className="size-4 shrink-0" />
            {stop.place}
          </p>
        )}
      </div>
    </li>
  );
}
