import { FORUM_PAGE_SIZE, forumCategoryPath, forumPath, forumThreadPath } from '../../../common/forum';
import { LANGUAGES, withLanguage, type Language } from '../../../common/languages';
import { matchRoute } from '../../../common/routes';
import type { Db } from '../../db/index';
import type { SitemapPage, SitemapSource } from '../sitemap/index';
import * as repo from './sitemap-repo';

/** Threads a file lists at most: each with its numbered pages, each page five URLs. */
export const THREADS_PER_FILE = 2_000;

const alternates = (path: string) => Object.fromEntries(LANGUAGES.map((lang) => [lang, withLanguage(path, lang)])) as Record<Language, string>;
const pageCount = (items: number) => Math.max(1, Math.ceil(items / FORUM_PAGE_SIZE));

/** Whether the app routes the forum's pages (the route table names /forum and a thread's path). */
const forumPagesRouted = () => matchRoute('/forum') !== null && matchRoute('/forum/t/1/thread') !== null;

/**
 * The forum's sitemap files (`forum-{n}.xml`): file n lists the visible threads of ids
 * (n-1)·perFile+1 to n·perFile, each with its numbered pages, so a thread stays in its file;
 * file 1 also lists /forum and every category with its numbered pages. Hidden threads are never
 * listed. Like the static source's map, there are no files while the app does not route the
 * forum's pages: a sitemap names only pages that answer.
 */
export function forumSitemapSource(db: Db, opts: { perFile?: number; routed?: () => boolean } = {}): SitemapSource {
  const perFile = opts.perFile ?? THREADS_PER_FILE;
  const routed = opts.routed ?? forumPagesRouted;
  return {
    name: 'forum',
    async files() {
      if (!routed()) return [];
      const files = await repo.threadFiles(db, perFile);
      const categories = await repo.categoryPages(db);
      const newest = categories.reduce<string | null>((m, c) => (c.lastmod && (!m || c.lastmod > m) ? c.lastmod : m), null);
      if (!files.some((f) => f.n === 1)) files.unshift({ n: 1, lastmod: newest });
      return files;
    },
    async pages(n) {
      if (!routed()) return null;
      const rows = await repo.threadPages(db, (n - 1) * perFile + 1, n * perFile);
      const pages: SitemapPage[] = [];
      if (n === 1) {
        const categories = await repo.categoryPages(db);
        pages.push({ alternates: alternates(forumPath()), lastmod: null });
        for (const c of categories) {
          for (let page = 1; page <= pageCount(Number(c.threads)); page++) pages.push({ alternates: alternates(forumCategoryPath(c.slug, page)), lastmod: c.lastmod });
        }
      } else if (rows.length === 0) {
        return null;
      }
      for (const row of rows) {
        for (let page = 1; page <= pageCount(row.reply_count); page++) pages.push({ alternates: alternates(forumThreadPath(row.id, row.slug, page)), lastmod: row.last_post_at });
      }
      return pages;
    },
  };
}
