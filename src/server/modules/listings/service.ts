import type { Transaction } from 'kysely';
import type { Language } from '../../../common/languages';
import type { CardImage } from '../../../common/schemas/card-images';
import { fitReasons, type DealTerms, type DealWishes, type FitReason } from '../../../common/schemas/deal-terms';
import { todayInBerlin, type ListingBase, type ListingListItem, type MatchFit, type StyleRef } from '../../../common/schemas/listing-fields';
import type { SessionUser } from '../../../common/schemas/session';
import { writeAudit } from '../../db/audit-log';
import { nowIso, type Db } from '../../db/index';
import type { Database } from '../../db/schema';
import { AppError } from '../../errors';
import { consume, type Limit, type RateLimitStore } from '../../lib/rate-limit/index';
import { defineChange, type Emitted, type Outbox } from '../../lib/outbox/index';
import { noInvalidation, tags, type Invalidation } from '../../lib/answer-cache/index';
import { noCache, type ResultCache } from '../../lib/result-cache';
import type { CardImages } from '../gallery/index';
import type { Place, ReferenceService } from '../reference/index';
import { ownFieldColumns, type ListingCreateInput, type ListingInput, type ListingKind } from './kind';
import { findMatches } from './matches';
import { hasPlace, searchText } from './places';
import { authorizeManage, authorizePost, canManage, listingCan } from './policy';
import { groupStyles, presentListing } from './presenter';
import { createPublicList, type ListQuery, type PublicPage } from './public-list';
import { createListingRepo, isUniqueViolation, type ListingRow, type ListingValues, type OwnRow, type OwnValues } from './repo';
import { firstFreeSlug, slugify } from './slug';

// Creates racing for one slug retry with the next free one; the last attempt locks out other
// creates, so it cannot collide and the retries always end.
const SLUG_ATTEMPTS = 4;

/**
 * Listing creates one account may make an hour, of both kinds together: plenty for anyone
 * posting by hand, too few to flood the public lists.
 */
export const LISTING_CREATE_LIMIT: Limit = { name: 'listingCreate', max: 30, windowMs: 60 * 60_000 };

/**
 * Listings of one kind an account may have shown at once (active and not ended, as the public
 * lists show them); an ended or deactivated one frees its place.
 */
export const ACTIVE_LISTINGS_MAX = 50;

export interface ListingServiceDeps {
  db: Db;
  listCache?: ResultCache;
  /** Clears the cached answers a committed write changed (absent for scripts without caches). */
  invalidation?: Invalidation;
  /**
   * Carries each write's cache tags as an event written in its transaction, so the other
   * processes clear them even when this one dies right after the commit. Without it (scripts),
   * the tags are cleared after the commit in this process only.
   */
  outbox?: Pick<Outbox, 'define' | 'afterCommit'>;
  reference: ReferenceService;
  /**
   * Counts each create against the account's hourly limit (the app's store, shared by its
   * processes); scripts that post as owners (the demo seed) leave it out.
   */
  rateLimits?: RateLimitStore;
  /** The kind whose listings fit this kind's (guest spots match availabilities and back). */
  counterpart: ListingKind;
  /**
   * Fields one listing's answer adds for its viewer (a guest spot's `hasApplied`), read per
   * request on the detail call only, so no cached answer ever carries another viewer's.
   */
  viewerFields?: (viewer: SessionUser | null, id: number) => Promise<Record<string, unknown>>;
  /**
   * What a kind keeps beside its row (a guest spot's photos): `detail` adds the same fields for
   * every viewer to the detail answer (by id and by slug); `files` names the stored files, read
   * in the delete's transaction with the row locked, deleted once the row (and theirs, by
   * cascade) is gone.
   */
  attachments?: {
    detail(id: number): Promise<Record<string, unknown>>;
    files(trx: Transaction<Database>, id: number): Promise<string[]>;
  };
  /** Deletes uploaded files by their URLs (the attachments' files). */
  deleteFiles?: (urls: string[]) => Promise<void>;
  /** The pictures on cards and matches. */
  pictures: Pick<CardImages, 'latestWorks' | 'spotCovers'>;
  /**
   * Of the matches offered to a listing's owner, those they are booked for already over their
   * whole window (an artist's confirmed stays): the matches leave them out.
   */
  bookedMatches?: (ownerId: number, items: { id: number; startDate: string; endDate: string }[]) => Promise<Set<number>>;
  /**
   * What a listing newly shown in the public lists sets off (an availability's city alerts): an
   * outbox event written in the transaction that created or activated it, handed to `committed`
   * after.
   */
  onShown?: ShownHook[];
}

/** A listing written: which one, and whose (its cache tags follow from both). */
export interface ListingChanged {
  id: number;
  ownerId: number;
}

/** One consumer of a listing newly shown (city alerts, saved searches): its event, written in the transaction, and its hand-off after the commit. */
export interface ShownHook {
  emit(trx: Transaction<Database>, id: number): Promise<Emitted>;
  committed(...events: Emitted[]): void;
}

/** The dates a listing has after an update must be in order: a new start alone must not pass the stored end. */
function checkDates(input: { startDate?: string; endDate?: string }, row: { start_date: string; end_date: string }): void {
  if ((input.endDate ?? row.end_date) < (input.startDate ?? row.start_date)) {
    throw new AppError(400, 'endBeforeStart', {}, { field: 'endDate', fields: { endDate: 'endBeforeStart' } });
  }
}

/** A listing answer for another viewer than the one it was presented for (the cached public list is presented for visitors). */
const forViewer = <Item extends ListingBase>(item: Item, ownerId: number, viewer: SessionUser | null): Item =>
  viewer ? { ...item, can: listingCan(viewer, ownerId) } : item;

/**
 * The rules of one listing kind: who posts, edits and sees what; slugs; place defaults; the
 * owner and public lists; matching against the counterpart kind. Everything that differs
 * between the kinds is read from the kind descriptor.
 */
export function createListingService<Item extends ListingBase>(kind: ListingKind<Item>, deps: ListingServiceDeps) {
  const { reference, counterpart } = deps;
  const repo = createListingRepo(deps.db, kind);
  const others = createListingRepo(deps.db, counterpart);
  const ownFields = Object.entries(kind.fields);
  const notFound = () => new AppError(404, kind.notFoundCode);
  const ownerOf = (item: Item) => (item as unknown as Record<string, { id: number }>)[kind.owner]!.id;
  const visibleTo = (viewer: SessionUser | null, row: { is_active: number; owner_id: number }) => row.is_active === 1 || canManage(viewer, row.owner_id);
  const invalidation = deps.invalidation ?? noInvalidation;
  const { pictures } = deps;
  const shownHooks = deps.onShown ?? [];
  /** Every consumer's event of a listing newly shown, in the showing write's transaction. */
  const emitShown = async (trx: Transaction<Database>, id: number): Promise<Emitted[]> => {
    const events: Emitted[] = [];
    for (const hook of shownHooks) events.push(await hook.emit(trx, id));
    return events;
  };
  const committedShown = (events: Emitted[]) => events.forEach((event, i) => shownHooks[i]?.committed(event));
  /** Whose view of an owner's listings leaves out the inactive and ended ones: everyone's but the owner's (and admins'). */
  const shownSince = (viewer: SessionUser | null, ownerId: number) => (canManage(viewer, ownerId) ? null : todayInBerlin());
  /**
   * What a committed write of one listing changes: the listing, its kind's lists and its owner's
   * profile; an availability also the artist list's "available now" filter.
   */
  const changedTags = ({ id, ownerId }: ListingChanged) => [
    tags.listing(kind.cacheKey, id),
    tags.listings(kind.cacheKey),
    tags.profile(ownerId),
    ...(kind.owner === 'artist' ? [tags.artists] : []),
  ];
  const change = defineChange(deps.outbox, invalidation, `${kind.cacheKey}.changed`, changedTags);

  async function present(rows: ListingRow[], lang: Language, viewer: SessionUser | null): Promise<Item[]> {
    const [styleRows, cityName] = await Promise.all([repo.stylesOf(rows.map((r) => r.id), lang), reference.cityNamer(lang)]);
    const styles = groupStyles(styleRows);
    return rows.map((r) => presentListing(kind, r, styles.get(r.id) ?? [], viewer, cityName));
  }

  async function load(id: number, lang: Language, viewer: SessionUser | null): Promise<Item> {
    const row = await repo.findById(id, lang);
    if (!row) throw notFound();
    return (await present([row], lang, viewer))[0] as Item;
  }

  /** One listing for a page, or null for nothing to show (the page head answers 404 then). */
  async function findForPage(viewer: SessionUser | null, key: { id: number } | { slug: string }, lang: Language): Promise<Item | null> {
    const row = 'id' in key ? await repo.findById(key.id, lang) : await repo.findBySlug(key.slug, lang);
    if (!row || !visibleTo(viewer, row)) return null;
    return (await present([row], lang, viewer))[0] as Item;
  }

  /** The listing as its detail calls answer it: with its attachments (a guest spot's photos), the same for every viewer. */
  async function findDetail(viewer: SessionUser | null, key: { id: number } | { slug: string }, lang: Language): Promise<Item | null> {
    const found = await findForPage(viewer, key, lang);
    if (!found || !deps.attachments) return found;
    return { ...found, ...(await deps.attachments.detail(found.id)) };
  }

  /**
   * An admin changing or deleting someone else's listing acts as moderation: one audit entry in
   * the write's transaction. The owner's own writes are no admin action and write none.
   */
  async function auditByAdmin(trx: Transaction<Database>, user: SessionUser | null, ownerId: number, verb: 'update' | 'delete', id: number, details: Record<string, unknown>) {
    if (!user || user.id === ownerId || user.role !== 'admin') return;
    // Named as the reports queue names listings.
    const target = kind.table === 'guest_spots' ? 'guest_spot' : 'availability';
    await writeAudit(trx, { adminId: user.id, action: `${target}.${verb}`, targetType: target, targetId: id, details });
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

  const resolvePlace = (input: ListingInput) =>
    reference.resolvePlace({ countryId: input.countryId || null, cityId: input.cityId || null, cityName: input.cityName });

  /** The owner's own city and country, as the form preselects them; a stale city id is dropped. */
  async function ownerPlace(ownerId: number): Promise<Place> {
    const user = await repo.findUserPlace(ownerId);
    const cityName = user?.city_name ?? user?.city ?? null;
    try {
      return await reference.resolvePlace({ countryId: user?.country_id || null, cityId: user?.city_id || null, cityName });
    } catch {
      return { countryId: null, cityId: null, cityName };
    }
  }

  const placeColumns = (place: Place) => ({
    country_id: place.countryId,
    city_id: place.cityId,
    ...(kind.storesCityName ? { city_name: place.cityName } : {}),
  });

  /**
   * Refuses (409) a listing about to be shown when the owner already has the most shown. Runs in
   * the write's transaction after `lockOwner`, so parallel creates and reactivations of one
   * owner count one after another and never pass the cap together.
   */
  async function checkActiveCap(trx: Transaction<Database>, ownerId: number): Promise<void> {
    if ((await repo.countActive(trx, ownerId, todayInBerlin())) >= ACTIVE_LISTINGS_MAX) {
      throw new AppError(409, kind.tooManyActiveCode, { max: ACTIVE_LISTINGS_MAX });
    }
  }

  /** Whether a listing with these values is shown in the public lists on `today`. */
  const shownOn = (today: string, row: { is_active: number; end_date: string }) => row.is_active === 1 && row.end_date >= today;

  /** Counts a create against the account's hourly limit before any slow work; 429 with Retry-After past it. */
  async function countCreate(ownerId: number): Promise<void> {
    if (!deps.rateLimits) return;
    try {
      await consume(deps.rateLimits, LISTING_CREATE_LIMIT, [`user:${ownerId}`]);
    } catch (error) {
      if (!(error instanceof AppError) || error.status !== 429) throw error;
      const seconds = Number(error.extra.retryAfter);
      throw new AppError(429, 'listingCreatesPerHour', { max: LISTING_CREATE_LIMIT.max, minutes: Math.max(1, Math.ceil(seconds / 60)) }, error.extra);
    }
  }

  /**
   * Inserts under the first free slug, read in the insert's transaction, once the owner's cap
   * of shown listings allows it. A concurrent create taking the same slug fails the unique
   * index, which aborts the whole transaction on PostgreSQL, so the whole transaction is retried.
   */
  async function insertWithSlug(ownerId: number, title: string, values: ListingValues & OwnValues, styleIds: number[]): Promise<{ id: number; events: Emitted[] }> {
    const base = slugify(title, kind.slugFallback);
    const now = nowIso();
    for (let attempt = 1; ; attempt++) {
      const last = attempt >= SLUG_ATTEMPTS;
      try {
        const made = await repo.transaction(async (trx) => {
          if (shownOn(todayInBerlin(), values)) {
            // The owner's lock comes before the table's: see lockOwner.
            await repo.lockOwner(trx, ownerId);
            await checkActiveCap(trx, ownerId);
          }
          if (last) await repo.lockForInsert(trx);
          const slug = firstFreeSlug(base, await repo.slugsLike(trx, base));
          const id = await repo.insert(trx, { ...values, owner_id: ownerId, slug, created_at: now, updated_at: now }, styleIds);
          return { id, shown: shownOn(todayInBerlin(), values) ? await emitShown(trx, id) : [], events: await change.emit(trx, { id, ownerId }) };
        });
        committedShown(made.shown);
        return { id: made.id, events: made.events };
      } catch (error) {
        if (last || !isUniqueViolation(error)) throw error;
      }
    }
  }

  /**
   * Writes an update in one transaction from the row read `FOR UPDATE`: only the fields sent
   * (`build` answers them) and the dates sent are written, and derived columns are computed
   * from the locked row, so a concurrent edit of other fields is neither reverted nor missing
   * from the search text. `styleIds` (when given) replace the style links. An update that shows
   * a listing again (activated, or its end moved past today) counts against the owner's cap;
   * `ownerId` (which never changes) is locked before the row then, as a create locks it.
   */
  async function updateLocked(
    user: SessionUser | null,
    id: number,
    ownerId: number,
    input: { startDate?: string; endDate?: string; isActive?: boolean },
    build: (row: OwnRow) => Partial<ListingValues> & OwnValues,
    styleIds: number[] | undefined,
  ): Promise<Emitted[]> {
    const mayShow = input.isActive === true || input.endDate !== undefined;
    const { shown, events } = await repo.transaction(async (trx) => {
      if (mayShow) await repo.lockOwner(trx, ownerId);
      const row = await repo.lockOwnRow(trx, id);
      if (!row) throw notFound();
      authorizeManage(user, row.owner_id);
      checkDates(input, row);
      const values: Partial<ListingValues> & OwnValues & { updated_at: string } = { ...build(row), updated_at: nowIso() };
      if (input.startDate !== undefined) values.start_date = input.startDate;
      if (input.endDate !== undefined) values.end_date = input.endDate;
      const today = todayInBerlin();
      const after = { is_active: values.is_active ?? row.is_active, end_date: values.end_date ?? row.end_date };
      const showsNow = mayShow && !shownOn(today, row) && shownOn(today, after);
      if (showsNow) await checkActiveCap(trx, row.owner_id);
      await repo.update(trx, id, values, styleIds);
      const changedKeys = Object.keys(values).filter((k) => k !== 'updated_at' && k !== 'search_text');
      await auditByAdmin(trx, user, row.owner_id, 'update', id, {
        before: Object.fromEntries(changedKeys.map((k) => [k, (row as Record<string, unknown>)[k] ?? null])),
        after: { ...Object.fromEntries(changedKeys.map((k) => [k, (values as Record<string, unknown>)[k]])), ...(styleIds ? { styleIds } : {}) },
      });
      // Every write of a listing that stays shown is told too: an edit can make it match a
      // search or an alert it did not before, and each consumer's unique key keeps repeats out.
      return { shown: shownOn(today, after) ? await emitShown(trx, id) : [], events: await change.emit(trx, { id, ownerId: row.owner_id }) };
    });
    committedShown(shown);
    return events;
  }

  /**
   * The pictures of a page of cards, keyed by listing: a studio's listing shows the workplace (the
   * spot's photos, else the studio's cover), an artist's shows the artist's latest works.
   */
  async function cardPictures(items: Item[]): Promise<Map<number, CardImage[]>> {
    if (kind.owner === 'studio') return pictures.spotCovers(items.map((item) => ({ id: item.id, userId: ownerOf(item) })));
    const works = await pictures.latestWorks(items.map(ownerOf));
    return new Map(items.map((item) => [item.id, works.get(ownerOf(item)) ?? []]));
  }

  async function presentCards(rows: ListingRow[], lang: Language): Promise<(Item & { images: CardImage[] })[]> {
    // The cached pages are the same for everyone; what the viewer may do is added per request.
    const items = await present(rows, lang, null);
    const images = await cardPictures(items);
    return items.map((item) => ({ ...item, images: images.get(item.id) ?? [] }));
  }

  const publicList = createPublicList(kind.cacheKey, {
    cache: deps.listCache ?? noCache,
    reference,
    repo,
    present: presentCards,
    ownerOf,
  });

  return {
    kind,

    async create(user: SessionUser | null, input: ListingCreateInput, lang: Language): Promise<Item> {
      const owner = authorizePost(user, kind.owner);
      await countCreate(owner.id);
      const [place, styleIds] = await Promise.all([
        hasPlace(input) || !kind.defaultsToOwnerPlace ? resolvePlace(input) : ownerPlace(owner.id),
        reference.checkStyleIds(input.styleIds ?? []),
      ]);
      const values: ListingValues & OwnValues = {
        title: input.title,
        description: input.description ?? null,
        start_date: input.startDate,
        end_date: input.endDate,
        ...placeColumns(place),
        is_active: input.isActive === false ? 0 : 1,
        search_text: searchText([
          input.title,
          input.description,
          ...ownFields.filter(([, f]) => f.searched).map(([name]) => input[name] as string | null | undefined),
          place.cityName,
        ]),
      };
      for (const [name, field] of ownFields) Object.assign(values, ownFieldColumns(field, input[name] ?? field.empty));
      const { id, events } = await insertWithSlug(owner.id, input.title, values, styleIds);
      change.committed(events, { id, ownerId: owner.id });
      return load(id, lang, user);
    },

    /** Changes the fields sent; the slug stays, so shared links keep working after a retitle. */
    async update(user: SessionUser | null, id: number, input: ListingInput, lang: Language): Promise<Item> {
      const row = await ownRow(user, id, input);
      const [place, styleIds] = await Promise.all([
        hasPlace(input) ? resolvePlace(input) : null,
        input.styleIds === undefined ? undefined : reference.checkStyleIds(input.styleIds),
      ]);
      const events = await updateLocked(
        user,
        id,
        row.owner_id,
        input,
        (row) => {
          const values: Partial<ListingValues> & OwnValues = {};
          if (input.title !== undefined) values.title = input.title;
          if (input.description !== undefined) values.description = input.description;
          for (const [name, field] of ownFields) {
            if (input[name] !== undefined) Object.assign(values, ownFieldColumns(field, input[name]));
          }
          // A listing moderation hid stays off the public lists until an admin shows it again.
          if (input.isActive !== undefined) values.is_active = input.isActive && !row.hidden_at ? 1 : 0;
          if (place) Object.assign(values, placeColumns(place));
          const searched = ownFields.filter(([, f]) => f.searched).map(([, f]) => f.column);
          if (values.title !== undefined || values.description !== undefined || searched.some((c) => values[c] !== undefined) || place) {
            values.search_text = searchText([
              values.title ?? row.title,
              values.description === undefined ? row.description : values.description,
              ...searched.map((c) => (values[c] === undefined ? row[c] : values[c]) as string | null),
              place ? place.cityName : row.city_name,
            ]);
          }
          return values;
        },
        styleIds,
      );
      change.committed(events, { id, ownerId: row.owner_id });
      return load(id, lang, user);
    },

    async remove(user: SessionUser | null, id: number): Promise<void> {
      const row = await ownRow(user, id);
      const { attachments } = deps;
      // The row is locked while the files are read, so no attachment added meanwhile is left behind.
      const { files, events } = await repo.transaction(async (trx) => {
        await repo.lockOwnRow(trx, id);
        const files = attachments ? await attachments.files(trx, id) : [];
        await repo.remove(id, trx);
        await auditByAdmin(trx, user, row.owner_id, 'delete', id, { before: { title: row.title, ownerId: row.owner_id }, after: { exists: false } });
        return { files, events: await change.emit(trx, { id, ownerId: row.owner_id }) };
      });
      change.committed(events, { id, ownerId: row.owner_id });
      if (files.length) await deps.deleteFiles?.(files);
    },

    /** One listing by id or slug; an inactive one only for its owner and admins. */
    async get(viewer: SessionUser | null, key: { id: number } | { slug: string }, lang: Language): Promise<Item> {
      const found = await findDetail(viewer, key, lang);
      if (!found) throw notFound();
      return deps.viewerFields ? { ...found, ...(await deps.viewerFields(viewer, found.id)) } : found;
    },

    findForPage,
    findDetail,

    /** The poster of a presented listing (whose `can` differs from a visitor's). */
    ownerOf: (item: ListingBase): number => ownerOf(item as Item),

    /** The fields a listing's detail answer adds for its viewer (none for a kind without them). */
    viewerFields: (viewer: SessionUser | null, id: number): Promise<Record<string, unknown>> => deps.viewerFields?.(viewer, id) ?? Promise.resolve({}),

    /** The slug behind a legacy link (an id or an old slug), when the viewer may see the listing. */
    async visibleSlug(key: number | string, viewer: SessionUser | null): Promise<string | null> {
      const row = typeof key === 'number' ? await repo.findById(key, 'en') : await repo.findBySlug(key, 'en');
      return row && visibleTo(viewer, row) ? row.slug : null;
    },

    /**
     * An owner's listings for the profile tab and manage page: all for the owner (and admins),
     * past ones included; for others the active ones not yet ended, as in the public lists.
     */
    async listByOwner(viewer: SessionUser | null, ownerId: number, limit: number, lang: Language): Promise<Item[]> {
      return present(await repo.listByOwner(ownerId, shownSince(viewer, ownerId), limit, lang), lang, viewer);
    },

    countByOwner(viewer: SessionUser | null, ownerId: number): Promise<number> {
      return repo.countByOwner(ownerId, shownSince(viewer, ownerId));
    },

    /** The public list: active listings that have not ended, soonest start first, filtered and paged. */
    async listPublic(query: ListQuery, lang: Language, viewer: SessionUser | null = null): Promise<PublicPage<ListingListItem<Item>>> {
      const page = await publicList.list(query, lang);
      return viewer ? { ...page, items: page.items.map((item) => forViewer(item, ownerOf(item), viewer)) } : page;
    },

    /** How many listings the unfiltered public list holds (for the list pages' paging links). */
    countPublic: publicList.count,

    /**
     * Listings of the counterpart kind that fit this one, best first, each with its reasons and
     * pictures of its poster's work; for the owner and admins.
     */
    async matches(viewer: SessionUser | null, id: number, lang: Language): Promise<(MatchFit & { images: CardImage[]; fit: FitReason[] } & Record<string, unknown>)[]> {
      const target = await load(id, lang, viewer);
      authorizeManage(viewer, ownerOf(target));
      // An ended listing fits nothing any more: its days are over.
      if (target.ended) return [];
      const cityName = await reference.cityNamer(lang);
      const present = (row: ListingRow, styles: StyleRef[]) => presentListing(counterpart, row, styles, viewer, cityName);
      // The spot's terms against the artist's wishes, whichever side asks.
      const own = target as unknown as { terms?: DealTerms | null; wishes?: DealWishes | null };
      const fit = (candidate: ListingBase) => {
        const other = candidate as unknown as { terms?: DealTerms | null; wishes?: DealWishes | null };
        return kind.owner === 'artist' ? fitReasons(other.terms, own.wishes) : fitReasons(own.terms, other.wishes);
      };
      const artistSide = kind.owner === 'artist' ? 'target' : 'candidate';
      const found = await findMatches(target, { repo: others, present, artistSide, fit }, lang);
      const booked = deps.bookedMatches ? await deps.bookedMatches(ownerOf(target), found.map((m) => m.item)) : new Set<number>();
      const matches = found.filter((m) => !booked.has(m.item.id));
      // An artist's card shows their latest works; a guest spot's its photos, else its studio's cover.
      const byArtist = counterpart.owner === 'artist';
      const images = byArtist
        ? await pictures.latestWorks(matches.map((m) => m.ownerId))
        : await pictures.spotCovers(matches.map((m) => ({ id: m.item.id, userId: m.ownerId })));
      return matches.map(({ item, score, reasons, ownerId, fit }) => ({
        score,
        reasons,
        fit,
        images: images.get(byArtist ? ownerId : item.id) ?? [],
        [counterpart.itemKey]: item,
      }));
    },
  };
}

export type ListingService<Item extends ListingBase = ListingBase> = ReturnType<typeof createListingService<Item>>;
