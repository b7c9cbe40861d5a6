import { Home, UserX } from 'lucide-react';
import { useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useLocation, useParams, useSearchParams } from 'react-router';
import { withLanguage } from '../../../common/languages';
import type { ProfileUser } from '../../../common/schemas/profile';
import { useLanguage } from '../../i18n/language';
import { LocalizedLink } from '../../i18n/localized-link';
import { Alert } from '../../ui/alert';
import { Button, buttonClasses } from '../../ui/button';
import { EmptyState } from '../../ui/empty-state';
import { Skeleton } from '../../ui/skeleton';
import { useSession } from '../auth';
import { AvailabilityTab, useAvailabilityCount } from '../availability';
import { Portfolio } from '../gallery';
import { GuestSpotsTab, useGuestSpotCount } from '../guest-spots';
import { isNotFound, recordVisit, useProfile, useProfileCache } from './api';
import { AboutTab } from './components/about-tab';
import { EditIcon, MessageIcon, ProfileHeader } from './components/profile-header';
import { ProfileEditForm } from './components/edit/profile-edit-form';
import { Tabs, tabPanelProps } from './components/tabs';

type TabId = 'about' | 'portfolio' | 'guestspots' | 'availability';

function ProfileSkeleton() {
  const { t } = useTranslation('profiles');
  return (
    <div className="space-y-4" aria-busy="true">
      <span role="status" className="sr-only">
        {t('loading')}
      </span>
      <Skeleton className="aspect-[3/1] w-full" />
      <div className="flex items-end gap-4">
        <Skeleton className="-mt-16 size-24 rounded-full" />
        <div className="flex-1 space-y-2">
          <Skeleton className="h-4 w-24" />
          <Skeleton className="h-9 w-2/3 max-w-sm" />
          <Skeleton className="h-4 w-1/2 max-w-xs" />
        </div>
      </div>
      <Skeleton className="h-11 w-full" />
      <Skeleton className="h-32 w-full" />
    </div>
  );
}

export function ProfileNotFound() {
  const { t } = useTranslation('profiles');
  return (
    <div className="py-10">
      <h1 className="sr-only">{t('notFound.title')}</h1>
      <EmptyState
        icon={<UserX />}
        title={t('notFound.title')}
        description={t('notFound.text')}
        action={
          <LocalizedLink to="/" className={buttonClasses({ variant: 'primary' })}>
            <Home aria-hidden="true" className="size-4" />
            {t('notFound.home')}
          </LocalizedLink>
        }
      />
    </div>
  );
}

/** Records one visit per profile and page view when someone else looks at it. */
function useVisit(profile: ProfileUser | undefined, isOwner: boolean, sessionLoading: boolean) {
  const done = useRef<number | null>(null);
  useEffect(() => {
    if (!profile || isOwner || sessionLoading || done.current === profile.id) return;
    done.current = profile.id;
    recordVisit(profile.id).catch(() => undefined);
  }, [profile, isOwner, sessionLoading]);
}

function ProfileView({ profile, isOwner }: { profile: ProfileUser; isOwner: boolean }) {
  const { t } = useTranslation('profiles');
  const [params, setParams] = useSearchParams();
  const session = useSession();
  const lang = useLanguage();
  const { setImages, setProfile } = useProfileCache(profile.username);
  const editing = isOwner && params.get('edit') === 'true';
  const studio = profile.userType === 'studio';
  // Guest spots are a studio's tab, availabilities an artist's (document 2 §6).
  const spotCount = useGuestSpotCount(studio ? profile.id : undefined);
  const availabilityCount = useAvailabilityCount(studio ? undefined : profile.id);
  const available: TabId[] = ['about', 'portfolio', studio ? 'guestspots' : 'availability'];
  const tabParam = params.get('tab');
  const tab: TabId = (available as string[]).includes(tabParam ?? '') ? (tabParam as TabId) : 'about';

  const setParam = (name: string, value: string | null) =>
    setParams(
      (prev) => {
        const next = new URLSearchParams(prev);
        if (value === null) next.delete(name);
        else next.set(name, value);
        return next;
      },
      { replace: name === 'tab', preventScrollReset: true },
    );

  const location = useLocation();
  const loginTarget = `${withLanguage('/login', lang)}?redirect=${encodeURIComponent(location.pathname + location.search)}`;

  let actions = null;
  if (isOwner && !editing) {
    actions = (
      <Button variant="primary" onClick={() => setParam('edit', 'true')} icon={<EditIcon />}>
        {t('actions.edit')}
      </Button>
    );
  } else if (!isOwner && session.state === 'loggedOut') {
    // Messaging comes with its issue; until then visitors are asked to log in first.
    actions = (
      <Link to={loginTarget} className={buttonClasses({ variant: 'primary' })}>
        <MessageIcon />
        {t('actions.message')}
      </Link>
    );
  }

  if (editing) {
    return (
      <div className="space-y-6">
        <ProfileHeader profile={profile} />
        <ProfileEditForm
          profile={profile}
          onSaved={(saved) => setProfile(() => saved)}
          onImageChange={(patch) => setProfile((p) => ({ ...p, ...patch }))}
          onDone={() => setParam('edit', null)}
        />
      </div>
    );
  }

  const tabs = [
    { id: 'about', label: t('tabs.about') },
    { id: 'portfolio', label: t('tabs.portfolio', { count: profile.galleryImages.length }) },
    studio
      ? {
          id: 'guestspots',
          label: spotCount.data === undefined ? t('tabs.guestspots') : t('tabs.guestspotsCount', { count: spotCount.data }),
        }
      : {
          id: 'availability',
          label:
            availabilityCount.data === undefined ? t('tabs.availability') : t('tabs.availabilityCount', { count: availabilityCount.data }),
        },
  ];
  return (
    <div className="space-y-6">
      <ProfileHeader profile={profile} actions={actions} />
      <Tabs idPrefix="profile" label={t('tabs.label')} tabs={tabs} selected={tab} onSelect={(id) => setParam('tab', id === 'about' ? null : id)} />
      <div {...tabPanelProps('profile', tab)} className="focus-visible:outline-offset-4">
        {tab === 'about' ? (
          <AboutTab profile={profile} />
        ) : tab === 'guestspots' ? (
          <GuestSpotsTab userId={profile.id} isOwner={isOwner} />
        ) : tab === 'availability' ? (
          <AvailabilityTab userId={profile.id} isOwner={isOwner} />
        ) : (
          <Portfolio
            images={profile.galleryImages}
            ownerId={profile.id}
            ownerName={profile.name}
            isOwner={isOwner}
            onImagesChange={setImages}
          />
        )}
      </div>
    </div>
  );
}

/** The public profile /{username}: loading, not found, viewing, editing (?edit=true for the owner). */
export default function ProfilePage() {
  const { t } = useTranslation('profiles');
  const { username = '' } = useParams();
  const session = useSession();
  const profile = useProfile(username);
  const isOwner = Boolean(profile.data && session.user && session.user.id === profile.data.id);
  useVisit(profile.data, isOwner, session.state === 'loading');

  return (
    <div className="mx-auto w-full max-w-6xl px-4 pb-12 sm:pt-6">
      {profile.isPending ? (
        <ProfileSkeleton />
      ) : profile.isError ? (
        isNotFound(profile.error) ? (
          <ProfileNotFound />
        ) : (
          <div className="py-10">
            <h1 className="mb-4 text-2xl font-extrabold">{t('loadFailed')}</h1>
            <Alert tone="error" action={<Button onClick={() => void profile.refetch()}>{t('retry')}</Button>}>
              {profile.error.message || t('loadFailed')}
            </Alert>
          </div>
        )
      ) : (
        <ProfileView profile={profile.data} isOwner={isOwner} />
      )}
    </div>
  );
}
