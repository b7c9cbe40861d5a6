import { Suspense } from 'react';
import { useTranslation } from '../../i18n/react';
import { PageHeader } from '../../ui/page-header';
import { buildPath } from '../../../common/routes';
import type { SessionUser } from '../../../common/schemas/session';
import { profilePath } from '../../../common/username';
import { LocalizedLink } from '../../i18n/localized-link';
import { buttonClasses } from '../../ui/button';
import { loginGatedPage } from '../../ui/login-gate';
import { HintsBox, HintsProvider } from '../../ui/hints';
import { useSession } from '../../lib/session';
import { AccountSettings, hasPicture, PaymentNotice, ProfileCompleteness, ShareProfileDialog, VisitsTile, WelcomeDialog } from '../../features/dashboard';
import { useProfile } from '../../features/profiles';
import { KINDS, ListingsTile } from '../../features/listings';
import { ReviewsTile } from '../../features/reviews';
import { DealsTile } from '../../features/deals';
import { ReviewPromptsCard, VerificationCard } from '../../features/trust';
import { CalendarFeedCard } from '../../features/tour';
import { FollowersCard, FollowingFeedCard } from '../../features/follows';
import { SavedSearchesCard } from '../../features/saved-searches';
import { DashboardDemandCard } from './dashboard-demand';
import { BlockedUsers, UnreadTile } from '../../features/messages';
import { EmailPreference } from '../../features/notifications';
import { PostsTile } from '../../features/posts';
import { ForumTile } from '../../features/forum';
import { PaymentHistory, PremiumSection } from '../../features/payments';
import { Card } from '../../ui/card';
import { CardHeading } from '../../ui/card-heading';
import { Skeleton } from '../../ui/skeleton';

/** /dashboard: the account's home, combining the dashboard's own pieces with the listing tile of the account type. */
export default loginGatedPage(Dashboard, 'auth');

function Dashboard() {
  const { t } = useTranslation('dashboard');
  const { user } = useSession();
  if (!user) return null;
  if (user.role === 'admin') return <StaffDashboard user={user} />;
  const path = `/${profilePath(user.username)}`;
  return (
    <HintsProvider>
      <div className="mx-auto w-full max-w-5xl space-y-8 px-4 py-8 sm:py-12">
        <WelcomeDialog />
        <PaymentNotice />
        <PageHeader
          kicker={t(`typeLabel.${user.userType}`)}
          title={t('greeting', { name: user.name || user.username })}
          intro={t('intro')}
          action={
            <div className="flex flex-wrap gap-2">
              <LocalizedLink to={path} className={buttonClasses({ variant: 'secondary' })}>
                {t('viewProfile')}
              </LocalizedLink>
              <LocalizedLink to={`${path}?edit=true`} className={buttonClasses({ variant: 'primary' })}>
                {t('editProfile')}
              </LocalizedLink>
              <ShareProfileDialog path={path} />
            </div>
          }
        />
        <CompletenessMeter username={user.username} path={path} />
        <HintsBox title={t('hints.title')} />
        <section aria-label={t('visits.title')} className="grid gap-4 sm:grid-cols-2 lg:grid-cols-3">
          <UnreadTile />
          {user.userType === 'artist' && <ListingsTile kind={KINDS.availability} />}
          {user.userType === 'studio' && <ListingsTile kind={KINDS.guestSpots} />}
          <DealsTile />
          <ReviewsTile userId={user.id} username={user.username} />
          <VisitsTile />
          <PostsTile />
          <ForumTile />
        </section>
        {/* Their texts load with them: nothing shows until they are in, and nothing at all when there is nothing to ask. */}
        <Suspense fallback={null}>
          <ReviewPromptsCard />
          {user.userType === 'studio' && <VerificationCard />}
        </Suspense>
        {/* The follows' texts load with their cards; the page around them shows meanwhile. */}
        <Suspense fallback={<Skeleton className="h-64 w-full" />}>
          <FollowingFeedCard />
          <FollowersCard />
        </Suspense>
        {/* Demand by city: the card, its texts and the globe load with it. */}
        <Suspense fallback={<Skeleton className="h-40 w-full" />}>
          <DashboardDemandCard />
        </Suspense>
        {/* The saved searches' texts load with their card. */}
        <Suspense fallback={<Skeleton className="h-40 w-full" />}>
          <SavedSearchesCard />
        </Suspense>
        <CalendarFeedCard />
        <Premium username={user.username} />
        <PaymentHistory />
        <AccountSettings />
        <MessagingSettings />
      </div>
    </HintsProvider>
  );
}

/**
 * An admin's dashboard: staff, not an artist or studio, so no profile, listings, reviews or
 * featured offers; the way to the admin area and the account's settings.
 */
function StaffDashboard({ user }: { user: SessionUser }) {
  const { t } = useTranslation('dashboard');
  return (
    <div className="mx-auto w-full max-w-5xl space-y-8 px-4 py-8 sm:py-12">
      <PageHeader
        kicker={t('typeLabel.admin')}
        title={t('greeting', { name: user.name || user.username })}
        intro={t('staff.intro')}
        action={
          <LocalizedLink to={buildPath('admin')} className={buttonClasses({ variant: 'primary' })}>
            {t('staff.adminArea')}
          </LocalizedLink>
        }
      />
      <AccountSettings />
    </div>
  );
}

/** The completeness of the own profile, read from the profile answer the profile page shares. */
function CompletenessMeter({ username, path }: { username: string; path: string }) {
  const profile = useProfile(username);
  return <ProfileCompleteness profile={profile.data} pending={profile.isPending} path={path} />;
}

/** The premium box, told whether the profile has the picture a featured place needs to show. */
function Premium({ username }: { username: string }) {
  const profile = useProfile(username);
  return <PremiumSection hasPicture={profile.data ? hasPicture(profile.data) : undefined} />;
}

/** The account settings of messaging: mails about unread messages and the blocked users. */
function MessagingSettings() {
  const { t } = useTranslation('notifications');
  return (
    <Card className="space-y-6 p-5">
      <CardHeading title={t('settings.title')} />
      <EmailPreference />
      <BlockedUsers />
    </Card>
  );
}
