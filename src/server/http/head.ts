import { TITLE_SUFFIX } from '../../common/constants';
import { LANGUAGES, withLanguage, type Language } from '../../common/languages';

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
    ...LANGUAGES.map((l) => `<link rel="alternate" hreflang="${l}" href="${escapeHtml(publicUrl + localized(l) + (opts.search ?? ''))}">`),
    `<link rel="alternate" hreflang="x-default" href="${escapeHtml(publicUrl + localized('en') + (opts.search ?? ''))}">`,
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
