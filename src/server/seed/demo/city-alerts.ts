import type { Db } from '../../db/index';
import { alertEmailKey, cityAlertManageHash, cityAlertManageToken } from '../../modules/city-alerts/index';
import { loadDemoAccounts } from './demo-accounts';

/**
 * Confirmed city alerts of visitors without an account for two demo artists, so their demand by
 * city has numbers: Lena Ink is awaited in Hamburg (3), Köln (3) and München (1), Jonas
 * Blackwork in Berlin (4) and Leipzig (1). The addresses are of the reserved example.test
 * domain, so no mail leaves. Once: nothing happens when Lena has alerts.
 */
const WANTED: { artist: string; city: string[]; fans: number; radiusKm: number }[] = [
  { artist: 'lena', city: ['Hamburg'], fans: 3, radiusKm: 50 },
  { artist: 'lena', city: ['Köln', 'Cologne'], fans: 3, radiusKm: 100 },
  { artist: 'lena', city: ['München', 'Munich'], fans: 1, radiusKm: 25 },
  { artist: 'jonas.weber', city: ['Berlin'], fans: 4, radiusKm: 50 },
  { artist: 'jonas.weber', city: ['Leipzig'], fans: 1, radiusKm: 200 },
];
const LANGUAGES = ['de', 'en', 'es', 'fr', 'pt'] as const;

export async function seedDemoCityAlerts(db: Db, secret: string, emailDomain: string): Promise<void> {
  const { byEmail } = await loadDemoAccounts(db, emailDomain);
  const lena = byEmail.get('lena');
  if (!lena) return;
  const done = await db.selectFrom('city_alerts').select('id').where('artist_id', '=', lena.id).limit(1).executeTakeFirst();
  if (done) return;
  const cities = new Map(
    (await db.selectFrom('cities').select(['id', 'name']).where('name', 'in', WANTED.flatMap((w) => w.city)).orderBy('population', 'desc').execute())
      .reverse()
      .map((c) => [c.name, c.id]),
  );
  const now = Date.now();
  let fan = 0;
  for (const wanted of WANTED) {
    const artist = byEmail.get(wanted.artist);
    const cityId = wanted.city.map((name) => cities.get(name)).find((id) => id !== undefined);
    if (!artist || cityId === undefined) continue;
    for (let i = 0; i < wanted.fans; i++) {
      fan += 1;
      const email = `visitor${fan}@example.test`;
      const emailKey = alertEmailKey(email);
      const at = new Date(now - fan * 86_400_000).toISOString();
      await db
        .insertInto('city_alerts')
        .values({
          artist_id: artist.id,
          email,
          email_key: emailKey,
          city_id: cityId,
          radius_km: wanted.radiusKm,
          language: LANGUAGES[fan % LANGUAGES.length] as string,
          manage_hash: cityAlertManageHash(cityAlertManageToken(secret, emailKey)),
          confirmed_at: at,
          created_at: at,
          updated_at: at,
        })
        .execute();
    }
  }
}
