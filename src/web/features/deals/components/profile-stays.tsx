import { CalendarDays } from 'lucide-react';
import { useTranslation } from '../../../i18n/react';
import { profilePathTo } from '../../../../common/routes';
import { useLanguage } from '../../../i18n/language';
import { LocalizedLink } from '../../../i18n/localized-link';
import type { UserType } from '../../../../common/constants';
import { Skeleton } from '../../../ui/skeleton';
import { useUserStays } from '../api/get-stays';
import { formatDayRange } from '../dates';

/**
 * A profile's confirmed and recent stays: an artist's ("Guest at Nadelwerk Berlin, 3.–10. Mai"),
 * a studio's guests. The profile's page loader gives them with the About tab, so a visitor's
 * first paint has them; nothing at all when there are none.
 */
export function ProfileStays({ userId, userType, username }: { userId: number; userType: UserType; username: string }) {
  return <Stays userId={userId} artist={userType !== 'studio'} username={username} />;
}

function Stays({ userId, artist, username }: { userId: number; artist: boolean; username: string }) {
  const { t } = useTranslation('deals');
  const lang = useLanguage();
  const stays = useUserStays(userId);
  if (stays.isPending) {
    return (
      <div role="status" aria-label={t('profile.loading')}>
        <Skeleton className="h-16 w-full" />
      </div>
    );
  }
  // An artist's tour page (stays, open dates and the calendar feed) is worth a link even before the first stay.
  const tourLink = artist ? (
    <LocalizedLink to={`${profilePathTo(username)}/tour`} className="inline-flex items-center gap-1 text-sm font-semibold underline">
      <CalendarDays aria-hidden="true" className="size-4" />
      {t('profile.tourLink')}
    </LocalizedLink>
  ) : null;
  if (!stays.data || stays.data.length === 0) return tourLink;
  const headingId = `profile-stays-${userId}`;
  return (
    <section aria-labelledby={headingId} className="space-y-2">
      <h2 id={headingId} className="text-xl font-extrabold">
        {t(artist ? 'profile.tripsTitle' : 'profile.guestsTitle')}
      </h2>
      <ul className="space-y-1">
        {stays.data.map((stay) => {
          const other = artist ? stay.studio : stay.artist;
          const range = formatDayRange(stay.startDate, stay.endDate, lang);
          return (
            <li key={stay.id} className="break-words">
              {artist ? (
                <>
                  {t('profile.guestAt')}{' '}
                  <LocalizedLink to={profilePathTo(other.username)} className="font-semibold">
                    {other.name}
                  </LocalizedLink>
                  {stay.city ? `, ${stay.city}` : ''}
                </>
              ) : (
                <LocalizedLink to={profilePathTo(other.username)} className="font-semibold">
                  {other.name}
                </LocalizedLink>
              )}
              <span className="text-ink-muted">, {range}</span>
            </li>
          );
        })}
      </ul>
      {tourLink}
    </section>
  );
}
