// The forum's limits and paths, apart from its schemas so the browser's lists and editor can
// read them without loading the validation library.

export const FORUM_TITLE_MIN = 5;
export const FORUM_TITLE_MAX = 120;
export const FORUM_BODY_MIN = 1;
export const FORUM_BODY_MAX = 20_000;
/** Threads of a category page and replies of a thread page. */
export const FORUM_PAGE_SIZE = 20;
export const FORUM_LATEST_DEFAULT = 3;
export const FORUM_LATEST_MAX = 10;
/** Pictures one post may carry. */
export const FORUM_IMAGES_MAX = 4;
export const FORUM_MODERATION_REASON_MAX = 500;

/** The categories every install has, in their order; the two question-like ones take an answer. */
export const FORUM_CATEGORY_SLUGS = [
  'guest-spots-travel',
  'technique-machines',
  'hygiene-aftercare',
  'business-studio-life',
  'designs-critique',
  'conventions-events',
  'introduce-yourself',
  'about-this-platform',
] as const;
export type ForumCategorySlug = (typeof FORUM_CATEGORY_SLUGS)[number];
export const FORUM_QUESTION_CATEGORIES: readonly ForumCategorySlug[] = ['technique-machines', 'hygiene-aftercare'];

export const FORUM_THREAD_ACTIONS = ['pin', 'unpin', 'lock', 'unlock', 'hide', 'unhide', 'move'] as const;
export type ForumThreadAction = (typeof FORUM_THREAD_ACTIONS)[number];
export const FORUM_POST_ACTIONS = ['hide', 'unhide'] as const;
export type ForumPostAction = (typeof FORUM_POST_ACTIONS)[number];

/*
 * The forum's pages, without language prefix (the app and the sitemap add it): /forum,
 * /forum/c/{slug}[/page/{n}], /forum/t/{id}/{slug}[/page/{n}]. Page 1 has no /page/1.
 */
const paged = (path: string, page = 1) => (page > 1 ? `${path}/page/${page}` : path);

export const forumPath = () => '/forum';
export const forumCategoryPath = (slug: string, page = 1) => paged(`/forum/c/${encodeURIComponent(slug)}`, page);
export const forumThreadPath = (id: number, slug: string, page = 1) => paged(`/forum/t/${id}/${encodeURIComponent(slug)}`, page);
/** A post's place: its thread page with the post's anchor. */
export const forumPostPath = (threadId: number, slug: string, page: number, postId: number) => `${forumThreadPath(threadId, slug, page)}#post-${postId}`;
