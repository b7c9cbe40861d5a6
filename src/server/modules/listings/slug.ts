/** Longest slug before any -n suffix; long enough to read, short enough for a shared link. */
export const SLUG_MAX = 60;

// Words the detail routes use next to the slug (/guestspot/new, /guestspots/manage, .../page/2).
const RESERVED = new Set(['new', 'edit', 'manage', 'page', 'neu', 'bearbeiten', 'by-slug']);

const GERMAN: Record<string, string> = { ä: 'ae', ö: 'oe', ü: 'ue', Ä: 'Ae', Ö: 'Oe', Ü: 'Ue', ß: 'ss', ẞ: 'SS' };
const LIGATURES: Record<string, string> = { æ: 'ae', Æ: 'AE', œ: 'oe', Œ: 'OE', ø: 'o', Ø: 'O', ł: 'l', Ł: 'L', đ: 'd', Đ: 'D', þ: 'th', ð: 'd' };

/**
 * A readable path segment from a title: lowercase ASCII, German umlauts as ae/oe/ue, other
 * accents dropped, words joined by hyphens, cut at a word boundary. Titles without any Latin
 * letter or digit fall back to `fallback`.
 */
export function slugify(title: string, fallback: string): string {
  const ascii = title
    .replace(/[äöüÄÖÜßẞ]/g, (c) => GERMAN[c] ?? c)
    .replace(/[æÆœŒøØłŁđĐþð]/g, (c) => LIGATURES[c] ?? c)
    .normalize('NFKD')
    .replace(/\p{M}+/gu, '')
    .toLowerCase()
    .replace(/&/g, ' and ')
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '');
  let slug = ascii;
  if (slug.length > SLUG_MAX) {
    const cut = slug.slice(0, SLUG_MAX + 1);
    const boundary = cut.lastIndexOf('-');
    slug = (boundary > SLUG_MAX / 2 ? cut.slice(0, boundary) : cut.slice(0, SLUG_MAX)).replace(/-+$/, '');
  }
  if (!slug || RESERVED.has(slug) || /^\d+$/.test(slug)) slug = slug ? `${fallback}-${slug}` : fallback;
  return slug;
}

/** The first of slug, slug-2, slug-3, ... that is not in `taken`. */
export function firstFreeSlug(base: string, taken: Iterable<string>): string {
  const used = new Set(taken);
  if (!used.has(base)) return base;
  for (let n = 2; ; n++) {
    const candidate = `${base}-${n}`;
    if (!used.has(candidate)) return candidate;
  }
}
