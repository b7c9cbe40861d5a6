/** Longest slug: enough to read in a shared link; the thread's id makes it unique. */
const SLUG_MAX = 80;
const SPELLED: Record<string, string> = { ä: 'ae', ö: 'oe', ü: 'ue', ß: 'ss', æ: 'ae', œ: 'oe', ø: 'o', ł: 'l', đ: 'd', þ: 'th', ð: 'd' };

/**
 * A thread's path segment from its title: lowercase ASCII words joined by hyphens (German
 * umlauts spelled out, other accents dropped), cut at a word; "thread" when nothing is left.
 * It only reads well: the id in the path finds the thread, and an old slug redirects.
 */
export function threadSlug(title: string): string {
  const ascii = title
    .toLowerCase()
    .replace(/[äöüßæœøłđþð]/g, (c) => SPELLED[c] ?? c)
    .normalize('NFKD')
    .replace(/\p{M}+/gu, '')
    .replace(/&/g, ' and ')
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '');
  if (!ascii) return 'thread';
  if (ascii.length <= SLUG_MAX) return ascii;
  const cut = ascii.slice(0, SLUG_MAX + 1);
  const boundary = cut.lastIndexOf('-');
  return (boundary > SLUG_MAX / 2 ? cut.slice(0, boundary) : cut.slice(0, SLUG_MAX)).replace(/-+$/, '');
}
