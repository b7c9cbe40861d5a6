import { todayInBerlin } from '../../../common/listing-limits';
import type { Language } from '../../../common/languages';
import { pathsByLanguage, ROUTES, type RouteId } from '../../../common/routes';
import { LIST_PAGE_SIZE } from '../../../common/schemas/listing-fields';
import { isProfileSegment, profilePath } from '../../../common/username';
import type { Db } from '../../db/index';
import type { ListingKind } from '../listings/index';
import { createSitemapRepo, type FileRow, type ListingTable, type PageRow } from './repo';

/**
 * Pages a file lists at most: each is one `<url>` per language (five), so a file stays within the
 * protocol's 50,000 URLs.
 */
export const PAGES_PER_FILE = 10_000;

/** A public page: its path in each language (what its head's hreflang links name) and its last change. */
export interface SitemapPage {
  alternates: Record<Language, string>;
  lastmod: string | null;
}

/**
 * One family of sitemap files (`/sitemaps/{name}-{n}.xml`). File n of a keyset source holds the
 * ids of a fixed range, so a page stays in its file while others come and go.
 */
export interface SitemapSource {
  /** The file name's prefix: lowercase letters only. */
  name: string;
  /** The files there are now, each with the newest change among its pages. */
  files(): Promise<FileRow[]>;
  /** File n's pages in a stable order, or null when there is no such file. */
  pages(n: number): Promise<SitemapPage[] | null>;
}

/** A source over rows with ids: file n lists ids (n-1)·perFile+1 to n·perFile. */
function keysetSource(
  name: string,
  perFile: number,
  files: (perFile: number) => Promise<FileRow[]>,
  rows: (from: number, to: number) => Promise<PageRow[]>,
  page: (row: PageRow) => SitemapPage | null,
): SitemapSource {
  return {
    name,
    files: () => files(perFile),
    async pages(n) {
      const found = await rows((n - 1) * perFile + 1, n * perFile);
      if (found.length === 0) return null;
      return found.flatMap((row) => page(row) ?? []);
    },
  };
}

/** A list whose pages are `{base}` and `{base}/page/{n}`, with how many entries it has now. */
export interface PagedList {
  first: RouteId;
  numbered: RouteId;
  count: () => Promise<number>;
}

/**
 * The pages without rows of their own: home, the legal and contact pages, the gallery under its
 * five spellings, each list with its numbered pages, and the map once it is a route. The German
 * legal paths are second names of privacy and terms, and the login forms are nothing to find.
 */
const STATIC_ROUTES = ['home', 'aboutus', 'impressum', 'privacy', 'terms', 'contact', 'gallery', 'map'];

export function staticSource(lists: PagedList[]): SitemapSource {
  const routes = STATIC_ROUTES.filter((id): id is RouteId => id in ROUTES);
  const all = async (): Promise<SitemapPage[]> => {
    const pages: SitemapPage[] = routes.map((id) => ({ alternates: pathsByLanguage(id), lastmod: null }));
    for (const list of lists) {
      const pageCount = Math.max(1, Math.ceil((await list.count()) / LIST_PAGE_SIZE));
      pages.push({ alternates: pathsByLanguage(list.first), lastmod: null });
      for (let page = 2; page <= pageCount; page++) pages.push({ alternates: pathsByLanguage(list.numbered, { page }), lastmod: null });
    }
    return pages;
  };
  return {
    name: 'static',
    files: async () => [{ n: 1, lastmod: null }],
    pages: async (n) => (n === 1 ? all() : null),
  };
}

/** Every public profile at its canonical path (a name that is no profile path, say a since reserved one, is left out). */
export function profilesSource(db: Db, perFile = PAGES_PER_FILE): SitemapSource {
  const repo = createSitemapRepo(db);
  return keysetSource('profiles', perFile, repo.profileFiles, repo.profilePages, (row) => {
    const segment = profilePath(row.key);
    if (!isProfileSegment(segment)) return null;
    return { alternates: pathsByLanguage('profile', { username: segment }), lastmod: row.lastmod };
  });
}

/** A listing kind's detail pages that are public now, at their slug path. */
export function listingsSource(db: Db, name: string, kind: Pick<ListingKind, 'table' | 'owner' | 'pages'>, perFile = PAGES_PER_FILE): SitemapSource {
  const repo = createSitemapRepo(db);
  const table: ListingTable = kind.table;
  const owner = kind.owner === 'studio' ? 'studio_id' : 'artist_id';
  return keysetSource(
    name,
    perFile,
    (per) => repo.listingFiles(table, owner, todayInBerlin(), per),
    (from, to) => repo.listingPages(table, owner, todayInBerlin(), from, to),
    (row) => ({ alternates: pathsByLanguage(kind.pages.detailBySlug, { slug: row.key }), lastmod: row.lastmod }),
  );
}
