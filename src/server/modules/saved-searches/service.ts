import type { Transaction } from 'kysely';
import { z } from 'zod';
import { AVAILABLE_WINDOW_DAYS, addDays, todayInBerlin } from '../../../common/schemas/listing-fields';
import { buildPath, profilePathTo } from '../../../common/routes';
import {
  SAVED_SEARCHES_MAX,
  savedSearchFiltersFor,
  type SavedSearch,
  type SavedSearchCreate,
  type SavedSearchFilters,
  type SavedSearchFrequency,
  type SavedSearchKind,
  type SavedSearchList,
  type SavedSearchUpdate,
} from '../../../common/schemas/saved-searches';
import type { SessionUser } from '../../../common/schemas/session';
import type { AppContext } from '../../context';
import type { Database } from '../../db/schema';
import { AppError, notFound, parse } from '../../errors';
import type { DeliveredEvent, Emitted, Writer } from '../../lib/outbox/index';
import type { Announce, NotifyInput } from '../notifications/index';
import type { ReferenceService } from '../reference/index';
import { matchesArtist, matchesListing, type MatchableSearch } from './match';
import * as repo from './repo';
import { verifyDigestToken } from './token';

export type SavedSearchDeps = Pick<AppContext, 'db' | 'outbox' | 'config'> & {
  reference: Pick<ReferenceService, 'countryFilterId'>;
  /** The bell's `notify`: writes in the caller's transaction, announces after it committed. */
  notify: (trx: Writer, input: NotifyInput<'saved_search'>) => Promise<Announce>;
};

export type SavedSearchService = ReturnType<typeof createSavedSearchService>;

/** What a match event names: a listing newly shown, or an artist's profile saved. */
export interface MatchItem {
  kind: SavedSearchKind;
  id: number;
}

const searchNotFound = () => notFound('savedSearchNotFound');

function present(row: repo.SearchRow): SavedSearch {
  return {
    id: row.id,
    kind: row.kind as SavedSearchKind,
    name: row.name,
    filters: JSON.parse(row.filters) as SavedSearchFilters,
    frequency: row.frequency as SavedSearchFrequency,
    paused: row.paused === 1,
    createdAt: row.created_at,
    updatedAt: row.updated_at,
  };
}

/** What the matching knows of an item: how to test a search against it, and its notification's title and address. */
interface LoadedItem {
  ownerId: number;
  countryId: number | null;
  title: string;
  url: string;
  matches: (search: MatchableSearch) => boolean;
}

/**
 * Saved searches: a member's filters of a public list, at most 20, matched against each
 * listing newly shown and each artist profile saved, from an outbox event of that write (never
 * by scanning on reads). A match is a hit, written once per search and item, and with it one
 * in-app notification; the digest job mails the hits later (digest.ts).
 */
export function createSavedSearchService(deps: SavedSearchDeps) {
  const { db, outbox, reference, notify } = deps;

  /** The prefilter's key of a search's country: its id, 0 for none, -1 for one the list does not know (it then matches nothing, as the list shows nothing). */
  const countryKeyOf = async (country: string | undefined) => (await reference.countryFilterId(country)) ?? 0;

  async function list(user: SessionUser): Promise<SavedSearchList> {
    return { searches: (await repo.listOwn(db, user.id)).map(present), max: SAVED_SEARCHES_MAX };
  }

  /** Counts and inserts under the user's row lock, so parallel creates never pass the cap. */
  async function create(user: SessionUser, input: SavedSearchCreate): Promise<SavedSearch> {
    const countryKey = await countryKeyOf(input.filters.country);
    const now = new Date().toISOString();
    const id = await db.transaction().execute(async (trx) => {
      await repo.lockUser(trx, user.id);
      if ((await repo.countOwn(trx, user.id)) >= SAVED_SEARCHES_MAX) throw new AppError(409, 'savedSearchesTooMany', { max: SAVED_SEARCHES_MAX });
      return repo.insert(trx, { userId: user.id, kind: input.kind, filters: JSON.stringify(input.filters), name: input.name, frequency: input.frequency, countryKey, now });
    });
    return present((await repo.findById(db, id)) as repo.SearchRow);
  }

  /** Another's search is the same 404 as none: its id says nothing. */
  async function own(user: SessionUser, id: number): Promise<repo.SearchRow> {
    const row = await repo.findById(db, id);
    if (!row || row.user_id !== user.id) throw searchNotFound();
    return row;
  }

  async function update(user: SessionUser, id: number, input: SavedSearchUpdate): Promise<SavedSearch> {
    const row = await own(user, id);
    const change: repo.SearchChange = {};
    if (input.filters !== undefined) {
      // Read for the search's own kind, with the issues under `filters` as on create.
      const { filters } = parse(z.object({ filters: savedSearchFiltersFor(row.kind as SavedSearchKind) }), { filters: input.filters });
      change.filters = JSON.stringify(filters);
      change.country_key = await countryKeyOf(filters.country);
    }
    if (input.name !== undefined) change.name = input.name;
    if (input.frequency !== undefined) change.frequency = input.frequency;
    if (input.paused !== undefined) change.paused = input.paused ? 1 : 0;
    if (!(await repo.update(db, id, user.id, change, new Date().toISOString()))) throw searchNotFound();
    return present((await repo.findById(db, id)) as repo.SearchRow);
  }

  async function remove(user: SessionUser, id: number): Promise<void> {
    await own(user, id);
    if (!(await repo.remove(db, id, user.id))) throw searchNotFound();
  }

  /** The one-click unsubscribe of a digest: pauses the searches it carried; repeating it changes nothing. */
  async function unsubscribe(token: string): Promise<{ paused: number }> {
    const ids = verifyDigestToken(deps.config.sessionSecret, token);
    if (!ids) throw new AppError(400, 'unsubscribeTokenInvalid');
    return { paused: await repo.pause(db, ids, new Date().toISOString()) };
  }

  function checkToken(token: string): { valid: true } {
    if (!verifyDigestToken(deps.config.sessionSecret, token)) throw new AppError(400, 'unsubscribeTokenInvalid');
    return { valid: true };
  }

  async function loadListing(kind: 'guest_spots' | 'availabilities', id: number): Promise<LoadedItem | null> {
    const facts = kind === 'guest_spots' ? await repo.guestSpotFacts(db, id) : await repo.availabilityFacts(db, id);
    // Gone, hidden, deactivated or ended since it was shown: nothing to tell; a new showing emits again.
    if (!facts || facts.is_active !== 1 || facts.hidden_at !== null || facts.end_date < todayInBerlin()) return null;
    const styleIds = kind === 'guest_spots' ? await repo.guestSpotStyles(db, id) : await repo.availabilityStyles(db, id);
    const item = {
      countryId: facts.country_id,
      cityId: facts.city_id,
      styleIds,
      startDate: facts.start_date,
      endDate: facts.end_date,
      searchText: facts.search_text,
      deal: kind === 'guest_spots' ? { dealType: facts.deal_type, guestShare: facts.guest_share_percent, rentDayCents: facts.rent_day_cents, housing: facts.offers_housing === 1 } : null,
    };
    return {
      ownerId: facts.owner_id,
      countryId: facts.country_id,
      title: facts.title,
      url: kind === 'guest_spots' ? buildPath('guestSpot', { slug: facts.slug }) : buildPath('availabilityDetail', { id: facts.slug }),
      matches: (search) => matchesListing(search, item),
    };
  }

  async function loadArtist(id: number): Promise<LoadedItem | null> {
    const facts = await repo.artistFacts(db, id);
    if (!facts) return null;
    const today = todayInBerlin();
    const [styleIds, available] = await Promise.all([repo.artistStyles(db, id), repo.artistAvailable(db, id, today, addDays(today, AVAILABLE_WINDOW_DAYS))]);
    const item = { countryId: facts.country_id, cityId: facts.city_id, styleIds, available };
    return { ownerId: id, countryId: facts.country_id, title: facts.name || facts.username, url: profilePathTo(facts.username), matches: (search) => matchesArtist(search, item) };
  }

  /**
   * The match event's consumer: the candidate searches from one indexed read, their filters
   * checked in code, a hit per match (the primary key decides, so a repeated delivery or a
   * re-published listing adds nothing) and a notification per hit this delivery made, in one
   * transaction; the open tabs hear of them once it committed.
   */
  async function match(item: MatchItem, _event?: DeliveredEvent): Promise<number> {
    const loaded = item.kind === 'artists' ? await loadArtist(item.id) : await loadListing(item.kind, item.id);
    if (!loaded) return 0;
    const rows = await repo.candidates(db, item.kind, loaded.countryId, loaded.ownerId);
    const matched = rows.filter((row) => loaded.matches({ filters: JSON.parse(row.filters) as SavedSearchFilters, countryKey: row.country_key }));
    if (matched.length === 0) return 0;
    const announces = await db.transaction().execute(async (trx) => {
      const made = new Set(await repo.insertHits(trx, matched.map((r) => r.id), item, new Date().toISOString()));
      const out: Announce[] = [];
      for (const row of matched) {
        if (!made.has(row.id)) continue;
        out.push(await notify(trx, { userId: row.user_id, kind: 'saved_search', params: { name: row.name, title: loaded.title.slice(0, 200) }, url: loaded.url }));
      }
      return out;
    });
    for (const announce of announces) await announce();
    return announces.length;
  }

  const matchEvent = outbox.define<MatchItem>('saved-searches.match', { deliver: (item, event) => match(item, event).then(() => undefined) });

  /** A hook that writes the match event in a write's transaction and hands it on after the commit. */
  const hookFor = (kind: SavedSearchKind) => ({
    emit: (trx: Transaction<Database>, id: number): Promise<Emitted> => matchEvent.emit(trx, { kind, id }),
    committed: (...events: Emitted[]): void => outbox.afterCommit(...events),
  });

  return {
    list,
    create,
    update,
    remove,
    unsubscribe,
    checkToken,
    /** Runs the matching of one item now (tests and the bench; the app runs it from the outbox). */
    match,
    /** For the listing services' `onShown`: a guest spot or availability newly shown. */
    onGuestSpotShown: hookFor('guest_spots'),
    onAvailabilityShown: hookFor('availabilities'),
    /** For the profiles' `onArtistSaved`: an artist's profile saved (place and styles may have changed). */
    onArtistSaved: hookFor('artists'),
  };
}
