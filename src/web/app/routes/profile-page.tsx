import { useTranslation } from 'react-i18next';
import { Link, useLocation, useParams, useSearchParams } from 'react-router';
import { withLanguage } from '../../../common/languages';
import type { ProfileUser } from '../../../common/schemas/profile';
import { useLanguage } from '../../i18n/language';
import { Alert } from '../../ui/alert';
import { Button, buttonClasses } from '../../ui/button';
import { Tabs, tabPanelProps } from '../../ui/tabs';
import { useSession } from '../../lib/session';
import { Portfolio } from '../../features/gallery';
import { KINDS, ListingsTab, useOwnerCount } from '../../features/listings';
import {
  AboutTab,
  EditIcon,
  isNotFound,
  MessageIcon,
  ProfileEditForm,
  ProfileHeader,
  ProfileNotFound,
  ProfileSkeleton,
  useProfile,
  useProfileCache,
  useVisit,
} from '../../features/profiles';

type TabId = 'about' | 'portfolio' | 'guestspots' | 'availability';

/** The profile with its tabs: about, the portfolio (gallery) and the listings of the account type. */
function ProfileView({ profile }: { profile: ProfileUser }) {
  const isOwner = profile.can.edit;
  const { t } = useTranslation('profiles');
  const [params, setParams] = useSearchParams();
  const session = useSession();
  const lang = useLanguage();
  const { setImages, setProfile } = useProfileCache(profile.username);
  const editing = isOwner && params.get('edit') === 'true';
  const studio = profile.userType === 'studio';
  // Guest spots are a studio's tab, availabilities an artist's.
  const spotCount = useOwnerCount(KINDS.guestSpots, studio ? profile.id : undefined);
  const availabilityCount = useOwnerCount(KINDS.availability, studio ? undefined : profile.id);
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
          <ListingsTab kind={KINDS.guestSpots} userId={profile.id} canAdd={isOwner} />
        ) : tab === 'availability' ? (
          <ListingsTab kind={KINDS.availability} userId={profile.id} canAdd={isOwner} />
        ) : (
          <Portfolio
            images={profile.galleryImages}
            ownerId={profile.id}
            ownerName={profile.name}
            canManage={isOwner}
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
  useVisit(profile.data, session.state === 'loading');

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
        <ProfileView profile={profile.data} />
      )}
    </div>
  );
}
