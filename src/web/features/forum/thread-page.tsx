import { Bell, BellOff, CheckCircle2, Lock, Pin } from 'lucide-react';
import { useRef } from 'react';
import { forumCategoryPath, forumThreadPath } from '../../../common/forum';
import type { ForumPost, ForumThread } from '../../../common/schemas/forum';
import { isNotFound } from '../../lib/api';
import { localizePath, useLanguage } from '../../i18n/language';
import { usePageTitle } from '../../i18n/page-title';
import { useTranslation } from '../../i18n/react';
import { useSession } from '../../lib/session';
import { Navigate, useLocation, useNavigate, useParams } from '../../routing';
import { Badge } from '../../ui/badge';
import { Button } from '../../ui/button';
import { NotFound } from '../../ui/not-found';
import { QueryErrorAlert } from '../../ui/retry-alert';
import { SkeletonLines } from '../../ui/skeleton';
import { toast } from '../../ui/toast';
import { forumApi, useForumWrite, useThread } from './api';
import { PostAdminMenu, ThreadAdminMenu } from './components/admin-menu';
import { Crumbs, Pager } from './components/parts';
import { AnswerMark, PostView } from './components/post-view';
import { ReplyBox, type ReplyBoxHandle } from './components/reply-box';
import { pageNumber } from './page-number';

/** /forum/t/{id}/{slug}[/page/{n}]: a thread, its opening post and accepted answer, its replies 20 a page, and the reply box. */
export default function ThreadPage() {
  const { id: rawId = '', slug = '', page: rawPage } = useParams();
  const page = pageNumber(rawPage);
  const id = /^[1-9]\d{0,14}$/.test(rawId) ? Number(rawId) : null;
  if (page === null || id === null) return <NotFound />;
  return <Thread id={id} slug={slug} page={page} />;
}

function Thread({ id, slug, page }: { id: number; slug: string; page: number }) {
  const { t } = useTranslation('forum');
  const lang = useLanguage();
  const location = useLocation();
  const answer = useThread(id, page);
  const thread = answer.data?.thread;
  usePageTitle(page > 1 ? 'forumThreadPage.title' : 'forumThread.title', thread ? { title: thread.title, page: String(page) } : null);

  if (answer.isError && isNotFound(answer.error)) return <NotFound />;
  if (answer.isError) {
    return (
      <div className="mx-auto w-full max-w-3xl px-4 py-8">
        <QueryErrorAlert query={answer} retryLabel={t('retry')} fallback={t('thread.failed')} />
      </div>
    );
  }
  if (!answer.data || !thread) {
    return (
      <div aria-busy="true" className="mx-auto w-full max-w-3xl px-4 py-8 sm:py-12">
        <span className="sr-only">{t('loading')}</span>
        <SkeletonLines lines={['h-4 w-40', 'h-10 w-3/4', 'h-32 w-full', 'h-24 w-full', 'h-24 w-full']} />
      </div>
    );
  }
  // An old title's address leads to the current one, as the server's 301 does for a first visit.
  if (thread.slug !== slug) return <Navigate to={localizePath(forumThreadPath(thread.id, thread.slug, page), lang) + location.search + location.hash} replace />;
  return <ThreadView thread={thread} posts={answer.data.posts} page={page} pageCount={answer.data.pageCount} />;
}

function ThreadView({ thread, posts, page, pageCount }: { thread: ForumThread; posts: ForumPost[]; page: number; pageCount: number }) {
  const { t } = useTranslation('forum');
  const lang = useLanguage();
  const navigate = useNavigate();
  const { user } = useSession();
  const replyBox = useRef<ReplyBoxHandle>(null);
  const watch = useForumWrite(forumApi.watch);
  const markAnswer = useForumWrite(forumApi.markAnswer);
  const quote = thread.can.reply ? (post: { id: number; body: string; author: { username: string } }) => () => replyBox.current?.quote(post) : () => undefined;

  const opening = {
    id: thread.openingPostId,
    author: thread.author,
    body: thread.body,
    bodyHtml: thread.bodyHtml,
    images: thread.images,
    likeCount: thread.likeCount,
    liked: thread.liked,
    createdAt: thread.createdAt,
    editedAt: thread.editedAt,
    isHidden: thread.isHidden,
    hiddenReason: thread.hiddenReason,
    can: thread.can,
  };

  const answerButton = (post: ForumPost) =>
    thread.can.markAnswer && (
      <Button
        size="sm"
        variant="ghost"
        icon={<CheckCircle2 aria-hidden="true" className="size-4" />}
        loading={markAnswer.isPending}
        onClick={() => markAnswer.mutate([thread.id, post.isAnswer ? null : post.id], { onError: (err) => toast.error(err.message || t('answer.failed')) })}
      >
        {t(post.isAnswer ? 'answer.unmark' : 'answer.markAction')}
      </Button>
    );

  return (
    <div className="mx-auto w-full max-w-3xl space-y-6 px-4 py-8 sm:py-12">
      <Crumbs category={thread.category} />
      <header className="space-y-3">
        <h1 className="text-3xl font-extrabold tracking-tight break-words hyphens-auto sm:text-4xl" lang={thread.language}>
          {thread.title}
        </h1>
        <div className="flex flex-wrap items-center gap-2">
          {thread.isPinned && (
            <Badge className="inline-flex items-center gap-1">
              <Pin aria-hidden="true" className="size-3.5" />
              {t('thread.pinned')}
            </Badge>
          )}
          {thread.isLocked && (
            <Badge className="inline-flex items-center gap-1">
              <Lock aria-hidden="true" className="size-3.5" />
              {t('thread.locked')}
            </Badge>
          )}
          <Badge className="uppercase">{thread.language}</Badge>
          <span className="text-sm text-ink-muted">{t('thread.replies', { count: thread.replyCount })}</span>
          <span className="ml-auto flex flex-wrap gap-1">
            {user && (
              <Button
                size="sm"
                variant="ghost"
                aria-pressed={thread.watching}
                loading={watch.isPending}
                icon={thread.watching ? <BellOff aria-hidden="true" className="size-4" /> : <Bell aria-hidden="true" className="size-4" />}
                onClick={() => watch.mutate([thread.id, !thread.watching], { onError: (err) => toast.error(err.message || t('thread.watchFailed')) })}
              >
                {t(thread.watching ? 'thread.unwatch' : 'thread.watch')}
              </Button>
            )}
            {thread.can.moderate && <ThreadAdminMenu thread={thread} />}
          </span>
        </div>
      </header>
      <PostView
        post={opening}
        kind="thread"
        lang={thread.language}
        deleted={thread.isDeleted}
        reportTargetId={thread.id}
        onQuote={thread.can.reply ? quote({ id: thread.openingPostId, body: thread.body, author: thread.author }) : undefined}
        onSaveEdit={(body) => forumApi.updateThread(thread.id, { body })}
        onDelete={async () => {
          const { threadDeleted } = await forumApi.deleteThread(thread.id);
          if (threadDeleted) navigate(localizePath(forumCategoryPath(thread.category.slug), lang), { replace: true });
        }}
        className="border-t border-line"
      />
      {thread.answer && (
        <section aria-labelledby="forum-answer" className="rounded border-2 border-success bg-surface px-4">
          <h2 id="forum-answer" className="pt-4">
            <AnswerMark />
          </h2>
          <PostView
            post={thread.answer}
            kind="post"
            lang={thread.language}
            onSaveEdit={(body) => forumApi.updatePost(thread.answer!.id, body)}
            onDelete={() => forumApi.deletePost(thread.answer!.id)}
            extra={answerButton(thread.answer)}
            className="pt-2"
          />
        </section>
      )}
      <section aria-labelledby="forum-replies" className="space-y-2">
        <h2 id="forum-replies" className="sr-only">
          {t('thread.repliesHeading')}
        </h2>
        {posts.length === 0 ? (
          <p className="py-6 text-center text-ink-muted">{t('thread.noReplies')}</p>
        ) : (
          <ol className="divide-y divide-line border-y border-line">
            {posts.map((post) => (
              <li key={post.id}>
                {post.isAnswer && (
                  <p className="pt-4">
                    <AnswerMark />
                  </p>
                )}
                <PostView
                  post={post}
                  kind="post"
                  lang={thread.language}
                  onQuote={thread.can.reply ? quote(post) : undefined}
                  onSaveEdit={(body) => forumApi.updatePost(post.id, body)}
                  onDelete={() => forumApi.deletePost(post.id)}
                  extra={
                    <>
                      {answerButton(post)}
                      {post.can.moderate && <PostAdminMenu postId={post.id} hidden={post.isHidden} />}
                    </>
                  }
                />
              </li>
            ))}
          </ol>
        )}
        <Pager page={page} pageCount={pageCount} hrefFor={(n) => forumThreadPath(thread.id, thread.slug, n)} />
      </section>
      <ReplyBox ref={replyBox} thread={thread} />
    </div>
  );
}
