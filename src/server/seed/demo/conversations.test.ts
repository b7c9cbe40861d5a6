import { expect, it } from 'vitest';
import { usernameKey } from '../../../common/username';
import { describeEachEngine, useTestApp } from '../../test/app';
import { insertBareUsers } from '../../test/factories';
import { seedDemoConversations } from './conversations';
import { DEMO_EMAIL_DOMAIN, DEMO_PEOPLE } from './index';
import { seedDemoListings } from './listings';

describeEachEngine('demo conversations', (engine) => {
  const t = useTestApp(engine, async () => {
    // The demo accounts alone, without pictures: messages need only their ids.
    await insertBareUsers(
      t.app,
      DEMO_PEOPLE.map((p) => ({ username: p.username, usernameKey: usernameKey(p.username), email: `${p.email}@${DEMO_EMAIL_DOMAIN}`, name: p.name, type: p.type })),
    );
    await seedDemoListings(t.app.ctx.db, DEMO_EMAIL_DOMAIN);
    await seedDemoConversations(t.app.ctx.db, DEMO_EMAIL_DOMAIN);
  });
  const idOf = async (email: string) =>
    (await t.app.ctx.db.selectFrom('users').select('id').where('email_key', '=', `${email}@${DEMO_EMAIL_DOMAIN}`).executeTakeFirstOrThrow()).id;
  const conversation = async (user: string, contact: string) =>
    t.app.ctx.db.selectFrom('conversations').selectAll().where('user_id', '=', await idOf(user)).where('contact_id', '=', await idOf(contact)).executeTakeFirstOrThrow();

  it('gives the demo studio an application with its card and unread messages', async () => {
    const studio = await idOf('studio');
    const lena = await idOf('lena');
    const application = await t.app.ctx.db.selectFrom('deal_requests').selectAll().where('artist_id', '=', lena).where('kind', '=', 'application').executeTakeFirstOrThrow();
    expect(application).toMatchObject({ studio_id: studio, status: 'pending' });
    const message = await t.app.ctx.db.selectFrom('messages').selectAll().where('sender_id', '=', lena).where('reference_type', '=', 'guest_spot').executeTakeFirstOrThrow();
    expect(message).toMatchObject({ receiver_id: studio, reference_id: application.guest_spot_id, is_read: 0 });
    expect((await conversation('studio', 'lena')).unread_count).toBe(1);
    expect((await conversation('studio', 'jonas.weber')).unread_count).toBe(2);
    expect((await conversation('studio', 'mia.schneider')).unread_count).toBe(0);
    expect((await conversation('lena', 'anker')).unread_count).toBe(1);
  });

  it('adds nothing when run again', async () => {
    const count = async () => (await t.app.ctx.db.selectFrom('messages').select('id').execute()).length;
    const before = await count();
    expect(before).toBe(8);
    await seedDemoConversations(t.app.ctx.db, DEMO_EMAIL_DOMAIN);
    expect(await count()).toBe(before);
  });
});
