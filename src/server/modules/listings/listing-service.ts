import type { Language } from '../../../common/languages';
import { MATCHES_LIMIT, todayUtc, type MatchReasons, type StyleRef } from '../../../common/schemas/listing-fields';
import type { SessionUser } from '../../../common/schemas/session';
import { nowIso } from '../../db/index';
import { AppError } from '../../errors';
import type { ListingRepo, ListingValues, LockedRow } from './listing-repo';
import { MATCH_CANDIDATES, rankMatches, scoreMatch, type Matchable } from './matching';
import { authorizeManage, canManage } from './policy';
import { groupStyles } from './present';
import { isUniqueViolation } from './repo';
import { firstFreeSlug, slugify } from './slug';

// Creates racing for one slug retry with the next free one; the last attempt locks out other
// creates, so it cannot collide and the retries always end.
const SLUG_ATTEMPTS = 4;

/** The dates a listing has after an update must be in order: a new start alone must not pass the stored end. */
function checkDates(input: { startDate?: string; endDate?: string }, row: { start_date: string; end_date: string }): void {
  if ((input.endDate ?? row.end_date) < (input.startDate ?? row.start_date)) {
    throw new AppError(400, 'endBeforeStart', {}, { field: 'endDate', fields: { endDate: 'endBeforeStart' } });
  }
}

/**
 * The rules guest spots and availabilities share: presenting rows with their styles, slugs,
 * who sees an inactive listing, who may change or delete one, and the owner lists. Each kind's
 * service adds what differs: its fields on create and update, and its matching.
 */
export function createListingCore<Row extends { id: number; slug: string; is_active: number }, Item, Values extends ListingValues>(opts: {
  repo: ListingRepo<Row, Values>;
  presentOne: (row: Row, styles: StyleRef[]) => Item;
  ownerOf: (row: Row) => number;
  /** The error code of a missing (or hidden) listing. */
  notFoundCode: string;
  /** The slug of a title that has no letters or digits. */
  slugFallback: string;
}) {
  const { repo, presentOne, ownerOf } = opts;
  const notFound = () => new AppError(404, opts.notFoundCode);
  const visibleTo = (viewer: SessionUser | null, row: Row) => row.is_active === 1 || canManage(viewer, ownerOf(row));

  async function present(rows: Row[], lang: Language): Promise<Item[]> {
    const styles = groupStyles(await repo.stylesOf(rows.map((r) => r.id), lang));
    return rows.map((r) => presentOne(r, styles.get(r.id) ?? []));
  }

  async function load(id: number, lang: Language): Promise<Item> {
    const row = await repo.findById(id, lang);
    if (!row) throw notFound();
    return (await present([row], lang))[0] as Item;
  }

  /** One listing for a page, or null for nothing to show (the page head answers 404 then). */
  async function findForPage(viewer: SessionUser | null, key: { id: number } | { slug: string }, lang: Language): Promise<Item | null> {
    const row = 'id' in key ? await repo.findById(key.id, lang) : await repo.findBySlug(key.slug, lang);
    if (!row || !visibleTo(viewer, row)) return null;
    return (await present([row], lang))[0] as Item;
  }

  /**
   * The stored row of a listing the user may change (404 when missing, 401 for visitors, 403 for
   * others), checked against the update's dates; answers these before the other fields are judged.
   */
  async function ownRow(user: SessionUser | null, id: number, input: { startDate?: string; endDate?: string } = {}) {
    const row = await repo.findOwnRow(id);
    if (!row) throw notFound();
    authorizeManage(user, row.owner_id);
    checkDates(input, row);
    return row;
  }

  return {
    notFound,
    present,
    load,
    ownRow,
    findForPage,

    /**
     * Inserts under the first free slug, read in the insert's transaction. A concurrent create
     * taking the same slug fails the unique index, which aborts the whole transaction on
     * PostgreSQL, so the whole transaction is retried.
     */
    async insertWithSlug(ownerId: number, title: string, values: Values, styleIds: number[]): Promise<number> {
      const base = slugify(title, opts.slugFallback);
      const now = nowIso();
      for (let attempt = 1; ; attempt++) {
        const last = attempt >= SLUG_ATTEMPTS;
        try {
          return await repo.transaction(async (trx) => {
            if (last) await repo.lockForInsert(trx);
            const slug = firstFreeSlug(base, await repo.slugsLike(trx, base));
            return repo.insert(trx, { ...values, owner_id: ownerId, slug, created_at: now, updated_at: now }, styleIds);
          });
        } catch (error) {
          if (last || !isUniqueViolation(error)) throw error;
        }
      }
    },

    /**
     * Writes an update in one transaction from the row read `FOR UPDATE`: only the fields sent
     * (`build` answers them) and the dates sent are written, and derived columns are computed
     * from the locked row, so a concurrent edit of other fields is neither reverted nor missing
     * from the search text. `styleIds` (when given) replace the style links.
     */
    async updateLocked(
      user: SessionUser | null,
      id: number,
      input: { startDate?: string; endDate?: string },
      build: (row: LockedRow<Values>) => Partial<Values>,
      styleIds: number[] | undefined,
    ): Promise<void> {
      await repo.transaction(async (trx) => {
        const row = await repo.lockOwnRow(trx, id);
        if (!row) throw notFound();
        authorizeManage(user, row.owner_id);
        checkDates(input, row);
        const values: Partial<Values> & { updated_at: string } = { ...build(row), updated_at: nowIso() };
        if (input.startDate !== undefined) values.start_date = input.startDate;
        if (input.endDate !== undefined) values.end_date = input.endDate;
        await repo.update(trx, id, values, styleIds);
      });
    },

    async remove(user: SessionUser | null, id: number): Promise<void> {
      await ownRow(user, id);
      await repo.remove(id);
    },

    /** One listing by id or slug; an inactive one only for its owner and admins. */
    async get(viewer: SessionUser | null, key: { id: number } | { slug: string }, lang: Language): Promise<Item> {
      const found = await findForPage(viewer, key, lang);
      if (!found) throw notFound();
      return found;
    },

    /** The slug behind a legacy link (an id or an old slug), when the viewer may see the listing. */
    async visibleSlug(key: number | string, viewer: SessionUser | null): Promise<string | null> {
      const row = typeof key === 'number' ? await repo.findById(key, 'en') : await repo.findBySlug(key, 'en');
      return row && visibleTo(viewer, row) ? row.slug : null;
    },

    /** An owner's listings for the profile tab and manage page: all for the owner (and admins), active ones for others. */
    async listByOwner(viewer: SessionUser | null, ownerId: number, limit: number, lang: Language): Promise<Item[]> {
      return present(await repo.listByOwner(ownerId, !canManage(viewer, ownerId), limit, lang), lang);
    },

    countByOwner(viewer: SessionUser | null, ownerId: number): Promise<number> {
      return repo.countByOwner(ownerId, !canManage(viewer, ownerId));
    },
  };
}

/**
 * The listings of the other kind that fit `target`, best first (a guest spot's artists, an
 * availability's spots): SQL narrows to at most MATCH_CANDIDATES indexed candidates, the
 * scoring ranks them.
 */
export async function findMatches<Row extends { id: number; start_date: string }, Item extends Matchable, Values extends ListingValues>(
  target: Matchable,
  other: { repo: ListingRepo<Row, Values>; presentOne: (row: Row, styles: StyleRef[]) => Item },
  lang: Language,
): Promise<(MatchReasons & { item: Item })[]> {
  const candidates = await other.repo.matchCandidates(
    {
      today: todayUtc(),
      startDate: target.startDate,
      endDate: target.endDate,
      countryId: target.countryId,
      cityId: target.cityId,
      styleIds: target.styles.map((s) => s.id),
      limit: MATCH_CANDIDATES,
    },
    lang,
  );
  const styles = groupStyles(await other.repo.stylesOf(candidates.map((c) => c.id), lang));
  const scored = candidates.map((c) => {
    const item = other.presentOne(c, styles.get(c.id) ?? []);
    return { id: c.id, startDate: c.start_date, item, reasons: scoreMatch(target, item) };
  });
  return rankMatches(scored, MATCHES_LIMIT).map(({ reasons, item }) => ({ ...reasons, item }));
}
