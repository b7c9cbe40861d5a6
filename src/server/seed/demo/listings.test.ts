import { expect, it } from 'vitest';
import type { SessionUser } from '../../../common/schemas/session';
import { usernameKey } from '../../../common/username';
import { describeEachEngine, useTestApp } from '../../test/app';
import { insertBareUsers } from '../../test/factories';
import { STYLES } from '../reference/styles';
import { DEMO_EMAIL_DOMAIN, DEMO_PEOPLE } from './index';
import { DEMO_AVAILABILITIES, DEMO_SPOTS, seedDemoListings } from './listings';

describeEachEngine('demo listings', (engine) => {
  const t = useTestApp(engine, async () => {
    // The demo accounts alone: the listings only need their ids and places.
    await insertBareUsers(
      t.app,
      DEMO_PEOPLE.map((p) => ({
        username: p.username,
        usernameKey: usernameKey(p.username),
        email: `${p.email}@${DEMO_EMAIL_DOMAIN}`,
        name: p.name,
        type: p.type,
      })),
    );
    // The seed gives every demo profile an avatar; lists and matches show only profiles with a picture.
    await t.app.ctx.db.updateTable('users').set({ avatar: '/uploads/avatars/demo-large.webp' }).execute();
    const berlin = await t.app.ctx.db.selectFrom('cities').select(['id', 'country_id', 'name']).where('name', '=', 'Berlin').orderBy('population', 'desc').executeTakeFirstOrThrow();
    await t.app.ctx.db
      .updateTable('users')
      .set({ city_id: berlin.id, country_id: berlin.country_id, city_name: berlin.name })
      .where('email_key', '=', `studio@${DEMO_EMAIL_DOMAIN}`)
      .execute();
    await seedDemoListings(t.app.ctx.db, DEMO_EMAIL_DOMAIN);
  });

  it('names only demo accounts of the right type and styles that exist', () => {
    const people = new Map(DEMO_PEOPLE.map((p) => [p.email, p.type]));
    const slugs = new Set(STYLES.map((s) => s.slug));
    for (const s of DEMO_SPOTS) {
      expect(people.get(s.studio), s.studio).toBe('studio');
      for (const style of s.styles) expect(slugs.has(style), style).toBe(true);
    }
    for (const a of DEMO_AVAILABILITIES) {
      expect(people.get(a.artist), a.artist).toBe('artist');
      for (const style of a.styles) expect(slugs.has(style), style).toBe(true);
    }
  });

  it('seeds current, future, past and inactive listings once, with styles', async () => {
    const db = t.app.ctx.db;
    const today = new Date().toISOString().slice(0, 10);
    const spots = await db.selectFrom('guest_spots').selectAll().execute();
    const availabilities = await db.selectFrom('availabilities').selectAll().execute();
    expect(spots).toHaveLength(DEMO_SPOTS.length);
    expect(availabilities).toHaveLength(DEMO_AVAILABILITIES.length);
    for (const rows of [spots, availabilities]) {
      expect(rows.some((r) => r.start_date <= today && r.end_date >= today && r.is_active === 1)).toBe(true);
      expect(rows.some((r) => r.start_date > today && r.is_active === 1)).toBe(true);
      expect(rows.some((r) => r.end_date < today)).toBe(true);
      expect(rows.some((r) => r.is_active === 0)).toBe(true);
      expect(new Set(rows.map((r) => r.slug)).size).toBe(rows.length);
    }
    expect(spots.some((s) => s.compensation === 'Tagesmiete 80 €')).toBe(true);
    expect(spots.some((s) => s.compensation === '50/50 + Unterkunft')).toBe(true);
    // Every spot has terms, of every deal type, some with a place to sleep; most entries name wishes.
    expect(spots.every((s) => s.terms !== null)).toBe(true);
    expect(new Set(spots.map((s) => s.deal_type))).toEqual(new Set(['commission', 'chair_rental', 'other']));
    expect(spots.filter((s) => s.offers_housing === 1).length).toBeGreaterThanOrEqual(5);
    expect(availabilities.filter((a) => a.wishes !== null).length).toBeGreaterThan(availabilities.length / 2);
    const linked = await db.selectFrom('guest_spot_styles').select('guest_spot_id').distinct().execute();
    expect(linked).toHaveLength(spots.length);

    await seedDemoListings(db, DEMO_EMAIL_DOMAIN);
    expect(await db.selectFrom('guest_spots').select('id').execute()).toHaveLength(spots.length);
  });

  it("gives the demo studio's Kreuzberg spot several matching artists", async () => {
    const db = t.app.ctx.db;
    const studio = await db.selectFrom('users').selectAll().where('email_key', '=', `studio@${DEMO_EMAIL_DOMAIN}`).executeTakeFirstOrThrow();
    const spot = await db.selectFrom('guest_spots').select('id').where('studio_id', '=', studio.id).where('slug', '=', 'gastplatz-fine-line-and-blackwork-in-kreuzberg').executeTakeFirstOrThrow();
    const viewer: SessionUser = { id: studio.id, username: studio.username, name: studio.name, email: studio.email, role: 'user', userType: 'studio', featuredUntil: null, avatar: null };
    const matches = await t.app.services.guestSpots.matches(viewer, spot.id, 'de');
    expect(matches.length).toBeGreaterThanOrEqual(4);
    expect(matches[0]?.reasons.sameCity).toBe(true);
    expect(matches[0]?.reasons.stylesInCommon.length).toBeGreaterThanOrEqual(1);
  });

  it("gives the demo artist's availability guest spots in her country only", async () => {
    const db = t.app.ctx.db;
    const lena = await db.selectFrom('users').selectAll().where('email_key', '=', `lena@${DEMO_EMAIL_DOMAIN}`).executeTakeFirstOrThrow();
    const entry = await db.selectFrom('availabilities').select('id').where('artist_id', '=', lena.id).executeTakeFirstOrThrow();
    const viewer: SessionUser = { id: lena.id, username: lena.username, name: lena.name, email: lena.email, role: 'user', userType: 'artist', featuredUntil: null, avatar: null };
    const matches = await t.app.services.availabilities.matches(viewer, entry.id, 'de');
    expect(matches.length).toBeGreaterThanOrEqual(1);
    for (const m of matches) expect((m.guestSpot as { countryCode: string | null }).countryCode).toBe('DE');
  });
});
