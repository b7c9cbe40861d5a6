import { expect, it } from 'vitest';
import { todayInBerlin } from '../../../common/schemas/listing-fields';
import { usernameKey } from '../../../common/username';
import { agreementHash } from '../../modules/agreements/index';
import { describeEachEngine, useTestApp } from '../../test/app';
import { insertBareUsers } from '../../test/factories';
import { seedDemoConversations } from './conversations';
import { seedDemoDeals } from './deals';
import { DEMO_EMAIL_DOMAIN, DEMO_PEOPLE } from './index';
import { seedDemoListings } from './listings';
import { seedDemoVerification } from './trust';

describeEachEngine('demo deals', (engine) => {
  const t = useTestApp(engine, async () => {
    // The demo accounts alone, without pictures: deals need only their ids and listings.
    await insertBareUsers(
      t.app,
      DEMO_PEOPLE.map((p) => ({ username: p.username, usernameKey: usernameKey(p.username), email: `${p.email}@${DEMO_EMAIL_DOMAIN}`, name: p.name, type: p.type })),
    );
    await seedDemoListings(t.app.ctx.db, DEMO_EMAIL_DOMAIN);
    await seedDemoConversations(t.app.ctx.db, DEMO_EMAIL_DOMAIN);
    await seedDemoDeals(t.app.ctx.db, DEMO_EMAIL_DOMAIN);
  });
  const idOf = async (email: string) =>
    (await t.app.ctx.db.selectFrom('users').select('id').where('email_key', '=', `${email}@${DEMO_EMAIL_DOMAIN}`).executeTakeFirstOrThrow()).id;

  it('gives the demo pending applications, an invitation, a confirmed and a completed stay', async () => {
    const db = t.app.ctx.db;
    const [studio, lena] = [await idOf('studio'), await idOf('lena')];
    const pending = await db.selectFrom('deal_requests').select(['kind', 'artist_id', 'studio_id']).where('status', '=', 'pending').execute();
    expect(pending.filter((r) => r.kind === 'application' && r.studio_id === studio)).toHaveLength(2);
    expect(pending.filter((r) => r.kind === 'invitation' && r.artist_id === lena)).toHaveLength(1);
    const stays = await db.selectFrom('stays').select(['status', 'artist_id', 'studio_id', 'end_date']).where('studio_id', '=', studio).orderBy('start_date').execute();
    expect(stays.map((s) => s.status)).toEqual(['completed', 'confirmed']);
    expect(stays[0]).toMatchObject({ artist_id: lena });
    expect((stays[1]?.end_date ?? '') >= todayInBerlin()).toBe(true);
    // Both sides accepted the confirmed stay's agreement, for the version it names.
    const confirmed = await db.selectFrom('stays').select(['id', 'terms', 'start_date', 'end_date', 'city_name']).where('studio_id', '=', studio).where('status', '=', 'confirmed').executeTakeFirstOrThrow();
    const accepted = await db.selectFrom('agreement_acceptances').select(['side', 'terms_hash']).where('stay_id', '=', confirmed.id).orderBy('side').execute();
    expect(accepted.map((a) => a.side)).toEqual(['artist', 'studio']);
    expect(new Set(accepted.map((a) => a.terms_hash))).toEqual(new Set([agreementHash(confirmed)]));
  });

  it('makes the demo studio a verified one, with its document stored privately, once', async () => {
    const db = t.app.ctx.db;
    const studio = await idOf('studio');
    await seedDemoVerification(db, t.app.ctx.storage, DEMO_EMAIL_DOMAIN);
    await seedDemoVerification(db, t.app.ctx.storage, DEMO_EMAIL_DOMAIN);
    const rows = await db.selectFrom('studio_verifications').select(['status', 'document_key']).where('user_id', '=', studio).execute();
    expect(rows).toEqual([{ status: 'approved', document_key: `verifications/${studio}/demo-trade-registration.png` }]);
    expect((await t.app.ctx.storage.get(rows[0]?.document_key ?? ''))?.subarray(1, 4).toString()).toBe('PNG');
    expect((await t.app.inject({ method: 'GET', url: `/uploads/${rows[0]?.document_key}` })).statusCode).toBe(404);
    expect((await t.app.inject({ method: 'GET', url: `/api/users/${studio}/trust` })).json().verifiedStudio).toBe(true);
  });

  it('adds nothing when run again', async () => {
    const count = async () => (await t.app.ctx.db.selectFrom('deal_requests').select('id').execute()).length;
    const before = await count();
    await seedDemoDeals(t.app.ctx.db, DEMO_EMAIL_DOMAIN);
    expect(await count()).toBe(before);
  });
});
