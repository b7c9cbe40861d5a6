import { buildPath } from '../../../common/routes';
import type { SavedSearchFilters } from '../../../common/schemas/saved-searches';
import type { Db } from '../../db/index';
import { writeNotification } from '../../modules/notifications/index';
import { loadDemoAccounts } from './demo-accounts';

const HOUR_MS = 3_600_000;

interface DemoSearch {
  owner: string;
  kind: 'guest_spots' | 'availabilities' | 'artists';
  name: string;
  filters: SavedSearchFilters;
  frequency: 'instant' | 'daily' | 'weekly';
  paused?: boolean;
}

/**
 * Saved searches of the two demo logins (local parts of their addresses), so the dashboard's
 * section shows each kind, frequency and a paused one; Lena's German guest spot search has hits
 * on the newest demo spots, mailed already, with their notices in her bell.
 */
const DEMO_SEARCHES: readonly DemoSearch[] = [
  { owner: 'lena', kind: 'guest_spots', name: 'Guest spots in Germany', filters: { country: 'DE' }, frequency: 'instant' },
  { owner: 'lena', kind: 'guest_spots', name: 'Commission with housing', filters: { dealType: 'commission', housing: true }, frequency: 'daily' },
  { owner: 'lena', kind: 'artists', name: 'Artists available now', filters: { available: true }, frequency: 'weekly', paused: true },
  { owner: 'studio', kind: 'availabilities', name: 'Guest artists coming to Germany', filters: { country: 'DE' }, frequency: 'daily' },
  { owner: 'studio', kind: 'artists', name: 'Artists in Berlin', filters: { country: 'DE' }, frequency: 'weekly' },
];

/** Writes the demo saved searches once: an account that has any keeps its own. */
export async function seedDemoSavedSearches(db: Db, emailDomain: string): Promise<void> {
  const { byEmail } = await loadDemoAccounts(db, emailDomain);
  const germany = await db.selectFrom('countries').select('id').where('code', '=', 'DE').executeTakeFirst();
  const now = Date.now();
  await db.transaction().execute(async (trx) => {
    for (const owner of new Set(DEMO_SEARCHES.map((s) => s.owner))) {
      const user = byEmail.get(owner);
      if (!user) continue;
      const existing = await trx.selectFrom('saved_searches').select('id').where('user_id', '=', user.id).limit(1).executeTakeFirst();
      if (existing) continue;
      for (const [i, search] of DEMO_SEARCHES.filter((s) => s.owner === owner).entries()) {
        const at = new Date(now - (10 - i) * 24 * HOUR_MS).toISOString();
        const made = await trx
          .insertInto('saved_searches')
          .values({
            user_id: user.id, kind: search.kind, filters: JSON.stringify(search.filters), name: search.name, frequency: search.frequency, paused: search.paused ? 1 : 0,
            country_key: search.filters.country === 'DE' ? (germany?.id ?? 0) : 0, created_at: at, updated_at: at, last_digest_at: at,
          })
          .returning('id')
          .executeTakeFirstOrThrow();
        if (owner !== 'lena' || i !== 0 || !germany) continue;
        const spots = await trx
          .selectFrom('guest_spots')
          .select(['id', 'slug', 'title'])
          .where('country_id', '=', germany.id)
          .where('is_active', '=', 1)
          .where('studio_id', '<>', user.id)
          .orderBy('id', 'desc')
          .limit(2)
          .execute();
        for (const [n, spot] of spots.entries()) {
          const hitAt = new Date(now - (n + 1) * 5 * HOUR_MS);
          await trx.insertInto('saved_search_hits').values({ search_id: made.id, item_kind: 'guest_spots', item_id: spot.id, created_at: hitAt.toISOString(), mailed_at: hitAt.toISOString() }).execute();
          await writeNotification(trx, { userId: user.id, kind: 'saved_search', params: { name: search.name, title: spot.title.slice(0, 200) }, url: buildPath('guestSpot', { slug: spot.slug }) }, { at: hitAt });
        }
      }
    }
  });
}
