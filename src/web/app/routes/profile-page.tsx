import { lazy, memo, Suspense, useCallback, useEffect } from 'react';
import { usePageTitle } from '../../i18n/page-title';
import { useTranslation } from '../../i18n/react';
import type { Texts } from '../../i18n/texts';
import { useParams, useSearchParams } from '../../routing';
import type { ProfileUser } from '../../../common/schemas/profile';
import { Alert } from '../../ui/alert';
import { Button } from '../../ui/button';
import { Tabs, tabPanelProps } from '../../ui/tabs';
import { useSession } from '../../lib/session';
import type { ImagesUpdater } from '../../features/gallery';
import { PortfolioSkeleton } from '../../features/gallery/components/portfolio-skeleton';
import { useOwnerCount } from '../../features/listings/api/get-owner-count';
import { KIND_APIS } from '../../features/listings/kind-api';
import { ListingsTabSkeleton } from '../../features/listings/tab-skeleton';
import { MessageButton } from '../../features/messages/message-button';
import { CityAlertButton } from '../../features/city-alerts';
import { useReviewSummary } from '../../features/reviews/api/get-reviews';
import { ReviewsSkeleton } from '../../features/reviews/components/reviews-skeleton';
import { isNotFound, useProfile, useProfileCache } from '../../features/profiles/api/get-profile';
import { useVisit } from '../../features/profiles/api/record-visit';
import { AboutTab } from '../../features/profiles/components/about-tab';
import { EditIcon, ProfileHeader } from '../../features/profiles/components/profile-header';
import { ProfileSkeleton } from '../../features/profiles/components/profile-states';
import { Skeleton } from '../../ui/skeleton';

type TabId = 'about' | 'portfolio' | 'guestspots' | 'availability' | 'messages' | 'reviews';
type LazyTabId = Exclude<TabId, 'about'>;

/** A tab's code and the translation namespaces it renders with. */
interface TabPart {
  load: () => Promise<unknown>;
  namespaces: readonly string[];
}

// A visitor's first load holds the About tab only: every other tab loads its code and texts when
// it is shown, or earlier, when the pointer or focus reaches its button.
const loadPortfolio = () => import('../../features/gallery/components/portfolio-tab');
const loadListings = () => import('../../features/listings/profile-tab');
const loadReviews = () => import('../../features/reviews/components/reviews-tab');
const loadMessages = () => import('../../features/messages/owner-tab');

const TAB_PARTS: Record<LazyTabId, TabPart> = {
  portfolio: { load: loadPortfolio, namespaces: ['gallery'] },
  guestspots: { load: loadListings, namespaces: ['guestSpotsEntry', 'guestSpots', 'listings', 'listingsEntry'] },
  availability: { load: loadListings, namespaces: ['availabilityEntry', 'availability', 'listings', 'listingsEntry'] },
  reviews: { load: loadReviews, namespaces: ['reviews'] },
  messages: { load: loadMessages, namespaces: ['messages'] },
};

const PortfolioTab = lazy(() => loadPortfolio().then((m) => ({ default: m.PortfolioTab })));
const ListingsTab = lazy(() => loadListings().then((m) => ({ default: m.ProfileListingsTab })));
const ReviewsTab = lazy(() => loadReviews().then((m) => ({ default: m.ReviewsTab })));
const OwnerMessagesTab = lazy(() => loadMessages().then((m) => ({ default: m.OwnerMessagesTab })));

// What only a logged-in user sees (the edit form, the owner's unread count, the block and report
// menu) loads for them alone.
const ProfileEditForm = lazy(() => import('../../features/profiles/components/edit/profile-edit-form').then((m) => ({ default: m.ProfileEditForm })));
const MessagesTabLabel = lazy(() => import('../../features/messages/owner-tab-label').then((m) => ({ default: m.MessagesTabLabel })));
const SafetyMenu = lazy(() => import('../../features/messages/components/safety-menu').then((m) => ({ default: m.SafetyMenu })));
// A missing profile is answered by the browser alone (the server renders no failed page).
// A profile's stays and trust figures come with the page's data (its loader), their code apart.
const ProfileStays = lazy(() => import('../../features/deals/components/profile-stays').then((m) => ({ default: m.ProfileStays })));
const TrustStrip = lazy(() => import('../../features/trust/trust-strip').then((m) => ({ default: m.TrustStrip })));
// The follower count and Follow button likewise: nothing of them in the profile's first load.
const ProfileFollow = lazy(() => import('../../features/follows/profile-follow').then((m) => ({ default: m.ProfileFollow })));
const ProfileNotFound = lazy(() => import('../../features/profiles/components/profile-not-found').then((m) => ({ default: m.ProfileNotFound })));

/** Starts loading a tab's code and texts; a failed early load is tried again when the tab renders. */
function preloadTab(part: TabPart, texts: Texts): void {
  part.load().catch(() => undefined);
  texts.loadNamespaces(texts.language, part.namespaces).catch(() => undefined);
}

function isLazyTab(id: string): id is LazyTabId {
  return Object.hasOwn(TAB_PARTS, id);
}

/** The shape of a tab while its code arrives, so the page keeps its height. */
function TabFallback({ tab, profile }: { tab: TabId; profile: ProfileUser }) {
  if (tab === 'portfolio') return <PortfolioSkeleton count={profile.galleryImages.length} images={profile.galleryImages} />;
  if (tab === 'guestspots' || tab === 'availability') return <ListingsTabSkeleton />;
  if (tab === 'reviews') return <ReviewsSkeleton />;
  // The owner's messages panel is 600 px high.
  return <Skeleton className="h-[600px] w-full" />;
}

function tabContent(tab: TabId, profile: ProfileUser, onImagesChange: ImagesUpdater) {
  const isOwner = profile.can.edit;
  switch (tab) {
    case 'about':
      return <AboutTab profile={profile} />;
    case 'portfolio':
      return <PortfolioTab images={profile.galleryImages} ownerId={profile.id} ownerName={profile.name} canManage={isOwner} onImagesChange={onImagesChange} />;
    case 'guestspots':
    case 'availability':
      return <ListingsTab kind={tab === 'guestspots' ? 'guestSpots' : 'availability'} userId={profile.id} canAdd={isOwner} />;
    case 'messages':
      return <OwnerMessagesTab />;
    case 'reviews':
      return <ReviewsTab userId={profile.id} name={profile.name} username={profile.username} userType={profile.userType} isOwner={isOwner} />;
  }
}

/**
 * The selected tab in a Suspense boundary of its own: the server's markup of a lazy tab stays on
 * screen until its code and texts arrive and it hydrates. Memoised, so the page rendering again
 * for the same tab (a count arriving, the session known) leaves that boundary alone.
 */
const TabContent = memo(function TabContent({ tab, profile, onImagesChange }: { tab: TabId; profile: ProfileUser; onImagesChange: ImagesUpdater }) {
  return (
    <Suspense key={tab} fallback={<TabFallback tab={tab} profile={profile} />}>
      {tabContent(tab, profile, onImagesChange)}
    </Suspense>
  );
});

/** The profile with its tabs: about, the portfolio (gallery) and the listings of the account type. */
function ProfileView({ profile }: { profile: ProfileUser }) {
  const isOwner = profile.can.edit;
  const { t, i18n } = useTranslation('profiles');
  const session = useSession();
  const [params, setParams] = useSearchParams();
  const { setImages, setProfile } = useProfileCache(profile.username);
  const editing = isOwner && params.get('edit') === 'true';
  const studio = profile.userType === 'studio';
  usePageTitle(
    profile.cityName ? 'profile.titleWithCity' : 'profile.title',
    { name: profile.name, ...(profile.cityName ? { city: profile.cityName } : {}) },
    { type: studio ? 'profile.typeStudio' : 'profile.typeArtist' },
  );
  // Guest spots are a studio's tab, availabilities an artist's.
  const spotCount = useOwnerCount(KIND_APIS.guestSpots, studio ? profile.id : undefined);
  const availabilityCount = useOwnerCount(KIND_APIS.availability, studio ? undefined : profile.id);
  // The messages tab is the logged-in owner's only; for anyone else ?tab=messages shows About.
  const ownerMessages = isOwner && session.state === 'loggedIn';
  // Everyone sees the reviews; the profile answer's count stands in until the list is loaded.
  const reviewSummary = useReviewSummary(profile.id);
  const reviewCount = reviewSummary?.totalReviews ?? profile.totalReviews;
  const available: TabId[] = ['about', 'portfolio', studio ? 'guestspots' : 'availability', ...(ownerMessages ? (['messages'] as const) : []), 'reviews'];
  const tabParam = params.get('tab');
  const tab: TabId = (available as string[]).includes(tabParam ?? '') ? (tabParam as TabId) : 'about';

  const preview = useCallback(
    (id: string) => {
      if (isLazyTab(id)) preloadTab(TAB_PARTS[id], i18n);
    },
    [i18n],
  );
  // A tab the address names loads its texts beside its code (also while it hydrates from the
  // server's markup), not after it.
  useEffect(() => {
    if (!editing) preview(tab);
  }, [editing, preview, tab]);

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
        <MessageButton
          recipient={{ id: profile.id, name: profile.name }}
          label={t('actions.message')}
          loginLabel={t('actions.messageLogin', { name: profile.name })}
        />
        {session.state === 'loggedIn' && (
          <Suspense fallback={<span aria-hidden="true" className="inline-block size-11" />}>
            <SafetyMenu user={{ id: profile.id, name: profile.name }} />
          </Suspense>
        )}
      </div>
    );
  }

  if (editing) {
    return (
      <div className="space-y-6">
        <ProfileHeader profile={profile} />
        <Suspense fallback={<Skeleton className="h-64 w-full" />}>
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
    ...(ownerMessages
      ? [
          {
            id: 'messages',
            label: (
              <Suspense fallback={t('tabs.messages')}>
                <MessagesTabLabel />
              </Suspense>
            ),
          },
        ]
      : []),
    { id: 'reviews', label: t('tabs.reviews', { count: reviewCount }) },
  ];
  return (
    <div className="space-y-6">
      <ProfileHeader profile={profile} actions={actions} />
      {/* Its own row: the name beside the header's actions stays readable. */}
      {!studio && !isOwner && <CityAlertButton artist={{ id: profile.id, name: profile.name }} label={t('actions.cityAlert', { name: profile.name })} />}
      <Suspense fallback={null}>
        <TrustStrip userId={profile.id} />
      </Suspense>
      <Suspense fallback={null}>
        <ProfileFollow profile={profile} />
      </Suspense>
      <Tabs
        idPrefix="profile"
        label={t('tabs.label')}
        tabs={tabs}
        selected={tab}
        onSelect={(id) => setParam('tab', id === 'about' ? null : id)}
        onPreview={preview}
      />
      <div {...tabPanelProps('profile', tab)} className="focus-visible:outline-offset-4">
        <TabContent tab={tab} profile={profile} onImagesChange={setImages} />
      </div>
      {tab === 'about' && (
        <Suspense fallback={null}>
          <ProfileStays userId={profile.id} userType={profile.userType} username={profile.username} />
        </Suspense>
      )}
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
          <Suspense fallback={<ProfileSkeleton />}>
            <ProfileNotFound />
          </Suspense>
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
