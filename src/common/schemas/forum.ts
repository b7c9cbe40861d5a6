import { z } from 'zod';
import type { UserType } from '../constants';
import {
  FORUM_BODY_MAX,
  FORUM_IMAGES_MAX,
  FORUM_LATEST_DEFAULT,
  FORUM_LATEST_MAX,
  FORUM_MODERATION_REASON_MAX,
  FORUM_POST_ACTIONS,
  FORUM_THREAD_ACTIONS,
  FORUM_TITLE_MAX,
  FORUM_TITLE_MIN,
  type ForumPostAction,
  type ForumThreadAction,
} from '../forum';
import { LANGUAGES, type Language } from '../languages';
import { isInvisible, text } from '../text';
import { idNumber, MAX_ID, pathId } from './ids';

export * from '../forum';

/** The forum's calls (/api/forum/...). Every message is a key of the errors namespace. */

const emptyToUndefined = (v: unknown) => (typeof v === 'string' && v.trim() === '' ? undefined : v);

/** A title as kept: trimmed, 5-120 characters, something visible. */
const title = text('forumTitleLength')
  .trim()
  .min(FORUM_TITLE_MIN, 'forumTitleLength')
  .max(FORUM_TITLE_MAX, 'forumTitleLength')
  .refine((value) => !isInvisible(value), 'forumTitleLength');

/** A body as kept: line breaks as \n, trailing white space dropped, 1-20,000 characters of markdown. */
export const forumBody = text('forumBodyLength')
  .transform((value) => value.replace(/\r\n?/g, '\n').replace(/\s+$/u, ''))
  .pipe(z.string().max(FORUM_BODY_MAX, 'forumBodyLength').refine((value) => !isInvisible(value), 'forumBodyLength'));

const language = z.enum(LANGUAGES, 'forumLanguageInvalid');

const imageIds = z
  .array(idNumber('forumImagesInvalid'), 'forumImagesInvalid')
  .max(FORUM_IMAGES_MAX, 'forumImagesTooMany')
  .refine((ids) => new Set(ids).size === ids.length, 'forumImagesInvalid')
  .default([]);

/** The browser's UUID of one post, kept across retries: a repeat answers the first. */
const clientId = z.uuid('forumClientIdInvalid').optional();

/** POST /api/forum/threads; `language` defaults to the interface's. */
export const createThreadSchema = z.object({
  categoryId: idNumber('forumCategoryInvalid'),
  title,
  body: forumBody,
  language: language.optional(),
  imageIds,
  clientId,
});
export type CreateThreadInput = z.input<typeof createThreadSchema>;

/** POST /api/forum/threads/{id}/posts. */
export const createPostSchema = z.object({
  body: forumBody,
  replyToPostId: idNumber('forumReplyToInvalid').nullable().optional(),
  imageIds,
  clientId,
});
export type CreatePostInput = z.input<typeof createPostSchema>;

/** PUT /api/forum/threads/{id}: the fields sent change, at least one. */
export const updateThreadSchema = z
  .object({ title, body: forumBody, categoryId: idNumber('forumCategoryInvalid'), language })
  .partial()
  .refine((input) => Object.values(input).some((v) => v !== undefined), 'forumNothingToChange');
export type UpdateThreadInput = z.input<typeof updateThreadSchema>;

/** PUT /api/forum/posts/{id}. */
export const updatePostSchema = z.object({ body: forumBody });

/** POST /api/forum/preview. */
export const previewSchema = z.object({ body: forumBody });

/** POST /api/forum/threads/{id}/answer: the reply the thread's author marks as the answer. */
export const markAnswerSchema = z.object({ postId: idNumber('validation') });

const reason = text('adminReasonRequired').trim().max(FORUM_MODERATION_REASON_MAX, 'adminReasonTooLong');

/** POST /api/forum/threads/{id}/moderation: hiding needs a reason, moving a category. */
export const threadModerationSchema = z
  .object({
    action: z.enum(FORUM_THREAD_ACTIONS, 'moderationActionInvalid'),
    categoryId: idNumber('forumCategoryInvalid').optional(),
    reason: reason.optional(),
  })
  .superRefine((input, ctx) => {
    if (input.action === 'hide' && !input.reason) ctx.addIssue({ code: 'custom', message: 'adminReasonRequired', path: ['reason'] });
    if (input.action === 'move' && input.categoryId === undefined) ctx.addIssue({ code: 'custom', message: 'forumCategoryInvalid', path: ['categoryId'] });
  });
export type ThreadModerationInput = z.infer<typeof threadModerationSchema>;

/** POST /api/forum/posts/{id}/moderation. */
export const postModerationSchema = z
  .object({ action: z.enum(FORUM_POST_ACTIONS, 'moderationActionInvalid'), reason: reason.optional() })
  .superRefine((input, ctx) => {
    if (input.action === 'hide' && !input.reason) ctx.addIssue({ code: 'custom', message: 'adminReasonRequired', path: ['reason'] });
  });
export type PostModerationInput = z.infer<typeof postModerationSchema>;

/** `?page=`: a whole number from 1; past the columns' range it names no page (404). */
const page = z.preprocess(emptyToUndefined, z.coerce.number('forumPageInvalid').int('forumPageInvalid').min(1, 'forumPageInvalid').max(MAX_ID, 'forumPageNotFound').default(1));

export const categoryThreadsQuery = z.object({
  page,
  language: z.preprocess(emptyToUndefined, language.optional()),
});
export const threadQuery = z.object({ page });
export const latestThreadsQuery = z.object({
  limit: z.preprocess(
    emptyToUndefined,
    z.coerce.number('forumLimitInvalid').int('forumLimitInvalid').min(1, 'forumLimitInvalid').max(FORUM_LATEST_MAX, 'forumLimitInvalid').default(FORUM_LATEST_DEFAULT),
  ),
});

export const forumCategoryParams = z.object({ slug: z.string('forumCategoryNotFound').regex(/^[a-z0-9-]{1,60}$/, 'forumCategoryNotFound') });
export const forumThreadParams = z.object({ id: pathId('validation', 'forumThreadNotFound') });
export const forumPostParams = z.object({ id: pathId('validation', 'forumPostNotFound') });

export interface ForumAuthor {
  id: number;
  username: string;
  name: string;
  avatar: string | null;
  userType: UserType;
}

export interface ForumCategory {
  id: number;
  slug: string;
  name: string;
  description: string;
  /** Whether a reply can be marked as the answer (Technique & machines, Hygiene & aftercare). */
  questionLike: boolean;
  threadCount: number;
  postCount: number;
  lastPostAt: string | null;
}

/** A thread as the lists show it. */
export interface ForumThreadSummary {
  id: number;
  slug: string;
  title: string;
  author: ForumAuthor;
  language: Language;
  replyCount: number;
  isPinned: boolean;
  isLocked: boolean;
  createdAt: string;
  lastPostAt: string;
  category: { id: number; slug: string; name: string };
}

export interface ForumImage {
  id: number;
  thumbnailUrl: string;
  mediumUrl: string;
  imageUrl: string;
  width: number;
  height: number;
}

/** A reply (or the opening post, inside its thread). `bodyHtml` is sanitized HTML rendered on the server. */
export interface ForumPost {
  id: number;
  threadId: number;
  author: ForumAuthor;
  body: string;
  bodyHtml: string;
  images: ForumImage[];
  replyToPostId: number | null;
  likeCount: number;
  /** Whether the viewer likes it. */
  liked: boolean;
  isAnswer: boolean;
  createdAt: string;
  editedAt: string | null;
  /** Hidden by moderation (only its author and admins see it), with the reason in the reader's language or as the admin wrote it. */
  isHidden: boolean;
  hiddenReason: string | null;
  can: { edit: boolean; delete: boolean; like: boolean; report: boolean; moderate: boolean };
}

/** A thread with its opening post, as GET /api/forum/threads/{id} answers it. */
export interface ForumThread extends ForumThreadSummary {
  category: { id: number; slug: string; name: string; questionLike: boolean };
  openingPostId: number;
  body: string;
  bodyHtml: string;
  images: ForumImage[];
  likeCount: number;
  liked: boolean;
  /** The opening post was deleted by its author; the replies stay. */
  isDeleted: boolean;
  isHidden: boolean;
  hiddenReason: string | null;
  editedAt: string | null;
  /** The reply marked as the answer, shown under the opening post. */
  answer: ForumPost | null;
  /** Whether the viewer gets notified of replies. */
  watching: boolean;
  can: { edit: boolean; delete: boolean; reply: boolean; like: boolean; report: boolean; markAnswer: boolean; moderate: boolean };
}

export interface ForumThreadPage {
  thread: ForumThread;
  posts: ForumPost[];
  page: number;
  pageCount: number;
}

export interface ForumCategoryPage {
  category: ForumCategory;
  threads: ForumThreadSummary[];
  page: number;
  pageCount: number;
  total: number;
}

/** POST /api/forum/uploads. */
export interface ForumUpload {
  id: number;
  thumbnailUrl: string;
  imageUrl: string;
}

/** The live stream's forum events (GET /api/events). */
export type ForumLiveEvent =
  | { type: 'forum.thread.created'; threadId: number; categoryId: number }
  | { type: 'forum.post.created'; threadId: number; postId: number }
  | { type: 'report.created'; targetType: string; targetId: number };

export type { ForumPostAction, ForumThreadAction };
