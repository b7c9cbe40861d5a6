import { useTranslation } from 'react-i18next';
import { profilePath } from '../../../common/username';
import { LocalizedLink } from '../../i18n/localized-link';
import { buttonClasses } from '../../ui/button';
import { Spinner } from '../../ui/spinner';
import { VisuallyHidden } from '../../ui/visually-hidden';
import { AvailabilityTile } from '../availability';
import { GuestSpotsTile } from '../guest-spots';
import { RequireLogin, useSession } from '../auth';
import { AccountSettings } from './account-settings';
import { HintsProvider, HintsBox } from './hints';
import { PaymentNotice } from './payment-notice';
import { ShareProfileDialog } from './share-profile-dialog';
import { VisitsTile } from './visits-tile';
import { WelcomeDialog } from './welcome-dialog';

export default function DashboardPage() {
  const { t } = useTranslation('auth');
  return (
    <RequireLogin
      fallback={
        <div className="flex justify-center py-24" role="status">
          <Spinner />
          <VisuallyHidden>{t('loading')}</VisuallyHidden>
        </div>
      }
    >
      <Dashboard />
    </RequireLogin>
  );
}

function Dashboard() {
  const { t } = useTranslation('dashboard');
  const { user } = useSession();
  if (!user) return null;
  const path = `/${profilePath(user.username)}`;
  return (
    <HintsProvider>
      <div className="mx-auto w-full max-w-5xl space-y-8 px-4 py-8 sm:py-12">
        <WelcomeDialog />
        <PaymentNotice />
        <header className="flex flex-col gap-4 sm:flex-row sm:items-end sm:justify-between">
          <div>
            <p className="text-sm font-semibold uppercase tracking-wide text-ink-muted">{t(`typeLabel.${user.userType}`)}</p>
            <h1 className="text-3xl font-extrabold tracking-tight sm:text-4xl">{t('greeting', { name: user.name || user.username })}</h1>
            <p className="mt-2 max-w-prose text-ink-muted">{t('intro')}</p>
          </div>
          <div className="flex flex-wrap gap-2">
            <LocalizedLink to={path} className={buttonClasses({ variant: 'secondary' })}>
              {t('viewProfile')}
            </LocalizedLink>
            <LocalizedLink to={`${path}?edit=true`} className={buttonClasses({ variant: 'primary' })}>
              {t('editProfile')}
            </LocalizedLink>
            <ShareProfileDialog path={path} />
          </div>
        </header>
        <HintsBox />
        <section aria-label={t('visits.title')} className="grid gap-4 sm:grid-cols-2 lg:grid-cols-3">
          {user.userType === 'artist' && <AvailabilityTile />}
          {user.userType === 'studio' && <GuestSpotsTile />}
          <VisitsTile />
        </section>
        <AccountSettings />
      </div>
    </HintsProvider>
  );
}
