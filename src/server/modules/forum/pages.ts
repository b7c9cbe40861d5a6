import type { FastifyInstance } from 'fastify';
import { forumCategoryPath, forumThreadPath } from '../../../common/forum';
import { isLanguage, withLanguage, type Language } from '../../../common/languages';
import { matchRoute, pathsByLanguage, type RouteId } from '../../../common/routes';
import type { ForumThreadPage } from '../../../common/schemas/forum';
import { AppError } from '../../errors';
import { absoluteUrl, cutText, pageParam, profileUrl, type PageHead } from '../../http/head';
import { t } from '../../i18n';
import { forumPolicy } from './policy';
import * as repo from './repo';
import type { ForumService } from './service';

const THREAD_ROUTES = new Set<RouteId>(['forumThread', 'forumThreadPage']);

/** A forum call's "no such thing" (an unknown or hidden thread, a page past the end) is the page's 404. */
async function orNull<T>(load: () => Promise<T>): Promise<T | null> {
  try {
    return await load();
  } catch (error) {
    if (error instanceof AppError && (error.status === 404 || error.status === 400)) return null;
    throw error;
  }
}

/** Prev and next of a paged forum page: root-relative, in the page's language. */
function pagingLinks(page: number, pageCount: number, pathOf: (n: number) => string, lang: Language) {
  const links: { rel: string; href: string }[] = [];
  if (page > 1) links.push({ rel: 'prev', href: withLanguage(pathOf(page - 1), lang) });
  if (page < pageCount) links.push({ rel: 'next', href: withLanguage(pathOf(page + 1), lang) });
  return links;
}

/** A body's markdown read as plain text for a description: link texts kept, the marks dropped. */
export function plainText(markdown: string): string {
  return markdown
    .replace(/!?\[([^\]]*)\]\([^)]*\)/g, '$1')
    .replace(/^\s{0,3}(?:>\s?|#{1,6}\s+|[-*+]\s+|\d+[.)]\s+)/gm, '')
    .replace(/(\*\*|__|\*|_|~~|`)(?=\S)([^]*?\S)\1/g, '$2');
}

/** schema.org's DiscussionForumPosting of a thread page: the opening post, its counts and the replies shown. */
function threadJsonLd(answer: ForumThreadPage, url: string, publicUrl: string) {
  const { thread, posts } = answer;
  const person = (author: { name: string; username: string }) => ({ '@type': 'Person', name: author.name || author.username, url: profileUrl(publicUrl, author.username) });
  return {
    '@context': 'https://schema.org',
    '@type': 'DiscussionForumPosting',
    headline: thread.title,
    ...(thread.isDeleted ? {} : { text: thread.body }),
    url,
    inLanguage: thread.language,
    datePublished: thread.createdAt,
    ...(thread.editedAt ? { dateModified: thread.editedAt } : {}),
    author: person(thread.author),
    ...(thread.images[0] ? { image: absoluteUrl(publicUrl, thread.images[0].imageUrl) } : {}),
    isPartOf: { '@type': 'WebPage', name: thread.category.name, url: publicUrl + withLanguage(forumCategoryPath(thread.category.slug), thread.language) },
    interactionStatistic: [
      { '@type': 'InteractionCounter', interactionType: 'https://schema.org/CommentAction', userInteractionCount: thread.replyCount },
      { '@type': 'InteractionCounter', interactionType: 'https://schema.org/LikeAction', userInteractionCount: thread.likeCount },
    ],
    comment: posts
      .filter((post) => !post.isHidden)
      .map((post) => ({
        '@type': 'Comment',
        text: post.body,
        datePublished: post.createdAt,
        author: person(post.author),
        url: `${url}#post-${post.id}`,
      })),
  };
}

/**
 * The forum pages' heads (titles and descriptions from the seo texts, canonical and alternates,
 * prev/next, a thread's DiscussionForumPosting), and the 301 of a thread address whose slug is
 * no longer the title's. /forum and /forum/new take the static heads of their seo texts.
 */
export function registerForumPages(app: FastifyInstance, forum: ForumService): void {
  const categoryHead = async (slug: string, rawPage: string | undefined, language: Language | undefined, lang: Language): Promise<PageHead | null> => {
    const page = pageParam(rawPage);
    if (page === null) return null;
    const answer = await orNull(() => forum.categoryThreads(slug, { page, language }, lang));
    if (!answer) return null;
    const { category } = answer;
    const values = { name: category.name, description: category.description, page };
    return {
      title: t(lang, page > 1 ? 'seo:forumCategoryPage.title' : 'seo:forumCategory.title', values),
      description: cutText(t(lang, page > 1 ? 'seo:forumCategoryPage.description' : 'seo:forumCategory.description', values)),
      links: pagingLinks(page, answer.pageCount, (n) => forumCategoryPath(category.slug, n), lang),
      alternates: page > 1 ? pathsByLanguage('forumCategoryPage', { slug: category.slug, page }) : pathsByLanguage('forumCategory', { slug: category.slug }),
    };
  };
  for (const id of ['forumCategory', 'forumCategoryPage'] as const) {
    app.pages.heads.set(id, (match, { lang, request }) => {
      const raw = (request.query as Record<string, unknown> | undefined)?.language;
      return categoryHead(match.params.slug ?? '', match.params.page, typeof raw === 'string' && isLanguage(raw) ? raw : undefined, lang);
    });
    app.pages.sharedHeads.add(id);
  }

  // A hidden thread is its author's and the admins' only: the head depends on the viewer.
  for (const id of ['forumThread', 'forumThreadPage'] as const) {
    app.pages.heads.set(id, async (match, { lang, request, app: ctx }) => {
      const page = pageParam(match.params.page);
      const threadId = Number(match.params.id);
      if (page === null || !/^[1-9]\d{0,14}$/.test(match.params.id ?? '')) return null;
      const answer = await orNull(() => forum.thread(threadId, page, request.user, lang));
      if (!answer) return null;
      const { thread } = answer;
      const values = { title: thread.title, category: thread.category.name, author: thread.author.name || thread.author.username, page };
      const ownPath = forumThreadPath(thread.id, thread.slug, page);
      const body = thread.isDeleted ? '' : cutText(plainText(thread.body));
      return {
        title: t(lang, page > 1 ? 'seo:forumThreadPage.title' : 'seo:forumThread.title', values),
        description: body || t(lang, page > 1 ? 'seo:forumThreadPage.description' : 'seo:forumThread.description', values),
        type: 'article',
        image: thread.images[0]?.mediumUrl,
        noindex: thread.isHidden,
        jsonLd: threadJsonLd(answer, ctx.config.publicUrl + withLanguage(ownPath, lang), ctx.config.publicUrl),
        links: pagingLinks(page, answer.pageCount, (n) => forumThreadPath(thread.id, thread.slug, n), lang),
        alternates: page > 1 ? pathsByLanguage('forumThreadPage', { id: thread.id, slug: thread.slug, page }) : pathsByLanguage('forumThread', { id: thread.id, slug: thread.slug }),
      };
    });
  }

  // A thread keeps its id when its title (and so its slug) changes: an old address leads on.
  app.pages.redirects.push(async (pathname, { lang, app: ctx, viewer }) => {
    if (!pathname.includes('/forum/t/')) return null;
    const match = matchRoute(pathname);
    if (!match || !THREAD_ROUTES.has(match.id) || !/^[1-9]\d{0,14}$/.test(match.params.id ?? '')) return null;
    const row = await repo.findThread(ctx.db, Number(match.params.id));
    if (!row || !forumPolicy.sees(viewer, row) || row.slug === match.params.slug) return null;
    const page = pageParam(match.params.page);
    return withLanguage(forumThreadPath(row.id, row.slug, page ?? 1), lang);
  });
}
