import type { RawBuilder } from 'kysely';
import { isLanguage, FALLBACK_LANGUAGE, type Language } from '../../../common/languages';
import { forumThreadPath } from '../../../common/forum';
import { buildPath, profilePathTo } from '../../../common/routes';
import { todayInBerlin } from '../../../common/schemas/listing-fields';
import type { SearchType } from '../../../common/schemas/search';
import type { Db } from '../../db/index';
import type { SearchDocument } from './repo';
import * as sources from './sources-repo';
import { detectLanguage } from './text';

/**
 * The things search finds, one source per type: how its documents are made from its rows, and
 * when a document may be shown. A type without a source finds nothing and counts 0. Adding a
 * source is one entry here; its module keeps its documents current in its own transactions.
 */
export interface SearchSource {
  /** Documents for these ids; an id missing from the answer has none (gone, or not to be found). */
  load(db: Db, ids: number[]): Promise<Map<number, SearchDocument>>;
  /** Every row that has a document, with its document's `sortAt` (the rebuild, which writes them oldest first). */
  keys(db: Db): Promise<sources.SortKeyRow[]>;
  /** Whether a document (`d`) may be shown, checked against the live row on every search. */
  visible(today: string): RawBuilder<boolean>;
}

const language = (value: string | null | undefined): Language => (isLanguage(value) ? value : FALLBACK_LANGUAGE);

/** Style rows by the id of what they belong to. */
function byRef(rows: sources.StyleNameRow[]): Map<number, sources.StyleNameRow[]> {
  const out = new Map<number, sources.StyleNameRow[]>();
  for (const row of rows) out.set(row.ref_id, [...(out.get(row.ref_id) ?? []), row]);
  return out;
}

/** Style names as shown (in the document's language) and in every language: a German searcher finds "Realismus" in an English listing. */
function styleTexts(rows: sources.StyleNameRow[] | undefined, lang: Language): { shown: string; others: string } {
  const list = rows ?? [];
  return {
    shown: list.map((row) => row[`name_${lang}`]).join(', '),
    others: list.flatMap((row) => [row.name_en, row.name_de, row.name_es, row.name_fr, row.name_pt]).join(' '),
  };
}

const joinShown = (...parts: (string | null | undefined)[]) => parts.filter((p): p is string => !!p && p.trim() !== '').join(' · ');

async function profileDocs(db: Db, rows: sources.ProfileSourceRow[]): Promise<SearchDocument[]> {
  const listed = rows.filter((r) => r.role !== 'admin');
  const styleRows = byRef(await sources.findProfileStyles(db, listed.map((r) => r.id)));
  return listed.map((row) => {
    const lang = detectLanguage(row.bio ?? '', language(row.language));
    const styles = styleTexts(styleRows.get(row.id), lang);
    return {
      type: 'profiles',
      refId: row.id,
      ownerId: row.id,
      language: lang,
      title: row.name,
      titleExtra: row.username,
      body: joinShown(row.city, styles.shown, row.bio),
      bodyExtra: styles.others,
      url: profilePathTo(row.username),
      sortAt: row.updated_at,
    } satisfies SearchDocument;
  });
}

const profiles: SearchSource = {
  async load(db, ids) {
    const docs = await profileDocs(db, await sources.findProfiles(db, ids));
    return new Map(docs.map((d) => [d.refId, d]));
  },
  keys: sources.findProfileKeys,
  visible: sources.profileVisible,
};

function listingSource(type: 'guestspots' | 'availabilities', table: sources.ListingTable, detail: 'guestSpot' | 'tattooArtist'): SearchSource {
  const docs = async (db: Db, rows: sources.ListingSourceRow[], today: string): Promise<SearchDocument[]> => {
    // Only what the public lists show: active, not hidden, not ended.
    const shown = rows.filter((r) => r.is_active === 1 && !r.hidden_at && r.end_date >= today);
    const styleRows = byRef(await sources.findListingStyles(db, table, shown.map((r) => r.id)));
    return shown.map((row) => {
      const lang = detectLanguage(`${row.title}. ${row.description ?? ''}`, language(row.owner_language));
      const styles = styleTexts(styleRows.get(row.id), lang);
      return {
        type,
        refId: row.id,
        ownerId: row.owner_id,
        language: lang,
        title: row.title,
        body: joinShown(row.place, styles.shown, row.owner_name, row.description),
        bodyExtra: styles.others,
        url: buildPath(detail, { slug: row.slug }),
        sortAt: row.updated_at,
      } satisfies SearchDocument;
    });
  };
  return {
    async load(db, ids) {
      const made = await docs(db, await sources.findListings(db, table, ids), todayInBerlin());
      return new Map(made.map((d) => [d.refId, d]));
    },
    keys: (db) => sources.findListingKeys(db, table, todayInBerlin()),
    visible: sources.listingVisible(table),
  };
}

/** Posts of a thread its document holds at most, and characters of its body: one hit a thread, however long it runs. */
const THREAD_POSTS_MAX = 200;
const THREAD_BODY_MAX = 100_000;

/** Markdown as words: the link targets, code fences and markup characters left out. */
function markdownText(body: string): string {
  return body
    .replace(/```[^\n]*\n?/g, ' ')
    .replace(/\[([^\]]*)\]\([^)]*\)/g, '$1')
    .replace(/[*_`>#~]+/g, ' ')
    .replace(/\s+/g, ' ')
    .trim();
}

async function threadDocs(db: Db, rows: sources.ThreadSourceRow[]): Promise<SearchDocument[]> {
  const shown = rows.filter((r) => !r.hidden_at);
  const posts = await sources.findThreadPosts(db, shown.map((r) => r.id), THREAD_POSTS_MAX);
  return shown.map((row) => {
    const body = posts.filter((p) => p.thread_id === row.id).map((p) => markdownText(p.body)).join(' · ').slice(0, THREAD_BODY_MAX);
    return {
      type: 'threads',
      refId: row.id,
      ownerId: row.author_id,
      language: language(row.language),
      title: row.title,
      body,
      url: forumThreadPath(row.id, row.slug),
      sortAt: row.last_post_at,
    } satisfies SearchDocument;
  });
}

/** Forum threads: one hit a visible thread, its title, opening post and visible replies. */
const threads: SearchSource = {
  async load(db, ids) {
    const docs = await threadDocs(db, await sources.findThreads(db, ids));
    return new Map(docs.map((d) => [d.refId, d]));
  },
  keys: sources.findThreadKeys,
  visible: sources.threadVisible,
};

export const SOURCES: Partial<Record<SearchType, SearchSource>> = {
  profiles,
  guestspots: listingSource('guestspots', 'guest_spots', 'guestSpot'),
  availabilities: listingSource('availabilities', 'availabilities', 'tattooArtist'),
  threads,
};

