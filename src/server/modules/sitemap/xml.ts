import { LANGUAGES } from '../../../common/languages';
import { hreflangLinks } from '../../http/head';
import type { SitemapPage } from './sources';

export const SITEMAP_NS = 'http://www.sitemaps.org/schemas/sitemap/0.9';
const XHTML_NS = 'http://www.w3.org/1999/xhtml';
const XML_DECLARATION = '<?xml version="1.0" encoding="UTF-8"?>\n';

export function escapeXml(value: string): string {
  return value.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;').replace(/'/g, '&apos;');
}

const lastmodTag = (lastmod: string | null) => (lastmod ? `<lastmod>${escapeXml(lastmod)}</lastmod>` : '');

/** The sitemap index: one `<sitemap>` per file, with the newest change among its pages. */
export function indexXml(files: { loc: string; lastmod: string | null }[]): string {
  const entries = files.map((f) => `<sitemap><loc>${escapeXml(f.loc)}</loc>${lastmodTag(f.lastmod)}</sitemap>\n`);
  return `${XML_DECLARATION}<sitemapindex xmlns="${SITEMAP_NS}">\n${entries.join('')}</sitemapindex>\n`;
}

/** Roughly how much text goes out at once: a few hundred URLs a chunk, not one string per row or one of megabytes. */
const CHUNK_CHARS = 64 * 1024;

/**
 * A sitemap file as text chunks: each page once per language, every `<url>` with the same
 * alternates (the five languages and x-default) its page's head links.
 */
export function* urlsetXml(publicUrl: string, pages: readonly SitemapPage[]): Generator<string> {
  let chunk = `${XML_DECLARATION}<urlset xmlns="${SITEMAP_NS}" xmlns:xhtml="${XHTML_NS}">\n`;
  for (const page of pages) {
    const links = hreflangLinks(publicUrl, page.alternates.en, page.alternates);
    const alternates = links.map((l) => `<xhtml:link rel="alternate" hreflang="${l.hreflang}" href="${escapeXml(l.href)}"/>`).join('');
    const lastmod = lastmodTag(page.lastmod);
    for (const lang of LANGUAGES) chunk += `<url><loc>${escapeXml(publicUrl + page.alternates[lang])}</loc>${lastmod}${alternates}</url>\n`;
    if (chunk.length >= CHUNK_CHARS) {
      yield chunk;
      chunk = '';
    }
  }
  yield `${chunk}</urlset>\n`;
}
