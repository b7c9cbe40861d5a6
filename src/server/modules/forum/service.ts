import { forumPostPath, forumThreadPath } from '../../../common/forum';
import type { Language } from '../../../common/languages';
import {
  FORUM_PAGE_SIZE,
  type CreatePostInput,
  type ForumCategoryPage,
  type ForumPost,
  type ForumThread,
  type ForumThreadPage,
  type ForumThreadSummary,
  type ForumUpload,
  type PostModerationInput,
  type ThreadModerationInput,
  type UpdateThreadInput,
} from '../../../common/schemas/forum';
import type { SessionUser } from '../../../common/schemas/session';
import type { AppContext } from '../../context';
import { writeAudit } from '../../db/audit-log';
import { nowIso } from '../../db/index';
import type { ForumHiddenBy } from '../../db/schema';
import { AppError, forbidden } from '../../errors';
import { tags } from '../../lib/answer-cache/index';
import { defineChange, definePrompt, type PromptEvent } from '../../lib/outbox/index';
import { processImage, recordStoredImage, storeImage, variantRecord } from '../../lib/images/index';
import { consume, type Limit } from '../../lib/rate-limit/index';
import type { Announce, NotificationService } from '../notifications/index';
import { indexThread } from '../search/index';
import { mentionCandidates, RENDERER_VERSION, renderMarkdown, type Rendered } from './markdown';
import { createModeration } from './moderation';
import { forumPolicy } from './policy';
import { presentCategory, presentImage, presentPost, presentSummary, presentThread, type PostContext } from './presenter';
import * as repo from './repo';
import { threadSlug } from './slug';

const HOUR_MS = 60 * 60_000;
/** Threads and replies a member starts an hour, counted before any slow work. */
export const THREAD_LIMIT: Limit = { name: 'forumThread', max: 5, windowMs: HOUR_MS };
export const REPLY_LIMIT: Limit = { name: 'forumReply', max: 30, windowMs: HOUR_MS };
/** Previews a member renders a minute: the editor asks on each switch to its preview tab. */
export const PREVIEW_LIMIT: Limit = { name: 'forumPreview', max: 60, windowMs: 60_000 };
/** Uploads nobody attached within this time are dropped by the sweep. */
export const UPLOAD_TTL_MS = 24 * HOUR_MS;
/** Distinct members whose open reports hide a thread or reply until an admin decides. */
export const REPORTS_TO_HIDE = 3;

const threadNotFound = () => new AppError(404, 'forumThreadNotFound');
const postNotFound = () => new AppError(404, 'forumPostNotFound');
const categoryNotFound = () => new AppError(404, 'forumCategoryNotFound');
const pageNotFound = () => new AppError(404, 'forumPageNotFound');
const pageCountOf = (total: number) => Math.max(1, Math.ceil(total / FORUM_PAGE_SIZE));
const pageOf = (position: number) => Math.max(1, Math.ceil(position / FORUM_PAGE_SIZE));

export type ForumDeps = Pick<AppContext, 'db' | 'config' | 'rateLimits' | 'storage' | 'deleteFiles' | 'events' | 'listCache' | 'invalidation'> & Partial<Pick<AppContext, 'outbox'>> & {
  /** The bell's notices, written inside the forum's transactions. */
  notify: NotificationService['notify'];
};

/** What a report-queue action does to forum content inside the resolve's transaction. */
export interface ForumStep {
  before: Record<string, unknown>;
  after: Record<string, unknown>;
  afterCommit: () => Promise<void>;
}

export type ForumTarget = 'forum_thread' | 'forum_post';

export type ForumService = ReturnType<typeof createForumService>;

export function createForumService(deps: ForumDeps) {
  const { db, events } = deps;
  const moderate = createModeration(deps.config.forum.heldWords);
  const publicViewer: repo.ReplyViewer = { userId: null, admin: false };
  const viewerOf = (user: SessionUser | null): repo.ReplyViewer => ({ userId: user?.id ?? null, admin: forumPolicy.isAdmin(user) });
  /** The category counts (one grouped query over every visible thread), kept until a forum write clears them. */
  const categoryStats = () => deps.listCache.get('forum:categories', [tags.forum], () => repo.listCategories(db));
  // Every committed forum write clears the forum's cached pages and answers (tags.forum).
  const change = defineChange<Record<string, never>>(deps.outbox, deps.invalidation, 'forum.changed', () => [tags.forum]);
  /** A forum write in one transaction with its change's event; the forum's answers clear once it committed. */
  const writing = <T>(work: (trx: repo.Trx) => Promise<T>): Promise<T> =>
    change.around({}, (within) =>
      db.transaction().execute(async (trx) => {
        const result = await work(trx);
        await within(trx);
        return result;
      }),
    );

  async function publishToAdmins(event: Parameters<typeof events.publish>[1]) {
    const ids = await repo.adminIds(db);
    if (ids.length) events.publish(ids, event);
  }

  // Live events, written with the post and told by the writer right after the commit.
  const threadCreated = definePrompt<{ threadId: number; categoryId: number }>(deps.outbox, deps.invalidation, 'forum.thread-created', {
    deliver: ({ threadId, categoryId }) => publishToAdmins({ type: 'forum.thread.created', threadId, categoryId }),
  });
  const postCreated = definePrompt<{ threadId: number; postId: number; told: number[] }>(deps.outbox, deps.invalidation, 'forum.post-created', {
    async deliver({ threadId, postId, told }) {
      events.publish(told, { type: 'forum.post.created', threadId, postId });
    },
  });
  /** A live event written in `trx`, as the announce to run once it committed. */
  async function announcing<P>(trx: repo.Trx, event: PromptEvent<P>, payload: P): Promise<Announce> {
    const told = await event.emit(trx, payload);
    return () => event.committed(told, payload);
  }

  /** Counts a write against the hour's limit; a repeat of a client id already counted is free, so retries never hit the limit. */
  async function countAttempt(userId: number, limit: Limit, clientId: string | undefined, code: string): Promise<void> {
    if (clientId) {
      const { count } = await deps.rateLimits.hit(`forumClient:${userId}:${clientId}`, limit.windowMs);
      if (count > 1) return;
    }
    try {
      await consume(deps.rateLimits, limit, [`user:${userId}`]);
    } catch (error) {
      if (!(error instanceof AppError) || error.status !== 429) throw error;
      const seconds = Number(error.extra.retryAfter);
      throw new AppError(429, code, { max: limit.max, minutes: Math.max(1, Math.ceil(seconds / 60)) }, error.extra);
    }
  }

  /** Renders markdown with the mentions of users that exist linked; answers whom it addresses (mentions outside quotes). */
  async function render(body: string): Promise<Rendered & { addressedIds: number[] }> {
    const users = await repo.findUsersByKeys(db, mentionCandidates(body));
    const rendered = renderMarkdown(body, new Map(users.map((u) => [u.username_key, u.username])));
    const byKey = new Map(users.map((u) => [u.username_key, u.id]));
    return { ...rendered, addressedIds: rendered.addressed.flatMap((key) => byKey.get(key) ?? []) };
  }

  async function attach(trx: repo.Trx, postId: number, userId: number, imageIds: number[]): Promise<void> {
    if (imageIds.length === 0) return;
    if ((await repo.attachImages(trx, postId, userId, imageIds)) !== imageIds.length) throw new AppError(400, 'forumImagesInvalid', {}, { field: 'imageIds' });
  }

  /** The mentioned users' notices: not the author, nobody who blocked the author. */
  async function notifyMentions(trx: repo.Trx, input: { authorId: number; authorName: string; userIds: number[]; title: string; url: string }): Promise<Announce[]> {
    const others = input.userIds.filter((id) => id !== input.authorId);
    const blockers = await repo.blockersOf(trx, input.authorId, others);
    const announces: Announce[] = [];
    for (const userId of others) {
      if (blockers.has(userId)) continue;
      announces.push(await deps.notify(trx, { userId, kind: 'forum_mention', params: { name: input.authorName, title: input.title }, url: input.url }));
    }
    return announces;
  }

  async function contextFor(viewer: SessionUser | null, lang: Language, postIds: number[], answerPostId: number | null, open: boolean): Promise<PostContext> {
    const [images, liked] = await Promise.all([repo.imagesOf(db, postIds), viewer ? repo.likedBy(db, viewer.id, postIds) : Promise.resolve(new Set<number>())]);
    const byPost = new Map<number, ReturnType<typeof presentImage>[]>();
    for (const image of images) {
      if (image.post_id === null) continue;
      const list = byPost.get(image.post_id) ?? [];
      list.push(presentImage(image));
      byPost.set(image.post_id, list);
    }
    return { viewer, lang, images: byPost, liked, answerPostId, open };
  }

  /** A thread the viewer may see, else 404. */
  async function visibleThread(id: number, viewer: SessionUser | null): Promise<repo.ThreadRow> {
    const row = await repo.findThread(db, id);
    if (!row || !forumPolicy.sees(viewer, row)) throw threadNotFound();
    return row;
  }

  /** A post the viewer may see in a thread the viewer may see, else 404. */
  async function visiblePost(id: number, viewer: SessionUser | null): Promise<{ post: repo.PostRow; thread: repo.ThreadRow }> {
    const post = await repo.findPost(db, id);
    if (!post || !forumPolicy.sees(viewer, post)) throw postNotFound();
    const thread = await repo.findThread(db, post.thread_id);
    if (!thread || !forumPolicy.sees(viewer, thread)) throw postNotFound();
    return { post, thread };
  }

  const isOpen = (viewer: SessionUser | null, thread: repo.ThreadRow) => forumPolicy.replies(viewer, thread) && thread.hidden_at === null;

  async function presentThreadRow(row: repo.ThreadRow, viewer: SessionUser | null, lang: Language, extraPostIds: number[] = []): Promise<{ thread: ForumThread; ctx: PostContext }> {
    const answerRow = row.answer_post_id ? await repo.findPost(db, row.answer_post_id) : undefined;
    const answer = answerRow && answerRow.thread_id === row.id && forumPolicy.sees(viewer, answerRow) ? answerRow : undefined;
    const ids = [row.opening_post_id, ...extraPostIds, ...(answer ? [answer.id] : [])];
    const ctx = await contextFor(viewer, lang, ids, row.answer_post_id, isOpen(viewer, row));
    const watching = viewer ? await repo.isWatching(db, row.id, viewer.id) : false;
    return { thread: presentThread(row, { ...ctx, watching, answer: answer ? presentPost(answer, ctx) : null }), ctx };
  }

  async function threadAnswer(id: number, viewer: SessionUser | null, lang: Language): Promise<ForumThread> {
    return (await presentThreadRow(await visibleThread(id, viewer), viewer, lang)).thread;
  }

  async function postAnswer(id: number, viewer: SessionUser | null, lang: Language): Promise<ForumPost> {
    const { post, thread } = await visiblePost(id, viewer);
    const ctx = await contextFor(viewer, lang, [post.id], thread.answer_post_id, isOpen(viewer, thread));
    return presentPost(post, ctx);
  }

  /** The page of its thread a reply is on for `viewer`. */
  const pageOfPost = async (trx: repo.Trx | AppContext['db'], threadId: number, postId: number, viewer: repo.ReplyViewer) => pageOf(await repo.countReplies(trx, threadId, viewer, postId));

  // ---- reads ------------------------------------------------------------------------------

  async function categories(lang: Language) {
    return { categories: (await categoryStats()).map((row) => presentCategory(row, lang)) };
  }

  async function categoryThreads(slug: string, query: { page: number; language?: Language }, lang: Language): Promise<ForumCategoryPage> {
    const category = await repo.findCategoryBySlug(db, slug);
    if (!category) throw categoryNotFound();
    const total = await repo.countCategoryThreads(db, category.id, query.language);
    const pageCount = pageCountOf(total);
    if (query.page > pageCount) throw pageNotFound();
    const [rows, stats] = await Promise.all([
      repo.listCategoryThreads(db, category.id, { language: query.language, offset: (query.page - 1) * FORUM_PAGE_SIZE, limit: FORUM_PAGE_SIZE }),
      categoryStats(),
    ]);
    const own = stats.find((s) => s.id === category.id) ?? { ...category, thread_count: 0, post_count: 0, last_post_at: null };
    return { category: presentCategory(own, lang), threads: rows.map((row) => presentSummary(row, lang)), page: query.page, pageCount, total };
  }

  async function latest(limit: number, lang: Language): Promise<{ threads: ForumThreadSummary[] }> {
    return { threads: (await repo.latestThreads(db, limit)).map((row) => presentSummary(row, lang)) };
  }

  async function thread(id: number, page: number, viewer: SessionUser | null, lang: Language): Promise<ForumThreadPage> {
    const row = await visibleThread(id, viewer);
    const who = viewerOf(viewer);
    const pageCount = pageCountOf(await repo.countReplies(db, id, who));
    if (page > pageCount) throw pageNotFound();
    const replies = await repo.listReplies(db, id, who, { offset: (page - 1) * FORUM_PAGE_SIZE, limit: FORUM_PAGE_SIZE });
    const { thread: presented, ctx } = await presentThreadRow(row, viewer, lang, replies.map((r) => r.id));
    return { thread: presented, posts: replies.map((r) => presentPost(r, ctx)), page, pageCount };
  }

  // ---- writes -----------------------------------------------------------------------------

  async function createThread(user: SessionUser, input: { categoryId: number; title: string; body: string; language?: Language; imageIds: number[]; clientId?: string }, lang: Language) {
    if (!(await repo.findCategory(db, input.categoryId))) throw categoryNotFound();
    if (input.clientId) {
      const first = await repo.findThreadIdByClient(db, user.id, input.clientId);
      if (first) return { thread: await threadAnswer(first.id, user, lang), created: false };
    }
    await countAttempt(user.id, THREAD_LIMIT, input.clientId, 'forumThreadsPerHour');
    const rendered = await render(input.body);
    const now = nowIso();
    const done = await writing(async (trx) => {
      await repo.lockAuthor(trx, user.id);
      const repeat = input.clientId ? await repo.findThreadIdByClient(trx, user.id, input.clientId) : undefined;
      if (repeat) return { id: repeat.id, created: false, announces: [] as Announce[] };
      const verdict = await moderate(trx, { kind: 'thread', authorId: user.id, title: input.title, body: input.body, links: rendered.links, images: input.imageIds.length });
      const slug = threadSlug(input.title);
      const id = await repo.insertThread(trx, {
        category_id: input.categoryId,
        author_id: user.id,
        title: input.title,
        slug,
        language: input.language ?? lang,
        hidden_at: verdict.hold ? now : null,
        hidden_by: verdict.hold ? 'words' : null,
        last_post_at: now,
        client_id: input.clientId ?? null,
        created_at: now,
        updated_at: now,
      });
      if (id === null) throw threadNotFound();
      const postId = await repo.insertPost(trx, {
        thread_id: id, author_id: user.id, is_opening: 1, reply_to_post_id: null, body: input.body, body_html: rendered.html,
        renderer_version: RENDERER_VERSION, hidden_at: null, hidden_by: null, client_id: null, created_at: now, updated_at: now,
      });
      if (postId === null) throw threadNotFound();
      await attach(trx, postId, user.id, input.imageIds);
      await repo.autoWatch(trx, id, user.id, now);
      const announces = verdict.hold
        ? []
        : await notifyMentions(trx, { authorId: user.id, authorName: user.name, userIds: rendered.addressedIds, title: input.title, url: forumThreadPath(id, slug) });
      // The admins' open tabs hear of every new thread, a held one too.
      announces.push(await announcing(trx, threadCreated, { threadId: id, categoryId: input.categoryId }));
      await indexThread(trx, id);
      return { id, created: true, announces, categoryId: input.categoryId };
    });
    for (const announce of done.announces) await announce();
    return { thread: await threadAnswer(done.id, user, lang), created: done.created };
  }

  async function reply(user: SessionUser, threadId: number, input: Omit<CreatePostInput, 'imageIds'> & { imageIds: number[] }, lang: Language) {
    const row = await visibleThread(threadId, user);
    if (!forumPolicy.replies(user, row)) throw forbidden(row.hidden_at ? 'forumThreadHidden' : 'forumThreadLocked');
    const answerFor = async (postId: number) => ({ post: await postAnswer(postId, user, lang), page: await pageOfPost(db, threadId, postId, viewerOf(user)) });
    if (input.clientId) {
      const first = await repo.findPostIdByClient(db, user.id, input.clientId);
      if (first && first.thread_id !== threadId) throw new AppError(409, 'forumClientIdUsed');
      if (first) return { ...(await answerFor(first.id)), created: false };
    }
    const replyTo = input.replyToPostId ?? null;
    // The author of the post replied to (the editor's quote sets it) is addressed as a mention is.
    let quotedAuthorId: number | null = null;
    if (replyTo !== null) {
      const target = await repo.findPost(db, replyTo);
      if (!target || target.thread_id !== threadId || !forumPolicy.sees(user, target)) throw new AppError(400, 'forumReplyToInvalid', {}, { field: 'replyToPostId' });
      quotedAuthorId = target.author_id;
    }
    await countAttempt(user.id, REPLY_LIMIT, input.clientId, 'forumRepliesPerHour');
    const rendered = await render(input.body);
    const now = nowIso();
    const done = await writing(async (trx) => {
      await repo.lockAuthor(trx, user.id);
      const repeat = input.clientId ? await repo.findPostIdByClient(trx, user.id, input.clientId) : undefined;
      if (repeat) return { id: repeat.id, created: false, announces: [] as Announce[] };
      const verdict = await moderate(trx, { kind: 'reply', authorId: user.id, body: input.body, links: rendered.links, images: input.imageIds.length });
      const id = await repo.insertPost(trx, {
        thread_id: threadId, author_id: user.id, is_opening: 0, reply_to_post_id: replyTo, body: input.body, body_html: rendered.html,
        renderer_version: RENDERER_VERSION, hidden_at: verdict.hold ? now : null, hidden_by: verdict.hold ? 'words' : null,
        client_id: input.clientId ?? null, created_at: now, updated_at: now,
      });
      if (id === null) throw postNotFound();
      await attach(trx, id, user.id, input.imageIds);
      await repo.autoWatch(trx, threadId, user.id, now);
      let announces: Announce[] = [];
      if (!verdict.hold) {
        await repo.bumpThread(trx, threadId, 1, now);
        const url = forumPostPath(threadId, row.slug, await pageOfPost(trx, threadId, id, publicViewer), id);
        // One notice a person: the addressed get the mention, watchers not addressed the reply.
        const addressed = [...new Set(quotedAuthorId === null ? rendered.addressedIds : [...rendered.addressedIds, quotedAuthorId])];
        announces = await notifyMentions(trx, { authorId: user.id, authorName: user.name, userIds: addressed, title: row.title, url });
        const told = await repo.watchersToNotify(trx, threadId, user.id, addressed);
        for (const userId of told) announces.push(await deps.notify(trx, { userId, kind: 'forum_reply', params: { name: user.name, title: row.title }, url }));
        if (told.length) announces.push(await announcing(trx, postCreated, { threadId, postId: id, told }));
      }
      await indexThread(trx, threadId);
      return { id, created: true, announces };
    });
    for (const announce of done.announces) await announce();
    return { ...(await answerFor(done.id)), created: done.created };
  }

  /** An admin changing someone else's content: one audit entry in the change's transaction. */
  async function auditIfStaff(trx: repo.Trx, user: SessionUser, authorId: number, entry: { action: string; targetType: ForumTarget; targetId: number; details: Record<string, unknown> }) {
    if (user.id === authorId) return;
    await writeAudit(trx, { adminId: user.id, ...entry });
  }

  /** Holds a thread or reply for review when an edit brings in a listed word (an admin's own hiding stays as it is). */
  async function holdIn(trx: repo.Trx, target: { type: 'thread'; id: number } | { type: 'post'; id: number; threadId: number }, now: string) {
    if (target.type === 'thread') {
      const locked = await repo.lockThread(trx, target.id);
      if (locked && !locked.hidden_at) await repo.updateThreadRow(trx, target.id, { hidden_at: now, hidden_by: 'words', hidden_reason: null });
      return;
    }
    const locked = await repo.lockPost(trx, target.id);
    if (locked && !locked.hidden_at) {
      await repo.updatePostRow(trx, target.id, { hidden_at: now, hidden_by: 'words', hidden_reason: null });
      await repo.bumpThread(trx, target.threadId, -1);
    }
  }

  async function updateThread(user: SessionUser, id: number, input: UpdateThreadInput & { body?: string }, lang: Language) {
    const row = await visibleThread(id, user);
    if (!forumPolicy.manages(user, row)) throw forbidden();
    if (row.deleted_at) throw new AppError(409, 'forumThreadDeleted');
    if (input.categoryId !== undefined && !(await repo.findCategory(db, input.categoryId))) throw categoryNotFound();
    const rendered = input.body !== undefined ? await render(input.body) : null;
    const now = nowIso();
    await writing(async (trx) => {
      const locked = await repo.lockThread(trx, id);
      if (!locked || locked.deleted_at) throw threadNotFound();
      const verdict = await moderate(trx, { kind: 'edit', authorId: user.id, title: input.title, body: input.body ?? locked.body, links: rendered?.links ?? 0, images: 0 });
      const change = {
        ...(input.title !== undefined ? { title: input.title, slug: threadSlug(input.title) } : {}),
        ...(input.categoryId !== undefined ? { category_id: input.categoryId } : {}),
        ...(input.language !== undefined ? { language: input.language } : {}),
        updated_at: now,
      };
      await repo.updateThreadRow(trx, id, change);
      if (rendered || input.title !== undefined) {
        await repo.updatePostRow(trx, locked.opening_post_id, {
          ...(rendered ? { body: input.body as string, body_html: rendered.html, renderer_version: RENDERER_VERSION } : {}),
          edited_at: now,
          updated_at: now,
        });
      }
      if (verdict.hold) await holdIn(trx, { type: 'thread', id }, now);
      await auditIfStaff(trx, user, locked.author_id, {
        action: 'forum.thread.edit',
        targetType: 'forum_thread',
        targetId: id,
        details: { before: { title: locked.title, categoryId: locked.category_id, language: locked.language }, after: { title: input.title ?? locked.title, categoryId: input.categoryId ?? locked.category_id, language: input.language ?? locked.language, bodyChanged: !!rendered } },
      });
      await indexThread(trx, id);
    });
    return { thread: await threadAnswer(id, user, lang) };
  }

  async function updatePost(user: SessionUser, id: number, body: string, lang: Language) {
    const { post, thread: row } = await visiblePost(id, user);
    if (!forumPolicy.manages(user, post)) throw forbidden();
    if (post.is_opening === 1) {
      await updateThread(user, row.id, { body }, lang);
      return { post: await postAnswer(id, user, lang) };
    }
    const rendered = await render(body);
    const now = nowIso();
    await writing(async (trx) => {
      const locked = await repo.lockPost(trx, id);
      if (!locked) throw postNotFound();
      const verdict = await moderate(trx, { kind: 'edit', authorId: user.id, body, links: rendered.links, images: 0, postId: id });
      await repo.updatePostRow(trx, id, { body, body_html: rendered.html, renderer_version: RENDERER_VERSION, edited_at: now, updated_at: now });
      if (verdict.hold) await holdIn(trx, { type: 'post', id, threadId: row.id }, now);
      await auditIfStaff(trx, user, locked.author_id, { action: 'forum.post.edit', targetType: 'forum_post', targetId: id, details: { before: { body: locked.body }, after: { body } } });
      await indexThread(trx, row.id);
    });
    return { post: await postAnswer(id, user, lang) };
  }

  /**
   * Deletes a thread: gone with its replies when nobody else answered, else only its opening
   * post's content, which then reads "deleted by its author" and leaves the others' replies.
   */
  async function deleteThread(user: SessionUser, id: number): Promise<{ threadDeleted: boolean }> {
    const row = await visibleThread(id, user);
    if (!forumPolicy.manages(user, row)) throw forbidden();
    if (row.deleted_at) throw new AppError(409, 'forumThreadDeleted');
    const now = nowIso();
    const { files, whole } = await writing(async (trx) => {
      const locked = await repo.lockThread(trx, id);
      if (!locked || locked.deleted_at) throw threadNotFound();
      const keep = await repo.othersReplied(trx, id, locked.author_id);
      let urls: string[];
      if (keep) {
        urls = await repo.imageUrlsOf(trx, { postId: locked.opening_post_id });
        await repo.deleteImagesOfPost(trx, locked.opening_post_id);
        await repo.updatePostRow(trx, locked.opening_post_id, { body: '', body_html: '', updated_at: now });
        await repo.updateThreadRow(trx, id, { deleted_at: now, updated_at: now });
      } else {
        urls = await repo.imageUrlsOf(trx, { threadId: id });
        await repo.deleteThreadRow(trx, id);
      }
      await auditIfStaff(trx, user, locked.author_id, {
        action: 'forum.thread.delete',
        targetType: 'forum_thread',
        targetId: id,
        details: { before: { title: locked.title, body: locked.body }, after: { exists: keep, repliesKept: keep } },
      });
      await indexThread(trx, id);
      return { files: urls, whole: !keep };
    });
    if (files.length) await deps.deleteFiles(files);
    return { threadDeleted: whole };
  }

  async function deletePost(user: SessionUser, id: number): Promise<{ threadDeleted: boolean }> {
    const { post, thread: row } = await visiblePost(id, user);
    if (!forumPolicy.manages(user, post)) throw forbidden();
    if (post.is_opening === 1) return deleteThread(user, row.id);
    const files = await writing(async (trx) => {
      const locked = await repo.lockPost(trx, id);
      if (!locked) throw postNotFound();
      const urls = await repo.imageUrlsOf(trx, { postId: id });
      await repo.deletePostRow(trx, id);
      if (!locked.hidden_at) await repo.bumpThread(trx, row.id, -1);
      await repo.clearAnswer(trx, id);
      await auditIfStaff(trx, user, locked.author_id, { action: 'forum.post.delete', targetType: 'forum_post', targetId: id, details: { before: { body: locked.body }, after: { exists: false } } });
      await indexThread(trx, row.id);
      return urls;
    });
    if (files.length) await deps.deleteFiles(files);
    return { threadDeleted: false };
  }

  async function setLike(user: SessionUser, postId: number, on: boolean): Promise<{ liked: boolean; likeCount: number }> {
    const { post, thread: row } = await visiblePost(postId, user);
    if (post.hidden_at || row.hidden_at || (post.is_opening === 1 && row.deleted_at)) throw postNotFound();
    if (post.author_id === user.id) throw forbidden('forumLikeOwn');
    const now = nowIso();
    await writing((trx) => (on ? repo.addLike(trx, postId, user.id, now) : repo.removeLike(trx, postId, user.id)));
    return { liked: on, likeCount: await repo.likeCount(db, postId) };
  }

  async function setWatch(user: SessionUser, threadId: number, on: boolean): Promise<{ watching: boolean }> {
    await visibleThread(threadId, user);
    await repo.setWatch(db, threadId, user.id, on, nowIso());
    return { watching: on };
  }

  /** The thread's author marks one visible reply as the answer (or none), in a question-like category. */
  async function setAnswer(user: SessionUser, threadId: number, postId: number | null, lang: Language) {
    const row = await visibleThread(threadId, user);
    if (row.author_id !== user.id) throw forbidden('forumAnswerAuthorOnly');
    if (row.question_like !== 1) throw new AppError(400, 'forumAnswerNotQuestion');
    if (postId !== null) {
      const post = await repo.findPost(db, postId);
      if (!post || post.thread_id !== threadId || post.is_opening === 1 || post.hidden_at) throw postNotFound();
    }
    await writing((trx) => repo.updateThreadRow(trx, threadId, { answer_post_id: postId }));
    return { thread: await threadAnswer(threadId, user, lang) };
  }

  async function upload(user: SessionUser, buffer: Buffer): Promise<ForumUpload> {
    const processed = await processImage(buffer, 'gallery');
    const stored = await storeImage(deps.storage, processed, `forum/${user.id}`);
    const record = variantRecord(processed, stored);
    const id = await recordStoredImage(stored, deps.deleteFiles, () =>
      repo.insertUpload(db, {
        user_id: user.id,
        image_url: record.imageUrl,
        medium_url: record.mediumUrl,
        thumbnail_url: record.thumbnailUrl,
        width: record.width,
        height: record.height,
        created_at: nowIso(),
      }),
    );
    return { id, thumbnailUrl: record.thumbnailUrl, imageUrl: record.imageUrl };
  }

  /** The upload stored under `imageUrl`, when its row was written (a retry after a crash). */
  async function uploaded(user: SessionUser, imageUrl: string): Promise<ForumUpload | null> {
    const row = await repo.findUserUploadByUrl(db, user.id, imageUrl);
    return row ? { id: row.id, thumbnailUrl: row.thumbnail_url, imageUrl: row.image_url } : null;
  }

  async function preview(user: SessionUser, body: string): Promise<{ bodyHtml: string }> {
    await consume(deps.rateLimits, PREVIEW_LIMIT, [`user:${user.id}`]);
    return { bodyHtml: (await render(body)).html };
  }

  /** Drops uploads no post took within a day, rows first, then their files. */
  async function sweepUploads(now = new Date()): Promise<number> {
    const files = await repo.deleteWaitingUploads(db, new Date(now.getTime() - UPLOAD_TTL_MS).toISOString(), 500);
    if (files.length) await deps.deleteFiles(files);
    return files.length;
  }

  // ---- moderation -------------------------------------------------------------------------

  async function hideThreadIn(trx: repo.Trx, id: number, by: ForumHiddenBy, reason: string | null, now: string) {
    const locked = await repo.lockThread(trx, id);
    if (!locked) throw threadNotFound();
    await repo.updateThreadRow(trx, id, { hidden_at: locked.hidden_at ?? now, hidden_by: by, hidden_reason: reason, updated_at: now });
    await indexThread(trx, id);
    return locked;
  }

  async function hidePostIn(trx: repo.Trx, id: number, by: ForumHiddenBy, reason: string | null, now: string) {
    const locked = await repo.lockPost(trx, id);
    if (!locked) throw postNotFound();
    if (locked.is_opening === 1) throw new AppError(400, 'forumPostIsOpening');
    await repo.updatePostRow(trx, id, { hidden_at: locked.hidden_at ?? now, hidden_by: by, hidden_reason: reason, updated_at: now });
    if (!locked.hidden_at) await repo.bumpThread(trx, locked.thread_id, -1);
    await indexThread(trx, locked.thread_id);
    return locked;
  }

  async function unhidePostIn(trx: repo.Trx, id: number, now: string) {
    const locked = await repo.lockPost(trx, id);
    if (!locked) throw postNotFound();
    if (locked.is_opening === 1) throw new AppError(400, 'forumPostIsOpening');
    if (locked.hidden_at) {
      await repo.updatePostRow(trx, id, { hidden_at: null, hidden_by: null, hidden_reason: null, updated_at: now });
      await repo.bumpThread(trx, locked.thread_id, 1);
    }
    await indexThread(trx, locked.thread_id);
    return locked;
  }

  /** An admin's action on a thread, with its audit entry in the same transaction. */
  async function moderateThread(admin: SessionUser, id: number, input: ThreadModerationInput, lang: Language) {
    if (!(await repo.findThread(db, id))) throw threadNotFound();
    if (input.action === 'move' && !(await repo.findCategory(db, input.categoryId as number))) throw categoryNotFound();
    const now = nowIso();
    await writing(async (trx) => {
      const locked = await repo.lockThread(trx, id);
      if (!locked) throw threadNotFound();
      const before = { pinned: locked.is_pinned === 1, locked: locked.is_locked === 1, hidden: !!locked.hidden_at, categoryId: locked.category_id };
      const after = { ...before };
      if (input.action === 'pin' || input.action === 'unpin') {
        after.pinned = input.action === 'pin';
        await repo.updateThreadRow(trx, id, { is_pinned: after.pinned ? 1 : 0, updated_at: now });
      } else if (input.action === 'lock' || input.action === 'unlock') {
        after.locked = input.action === 'lock';
        await repo.updateThreadRow(trx, id, { is_locked: after.locked ? 1 : 0, updated_at: now });
      } else if (input.action === 'hide') {
        after.hidden = true;
        await hideThreadIn(trx, id, 'admin', input.reason ?? null, now);
      } else if (input.action === 'unhide') {
        after.hidden = false;
        await repo.updateThreadRow(trx, id, { hidden_at: null, hidden_by: null, hidden_reason: null, updated_at: now });
      } else {
        after.categoryId = input.categoryId as number;
        await repo.updateThreadRow(trx, id, { category_id: after.categoryId, updated_at: now });
      }
      await writeAudit(trx, { adminId: admin.id, action: `forum.thread.${input.action}`, targetType: 'forum_thread', targetId: id, reason: input.reason ?? null, details: { before, after } });
      await indexThread(trx, id);
    });
    return { thread: await threadAnswer(id, admin, lang) };
  }

  async function moderatePost(admin: SessionUser, id: number, input: PostModerationInput, lang: Language) {
    const post = await repo.findPost(db, id);
    if (!post) throw postNotFound();
    if (post.is_opening === 1) throw new AppError(400, 'forumPostIsOpening');
    const now = nowIso();
    await writing(async (trx) => {
      const locked = input.action === 'hide' ? await hidePostIn(trx, id, 'admin', input.reason ?? null, now) : await unhidePostIn(trx, id, now);
      await writeAudit(trx, {
        adminId: admin.id,
        action: `forum.post.${input.action}`,
        targetType: 'forum_post',
        targetId: id,
        reason: input.reason ?? null,
        details: { before: { hidden: !!locked.hidden_at }, after: { hidden: input.action === 'hide' } },
      });
    });
    return { post: await postAnswer(id, admin, lang) };
  }

  /**
   * After a report on forum content: once members' open reports on it come from
   * REPORTS_TO_HIDE distinct members, it is hidden until an admin decides (the queue's dismiss
   * shows it again).
   */
  async function reported(targetType: string, targetId: number): Promise<void> {
    if (targetType !== 'forum_thread' && targetType !== 'forum_post') return;
    const now = nowIso();
    await change.around({}, (within) =>
      db.transaction().execute(async (trx) => {
        if ((await repo.openReporters(trx, targetType, targetId)) < REPORTS_TO_HIDE) return;
        if (targetType === 'forum_thread') {
          const locked = await repo.lockThread(trx, targetId);
          if (locked && !locked.hidden_at) await hideThreadIn(trx, targetId, 'reports', null, now);
        } else {
          const locked = await repo.lockPost(trx, targetId);
          if (locked && !locked.hidden_at && locked.is_opening === 0) await hidePostIn(trx, targetId, 'reports', null, now);
        }
        await within(trx);
      }),
    );
  }

  /** The reports queue's steps on forum content, run inside the resolve's transaction. */
  const queueSteps = {
    async hideIn(trx: repo.Trx, type: ForumTarget, id: number, reason: string): Promise<ForumStep> {
      const now = nowIso();
      const locked = type === 'forum_thread' ? await hideThreadIn(trx, id, 'admin', reason, now) : await hidePostIn(trx, id, 'admin', reason, now);
      const events = await change.emit(trx, {});
      return { before: { hidden: !!locked.hidden_at }, after: { hidden: true }, afterCommit: async () => change.committed(events, {}) };
    },
    async removeIn(trx: repo.Trx, type: ForumTarget, id: number): Promise<ForumStep> {
      if (type === 'forum_thread') {
        const locked = await repo.lockThread(trx, id);
        if (!locked) throw threadNotFound();
        const files = await repo.imageUrlsOf(trx, { threadId: id });
        await repo.deleteThreadRow(trx, id);
        await indexThread(trx, id);
        const events = await change.emit(trx, {});
        const afterCommit = async () => {
          change.committed(events, {});
          await deps.deleteFiles(files);
        };
        return { before: { exists: true, title: locked.title, authorId: locked.author_id }, after: { exists: false }, afterCommit };
      }
      const locked = await repo.lockPost(trx, id);
      if (!locked) throw postNotFound();
      const files = await repo.imageUrlsOf(trx, { postId: id });
      await repo.deletePostRow(trx, id);
      if (!locked.hidden_at) await repo.bumpThread(trx, locked.thread_id, -1);
      await repo.clearAnswer(trx, id);
      await indexThread(trx, locked.thread_id);
      const events = await change.emit(trx, {});
      const afterCommit = async () => {
        change.committed(events, {});
        await deps.deleteFiles(files);
      };
      return { before: { exists: true, authorId: locked.author_id }, after: { exists: false }, afterCommit };
    },
    /** Dismissing the reports shows again what the reports alone had hidden. */
    async releaseIn(trx: repo.Trx, type: ForumTarget, id: number): Promise<ForumStep | null> {
      const now = nowIso();
      if (type === 'forum_thread') {
        const locked = await repo.lockThread(trx, id);
        if (!locked || locked.hidden_by !== 'reports') return null;
        await repo.updateThreadRow(trx, id, { hidden_at: null, hidden_by: null, hidden_reason: null, updated_at: now });
        await indexThread(trx, id);
      } else {
        const locked = await repo.lockPost(trx, id);
        if (!locked || locked.hidden_by !== 'reports') return null;
        await unhidePostIn(trx, id, now);
      }
      const events = await change.emit(trx, {});
      return { before: { hidden: true }, after: { hidden: false }, afterCommit: async () => change.committed(events, {}) };
    },
  };

  return {
    categories,
    categoryThreads,
    latest,
    thread,
    createThread,
    reply,
    updateThread,
    updatePost,
    deleteThread,
    deletePost,
    setLike,
    setWatch,
    setAnswer,
    upload,
    uploaded,
    preview,
    sweepUploads,
    moderateThread,
    moderatePost,
    reported,
    queueSteps,
    /** For account deletion: the files of the user's forum pictures and of the pictures in the user's threads. */
    filesOfUser: (userId: number) => repo.imageUrlsOfUser(db, userId),
  };
}
