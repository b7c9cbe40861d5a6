import { TITLE_SUFFIX } from '../../common/constants';
import { LANGUAGES, withLanguage, type Language } from '../../common/languages';
import { pathTo, pathsByLanguage, profilePathTo, type RouteId } from '../../common/routes';
import { t } from '../i18n';

/** What a page puts into its document head. */
export interface Head {
  title: string;
  description: string;
  /** Absolute or root-relative image for link previews. */
  image?: string;
  type?: string;
  jsonLd?: Record<string, unknown> | Record<string, unknown>[];
  noindex?: boolean;
  /** Extra <link rel> tags, e.g. paging (prev/next). */
  links?: { rel: string; href: string }[];
}

/** A head with the page's address in each language, where it is not the page's own path in each. */
export type PageHead = Head & {
  alternates?: Partial<Record<Language, string>>;
  /** The cache tags of the data the head shows (a profile's user), so an edit clears the kept page. */
  tags?: string[];
};

/** Search engines show about 155 characters of a description. */
export const HEAD_DESCRIPTION_MAX = 155;

export interface CutOptions {
  /** Count characters (code points), so no emoji is split in half; else UTF-16 units. */
  codePoints?: boolean;
  /** What is taken off the end of a cut text before the ellipsis. */
  trailing?: RegExp;
}

/** How a profile's bio is cut: by characters, with dashes taken off the end. */
export const BIO_CUT: CutOptions = { codePoints: true, trailing: /[\s,.;:–-]+$/ };

/**
 * Cuts a text for a meta description at a word boundary and marks the cut with an ellipsis;
 * whitespace runs become one space. A word boundary in the first 60% is not worth the loss: then
 * the cut is mid-word.
 */
export function cutText(text: string, max: number = HEAD_DESCRIPTION_MAX, { codePoints = false, trailing = /[\s.,;:!?-]+$/ }: CutOptions = {}): string {
  const flat = text.replace(/\s+/g, ' ').trim();
  const chars = codePoints ? [...flat] : null;
  if ((chars ?? flat).length <= max) return flat;
  const cut = chars ? chars.slice(0, max - 1).join('') : flat.slice(0, max - 1);
  const space = cut.lastIndexOf(' ');
  return `${(space > max * 0.6 ? cut.slice(0, space) : cut).replace(trailing, '')}…`;
}

/** An absolute URL for JSON-LD, which search engines read without a base. */
export function absoluteUrl(publicUrl: string, pathOrUrl: string | null | undefined): string | undefined {
  if (!pathOrUrl) return undefined;
  return /^https?:\/\//.test(pathOrUrl) ? pathOrUrl : publicUrl + pathOrUrl;
}

/** The absolute address of a profile page (unprefixed). */
export function profileUrl(publicUrl: string, username: string): string {
  return publicUrl + profilePathTo(username);
}

/** The page number of `/{base}/page/{n}`: a positive integer without leading zeros, else null (404). */
export function pageParam(raw: string | undefined): number | null {
  if (raw === undefined) return 1;
  return /^[1-9]\d{0,5}$/.test(raw) ? Number(raw) : null;
}

/**
 * The head of a paged public list (`first` is page 1's route, `numbered` the route of page n,
 * each naming its seo texts): its own canonical per page (page 1 is the bare list), prev/next
 * links, and null for a page past the end.
 */
export function listHead(opts: { lang: Language; page: number; total: number; pageSize: number; first: RouteId; numbered: RouteId }): PageHead | null {
  const { lang, page, first, numbered } = opts;
  const lastPage = Math.max(1, Math.ceil(opts.total / opts.pageSize));
  if (page > lastPage) return null;
  const routeOf = (n: number): [RouteId, Record<string, number>] => (n === 1 ? [first, {}] : [numbered, { page: n }]);
  const links: { rel: string; href: string }[] = [];
  if (page > 1) links.push({ rel: 'prev', href: pathTo(...routeOf(page - 1), lang) });
  if (page < lastPage) links.push({ rel: 'next', href: pathTo(...routeOf(page + 1), lang) });
  const title = page === 1 ? t(lang, `seo:${first}.title`) : t(lang, `seo:${numbered}.title`, { page });
  const description = page === 1 ? t(lang, `seo:${first}.description`) : t(lang, `seo:${numbered}.description`, { page });
  return { title, description, links, alternates: pathsByLanguage(...routeOf(page)) };
}

const OG_LOCALES: Record<Language, string> = { en: 'en_US', de: 'de_DE', es: 'es_ES', fr: 'fr_FR', pt: 'pt_PT' };

export function escapeHtml(value: string): string {
  return value
    .replace(/&/g, '&amp;')
    .replace(/</g, '&lt;')
    .replace(/>/g, '&gt;')
    .replace(/"/g, '&quot;')
    .replace(/'/g, '&#39;');
}

// JSON inside a <script> block must not be able to close the block.
function safeJson(value: unknown): string {
  return JSON.stringify(value).replace(/</g, '\\u003c').replace(/>/g, '\\u003e').replace(/&/g, '\\u0026');
}

/** What an hreflang link names: a language, or `x-default` (the page for other languages, the English one). */
export type Hreflang = Language | 'x-default';

/**
 * A page's address in each language and its `x-default`, as its head links them and the sitemap
 * lists them (the two must agree): the page's own per-language paths where it has them (a
 * gallery spelled per language, a profile's canonical name), else its path under each prefix.
 */
export function hreflangLinks(
  publicUrl: string,
  path: string,
  alternates?: Partial<Record<Language, string>>,
  search = '',
): { hreflang: Hreflang; href: string }[] {
  const href = (l: Language) => publicUrl + (alternates?.[l] ?? withLanguage(path, l)) + search;
  return [...LANGUAGES.map((l) => ({ hreflang: l, href: href(l) })), { hreflang: 'x-default' as const, href: href('en') }];
}

/** Renders the head tags of a page; `path` is the unprefixed path, `alternates` the per-language paths. */
export function renderHead(
  head: Head,
  opts: { lang: Language; publicUrl: string; path: string; search?: string; alternates?: Partial<Record<Language, string>> },
): string {
  const { lang, publicUrl } = opts;
  const localized = (l: Language) => opts.alternates?.[l] ?? withLanguage(opts.path, l);
  const canonical = publicUrl + localized(lang) + (opts.search ?? '');
  const image = head.image ? (head.image.startsWith('http') ? head.image : publicUrl + head.image) : undefined;
  const title = head.title + TITLE_SUFFIX;
  const tags = [
    `<title>${escapeHtml(title)}</title>`,
    `<meta name="description" content="${escapeHtml(head.description)}">`,
    `<link rel="canonical" href="${escapeHtml(canonical)}">`,
    ...hreflangLinks(publicUrl, opts.path, opts.alternates, opts.search).map((l) => `<link rel="alternate" hreflang="${l.hreflang}" href="${escapeHtml(l.href)}">`),
    ...(head.links ?? []).map((l) => `<link rel="${escapeHtml(l.rel)}" href="${escapeHtml(publicUrl + l.href)}">`),
    `<meta property="og:site_name" content="Tattoo Guest Spots">`,
    `<meta property="og:title" content="${escapeHtml(head.title)}">`,
    `<meta property="og:description" content="${escapeHtml(head.description)}">`,
    `<meta property="og:type" content="${escapeHtml(head.type ?? 'website')}">`,
    `<meta property="og:url" content="${escapeHtml(canonical)}">`,
    `<meta property="og:locale" content="${OG_LOCALES[lang]}">`,
    ...(image
      ? [`<meta property="og:image" content="${escapeHtml(image)}">`, `<meta name="twitter:card" content="summary_large_image">`]
      : [`<meta name="twitter:card" content="summary">`]),
    ...(head.noindex ? ['<meta name="robots" content="noindex">'] : []),
    ...(head.jsonLd ? [`<script type="application/ld+json">${safeJson(head.jsonLd)}</script>`] : []),
  ];
  return tags.join('\n    ');
}
