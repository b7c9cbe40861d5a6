import type { UserType } from '../../../common/constants';
import type { Language } from '../../../common/languages';
import type { ForumAuthor, ForumCategory, ForumImage, ForumPost, ForumThread, ForumThreadSummary } from '../../../common/schemas/forum';
import type { SessionUser } from '../../../common/schemas/session';
import type { ForumHiddenBy } from '../../db/schema';
import { t } from '../../i18n';
import { forumPolicy } from './policy';
import type * as repo from './repo';

const localized = (row: { name_en: string; name_de: string; name_es: string; name_fr: string; name_pt: string }, lang: Language) => row[`name_${lang}`];

export function presentAuthor(row: { author_id: number; author_username: string; author_name: string; author_avatar: string | null; author_user_type: string }): ForumAuthor {
  return { id: row.author_id, username: row.author_username, name: row.author_name, avatar: row.author_avatar, userType: row.author_user_type as UserType };
}

export function presentCategory(row: repo.CategoryStatsRow, lang: Language): ForumCategory {
  return {
    id: row.id,
    slug: row.slug,
    name: localized(row, lang),
    description: row[`description_${lang}`],
    questionLike: row.question_like === 1,
    threadCount: Number(row.thread_count),
    postCount: Number(row.post_count ?? 0),
    lastPostAt: row.last_post_at,
  };
}

export function presentSummary(row: repo.ThreadSummaryRow, lang: Language): ForumThreadSummary {
  return {
    id: row.id,
    slug: row.slug,
    title: row.title,
    author: presentAuthor(row),
    language: row.language as Language,
    replyCount: row.reply_count,
    isPinned: row.is_pinned === 1,
    isLocked: row.is_locked === 1,
    createdAt: row.created_at,
    lastPostAt: row.last_post_at,
    category: { id: row.category_id, slug: row.category_slug, name: localized(row, lang) },
  };
}

export function presentImage(row: repo.ImageRow): ForumImage {
  return { id: row.id, thumbnailUrl: row.thumbnail_url, mediumUrl: row.medium_url, imageUrl: row.image_url, width: row.width, height: row.height };
}

/** Why something is hidden, for its author and admins: an admin's own words, else the rule's text in the reader's language. */
export function hiddenReason(lang: Language, row: { hidden_at: string | null; hidden_by: ForumHiddenBy | null; hidden_reason: string | null }): string | null {
  if (!row.hidden_at) return null;
  if (row.hidden_by === 'words') return t(lang, 'forumHeldForReview');
  if (row.hidden_by === 'reports') return t(lang, 'forumHiddenByReports');
  return row.hidden_reason;
}

const escapeHtml = (text: string) => text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');

/** What a deleted opening post reads, in the reader's language. */
export const deletedBody = (lang: Language) => `<p><em>${escapeHtml(t(lang, 'forumDeletedByAuthor'))}</em></p>`;

export interface PostContext {
  viewer: SessionUser | null;
  lang: Language;
  images: Map<number, ForumImage[]>;
  liked: Set<number>;
  answerPostId: number | null;
  /** Whether the thread takes replies and likes now (not locked or hidden for the viewer). */
  open: boolean;
}

export function presentPost(row: repo.PostRow, ctx: PostContext): ForumPost {
  return {
    id: row.id,
    threadId: row.thread_id,
    author: presentAuthor(row),
    body: row.body,
    bodyHtml: row.body_html,
    images: ctx.images.get(row.id) ?? [],
    replyToPostId: row.reply_to_post_id,
    likeCount: row.like_count,
    liked: ctx.liked.has(row.id),
    isAnswer: ctx.answerPostId === row.id,
    createdAt: row.created_at,
    editedAt: row.edited_at,
    isHidden: row.hidden_at !== null,
    hiddenReason: hiddenReason(ctx.lang, row),
    can: forumPolicy.canPost(ctx.viewer, row, ctx.open),
  };
}

export interface ThreadContext extends PostContext {
  watching: boolean;
  answer: ForumPost | null;
}

export function presentThread(row: repo.ThreadRow, ctx: ThreadContext): ForumThread {
  const deleted = row.deleted_at !== null;
  return {
    ...presentSummary(row, ctx.lang),
    category: { id: row.category_id, slug: row.category_slug, name: localized(row, ctx.lang), questionLike: row.question_like === 1 },
    openingPostId: row.opening_post_id,
    body: deleted ? '' : row.body,
    bodyHtml: deleted ? deletedBody(ctx.lang) : row.body_html,
    images: deleted ? [] : (ctx.images.get(row.opening_post_id) ?? []),
    likeCount: row.like_count,
    liked: ctx.liked.has(row.opening_post_id),
    isDeleted: deleted,
    isHidden: row.hidden_at !== null,
    hiddenReason: hiddenReason(ctx.lang, row),
    editedAt: row.edited_at,
    answer: ctx.answer,
    watching: ctx.watching,
    can: forumPolicy.canThread(ctx.viewer, row),
  };
}
