import { lazy, Suspense } from 'react';
import { useTranslation } from '../../i18n/react';
import { useParams, useSearchParams } from '../../routing';
import { buildPath } from '../../../common/routes';
import type { ProfileUser } from '../../../common/schemas/profile';
import { LocalizedLink } from '../../i18n/localized-link';
import { Alert } from '../../ui/alert';
import { Button } from '../../ui/button';
import { Tabs, tabPanelProps } from '../../ui/tabs';
import { useSession } from '../../lib/session';
import { Portfolio } from '../../features/gallery';
import { KINDS, ListingsTab, useOwnerCount } from '../../features/listings';
import { SafetyMenu } from '../../features/messages/components/safety-menu';
import { MessageButton } from '../../features/messages/message-dialog';
import { useMessagesTabLabel } from '../../features/messages/owner-tab-label';
import { useReviewSummary } from '../../features/reviews/api/get-reviews';
import { ReviewsTab } from '../../features/reviews/components/reviews-tab';
import { isNotFound, useProfile, useProfileCache } from '../../features/profiles/api/get-profile';
import { useVisit } from '../../features/profiles/api/record-visit';
import { AboutTab } from '../../features/profiles/components/about-tab';
import { EditIcon, ProfileHeader } from '../../features/profiles/components/profile-header';
import { ProfileNotFound, ProfileSkeleton } from '../../features/profiles/components/profile-states';
import { Skeleton } from '../../ui/skeleton';

// What only the logged-in owner opens (the edit form, the messages tab) loads when opened: a
// visitor's first load of a profile never carries it. (The reviews tab stays in the page: the
// server renders it for visitors, and the browser must hydrate it from the same code at once.)
const ProfileEditForm = lazy(() => import('../../features/profiles/components/edit/profile-edit-form').then((m) => ({ default: m.ProfileEditForm })));
const OwnerMessagesTab = lazy(() => import('../../features/messages/owner-tab').then((m) => ({ default: m.OwnerMessagesTab })));

function TabFallback() {
  return <Skeleton className="h-64 w-full" />;
}

type TabId = 'about' | 'portfolio' | 'guestspots' | 'availability' | 'messages' | 'reviews';

/** The profile with its tabs: about, the portfolio (gallery) and the listings of the account type. */
function ProfileView({ profile }: { profile: ProfileUser }) {
  const isOwner = profile.can.edit;
  const { t } = useTranslation('profiles');
  const [params, setParams] = useSearchParams();
  const { setImages, setProfile } = useProfileCache(profile.username);
  const editing = isOwner && params.get('edit') === 'true';
  const studio = profile.userType === 'studio';
  // Guest spots are a studio's tab, availabilities an artist's.
  const spotCount = useOwnerCount(KINDS.guestSpots, studio ? profile.id : undefined);
  const availabilityCount = useOwnerCount(KINDS.availability, studio ? undefined : profile.id);
  // The messages tab is the logged-in owner's only; for anyone else ?tab=messages shows About.
  const messagesLabel = useMessagesTabLabel(isOwner);
  // Everyone sees the reviews; the profile answer's count stands in until the list is loaded.
  const reviewSummary = useReviewSummary(profile.id);
  const reviewCount = reviewSummary?.totalReviews ?? profile.totalReviews;
  const available: TabId[] = ['about', 'portfolio', studio ? 'guestspots' : 'availability', ...(messagesLabel ? (['messages'] as const) : []), 'reviews'];
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

  let actions = null;
  if (isOwner && !editing) {
    actions = (
      <Button variant="primary" onClick={() => setParam('edit', 'true')} icon={<EditIcon />}>
        {t('actions.edit')}
      </Button>
    );
  } else if (!isOwner) {
    // Visitors log in first and come back to the open dialog; the menu is for logged-in users.
    actions = (
      <div className="flex items-center gap-1">
        <MessageButton recipient={{ id: profile.id, name: profile.name }} label={t('actions.message')} />
        <SafetyMenu user={{ id: profile.id, name: profile.name }} />
      </div>
    );
  }

  if (editing) {
    return (
      <div className="space-y-6">
        <ProfileHeader profile={profile} />
        <Suspense fallback={<TabFallback />}>
          <ProfileEditForm
            profile={profile}
            onSaved={(saved) => setProfile(() => saved)}
            onImageChange={(patch) => setProfile((p) => ({ ...p, ...patch }))}
            onDone={() => setParam('edit', null)}
          />
        </Suspense>
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
    ...(messagesLabel ? [{ id: 'messages', label: messagesLabel }] : []),
    { id: 'reviews', label: t('reviews:tabCount', { count: reviewCount }) },
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
        ) : tab === 'messages' ? (
          <Suspense fallback={<TabFallback />}>
            <OwnerMessagesTab />
          </Suspense>
        ) : tab === 'reviews' ? (
          <ReviewsTab userId={profile.id} name={profile.name} username={profile.username} userType={profile.userType} isOwner={isOwner} />
        ) : (
          <>
            <Portfolio
              images={profile.galleryImages}
              ownerId={profile.id}
              ownerName={profile.name}
              canManage={isOwner}
              onImagesChange={setImages}
            />
            <p className="mt-8">
              <LocalizedLink to={buildPath('gallery')} className="font-semibold">
                {t('gallery:wholeGallery')}
              </LocalizedLink>
            </p>
          </>
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
