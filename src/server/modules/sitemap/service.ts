import { createHash } from 'node:crypto';
import { LANGUAGES } from '../../../common/languages';
import type { Config } from '../../config';
import { indexXml, urlsetXml } from './xml';
import type { SitemapSource } from './sources';

/** A file's name: its source and number (`profiles-2.xml`). */
const FILE_NAME = /^([a-z]+)-([1-9]\d{0,8})\.xml$/;

/** What the format of the files is; raised when it changes, so every ETag changes with it. */
const FORMAT = '1';

const etagOf = (...parts: string[]) => `"${createHash('sha1').update(parts.join('\u0000')).digest('base64url')}"`;

export interface SitemapFile {
  etag: string;
  /** The file's text in chunks, made as it is sent. */
  chunks: () => Iterable<string>;
}

/**
 * The sitemap index, its files and robots.txt. Each source is one family of files; the index asks
 * each which files it has. A file is read with one query (its id range) and written as it is sent.
 */
export function createSitemapService(deps: { config: Pick<Config, 'publicUrl'>; sources: readonly SitemapSource[] }) {
  const { publicUrl } = deps.config;
  const sources = new Map(deps.sources.map((s) => [s.name, s]));

  return {
    async index(): Promise<{ body: string; etag: string }> {
      const lists = await Promise.all(deps.sources.map(async (source) => (await source.files()).map((f) => ({ ...f, source: source.name }))));
      const body = indexXml(lists.flat().map((f) => ({ loc: `${publicUrl}/sitemaps/${f.source}-${f.n}.xml`, lastmod: f.lastmod })));
      return { body, etag: etagOf(FORMAT, body) };
    },

    /** A file by its name, or null for a name no source has (or an empty range). */
    async file(name: string): Promise<SitemapFile | null> {
      const match = FILE_NAME.exec(name);
      const source = match && sources.get(match[1] as string);
      if (!match || !source) return null;
      const pages = await source.pages(Number(match[2]));
      if (!pages) return null;
      // The ETag is taken from what the file is made of, so a 304 needs no XML written.
      const etag = etagOf(FORMAT, publicUrl, JSON.stringify(pages));
      return { etag, chunks: () => urlsetXml(publicUrl, pages) };
    },

    robots(): string {
      // The admin area answers under every language prefix.
      const admin = LANGUAGES.map((lang) => (lang === 'en' ? '/admin' : `/${lang}/admin`));
      return ['User-agent: *', 'Disallow: /api/', ...admin.map((path) => `Disallow: ${path}`), '', `Sitemap: ${publicUrl}/sitemap.xml`, ''].join('\n');
    },
  };
}

export type SitemapService = ReturnType<typeof createSitemapService>;
