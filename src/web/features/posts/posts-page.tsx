import { CalendarPlus } from 'lucide-react';
import { useTranslation } from '../../i18n/react';
import { useSearchParams } from '../../routing';
import type { PlannedPost } from '../../../common/schemas/instagram';
import type { SessionUser } from '../../../common/schemas/session';
import { LocalizedLink } from '../../i18n/localized-link';
import { Alert } from '../../ui/alert';
import { buttonClasses } from '../../ui/button';
import { EmptyState } from '../../ui/empty-state';
import { LoadMoreButton } from '../../ui/load-more';
import { PageHeader } from '../../ui/page-header';
import { StatusSkeleton } from '../../ui/skeleton';
import { Tabs, tabPanelProps } from '../../ui/tabs';
import { usePastPosts, useUpcomingPosts } from './api/get-posts';
import { FeaturedOffer } from './components/featured-offer';
import { OwnerOnly } from './components/owner-only';
import { PostCard } from './components/post-card';
import { postPaths } from './paths';
import { isFeatured } from './post-time';

const TABS = ['upcoming', 'published', 'cancelled'] as const;
type Tab = (typeof TABS)[number];
const TAB_PREFIX = 'posts';

/** /{username}/posts: the owner's planned social posts by status. */
export default function PostsPage() {
  return <OwnerOnly>{(user) => <PostsScreen user={user} />}</OwnerOnly>;
}

function PostsScreen({ user }: { user: SessionUser }) {
  const { t } = useTranslation('posts');
  const [params, setParams] = useSearchParams();
  const asked = params.get('tab');
  const tab: Tab = (TABS as readonly string[]).includes(asked ?? '') ? (asked as Tab) : 'upcoming';
  const select = (next: string) =>
    setParams(
      (p) => {
        if (next === 'upcoming') p.delete('tab');
        else p.set('tab', next);
        return p;
      },
      { replace: true },
    );
  const featured = isFeatured(user);
  return (
    <div className="mx-auto w-full max-w-4xl space-y-6 px-4 py-8 sm:py-12">
      <PageHeader
        title={t('list.title')}
        intro={t('list.intro')}
        action={featured && <CreatePostLink username={user.username} withIcon />}
      />
      {!featured && <FeaturedOffer expired={user.featuredUntil !== null} />}
      <div>
        <Tabs idPrefix={TAB_PREFIX} label={t('list.tabsLabel')} tabs={TABS.map((id) => ({ id, label: t(`list.tabs.${id}`) }))} selected={tab} onSelect={select} />
        <div {...tabPanelProps(TAB_PREFIX, tab)} className="pt-6 focus-visible:outline-2">
          {tab === 'upcoming' ? <UpcomingPanel user={user} featured={featured} /> : <PastPanel status={tab} username={user.username} />}
        </div>
      </div>
    </div>
  );
}

/** The link to a new post, the page's main action (with its icon in the page's header). */
function CreatePostLink({ username, withIcon = false }: { username: string; withIcon?: boolean }) {
  const { t } = useTranslation('posts');
  return (
    <LocalizedLink to={postPaths.create(username)} className={buttonClasses({ variant: 'primary' })}>
      {withIcon && <CalendarPlus aria-hidden="true" className="size-5" />}
      {t('list.create')}
    </LocalizedLink>
  );
}

/** Placeholder cards shaped like the posts while they load. */
function LoadingPosts() {
  const { t } = useTranslation('posts');
  return <StatusSkeleton label={t('loading')} className="space-y-3" lines={['h-36 w-full', 'h-36 w-full']} />;
}

function UpcomingPanel({ user, featured }: { user: SessionUser; featured: boolean }) {
  const { t } = useTranslation('posts');
  const posts = useUpcomingPosts();
  if (posts.isPending) return <LoadingPosts />;
  if (posts.isError) return <Alert tone="error">{posts.error.message || t('list.loadFailed')}</Alert>;
  if (posts.data.length === 0) {
    return (
      <EmptyState
        icon={<CalendarPlus />}
        title={t('list.empty.upcoming')}
        description={featured ? t('list.empty.upcomingText') : undefined}
        action={featured && <CreatePostLink username={user.username} />}
      />
    );
  }
  return <PostList posts={posts.data} username={user.username} />;
}

function PastPanel({ status, username }: { status: 'published' | 'cancelled'; username: string }) {
  const { t } = useTranslation('posts');
  const query = usePastPosts(status);
  if (query.isPending) return <LoadingPosts />;
  if (query.isError) return <Alert tone="error">{query.error.message || t('list.loadFailed')}</Alert>;
  const posts = query.data.pages.flatMap((page) => page.posts);
  if (posts.length === 0) return <EmptyState title={t(`list.empty.${status}`)} />;
  return (
    <div className="space-y-6">
      <PostList posts={posts} username={username} />
      <LoadMoreButton query={query} label={t('list.more')} />
    </div>
  );
}

function PostList({ posts, username }: { posts: PlannedPost[]; username: string }) {
  return (
    <ul className="space-y-3">
      {posts.map((post) => (
        <li key={post.id}>
          <PostCard post={post} username={username} />
        </li>
      ))}
    </ul>
  );
}
