import { LANGUAGES, withLanguage, type Language } from '../../../common/languages';
import { profilePath } from '../../../common/username';
import type { Head } from '../../http/head';
import { t } from '../../i18n';

/** Search engines show about 155 characters of a description. */
export const HEAD_DESCRIPTION_MAX = 155;

type PageHead = Head & { alternates?: Partial<Record<Language, string>> };

/** Cuts a text at a word boundary and marks the cut with an ellipsis; whitespace runs become one space. */
export function cutText(text: string, max: number = HEAD_DESCRIPTION_MAX): string {
  const flat = text.replace(/\s+/g, ' ').trim();
  if (flat.length <= max) return flat;
  const cut = flat.slice(0, max - 1);
  const space = cut.lastIndexOf(' ');
  return `${(space > max * 0.6 ? cut.slice(0, space) : cut).replace(/[\s.,;:!?-]+$/, '')}…`;
}

/** The same unprefixed path in every language (for alternates and a canonical elsewhere). */
export function everyLanguage(path: string): Record<Language, string> {
  return Object.fromEntries(LANGUAGES.map((l) => [l, withLanguage(path, l)])) as Record<Language, string>;
}

/** An absolute URL for JSON-LD, which search engines read without a base. */
export function absoluteUrl(publicUrl: string, pathOrUrl: string | null | undefined): string | undefined {
  if (!pathOrUrl) return undefined;
  return /^https?:\/\//.test(pathOrUrl) ? pathOrUrl : publicUrl + pathOrUrl;
}

export function profileUrl(publicUrl: string, username: string): string {
  return `${publicUrl}/${encodeURIComponent(profilePath(username))}`;
}

/** The page number of `/{base}/page/{n}`: a positive integer without leading zeros, else null (404). */
export function pageParam(raw: string | undefined): number | null {
  if (raw === undefined) return 1;
  return /^[1-9]\d{0,5}$/.test(raw) ? Number(raw) : null;
}

/**
 * The head of a paged public list: its own canonical per page (page 1 is the bare list),
 * prev/next links, and null for a page past the end.
 */
export function listHead(opts: {
  lang: Language;
  page: number;
  total: number;
  pageSize: number;
  basePath: string;
  routeId: string;
}): PageHead | null {
  const { lang, page, basePath } = opts;
  const lastPage = Math.max(1, Math.ceil(opts.total / opts.pageSize));
  if (page > lastPage) return null;
  const pathOf = (n: number) => (n === 1 ? basePath : `${basePath}/page/${n}`);
  const links: { rel: string; href: string }[] = [];
  if (page > 1) links.push({ rel: 'prev', href: withLanguage(pathOf(page - 1), lang) });
  if (page < lastPage) links.push({ rel: 'next', href: withLanguage(pathOf(page + 1), lang) });
  const title = page === 1 ? t(lang, `seo:${opts.routeId}.title`) : t(lang, `seo:${opts.routeId}Page.title`, { page });
  const description = page === 1 ? t(lang, `seo:${opts.routeId}.description`) : t(lang, `seo:${opts.routeId}Page.description`, { page });
  return { title, description, links, alternates: everyLanguage(pathOf(page)) };
}
