import { randomUUID } from 'node:crypto';
import { beforeEach, expect, it } from 'vitest';
import type { Message } from '../../../common/schemas/messages';
import { describeEachEngine, useTestApp } from '../../test/app';
import { createArtist, createStudio, type TestUser } from '../../test/factories';
import { call, createGuestSpot } from '../../test/listing-factories';
import { send } from './testing';

const PARALLEL = 50;

describeEachEngine('messages under concurrency', (engine) => {
  const t = useTestApp(engine);
  let artist: TestUser;
  let studio: TestUser;

  beforeEach(async () => {
    [artist, studio] = await Promise.all([createArtist(t.app), createStudio(t.app)]);
  });

  /** Both conversation rows of the pair as stored. */
  const rows = (a: TestUser, b: TestUser) =>
    t.app.ctx.db
      .selectFrom('conversations')
      .selectAll()
      .where((eb) =>
        eb.or([
          eb.and([eb('user_id', '=', a.user.id), eb('contact_id', '=', b.user.id)]),
          eb.and([eb('user_id', '=', b.user.id), eb('contact_id', '=', a.user.id)]),
        ]),
      )
      .execute();
  const unreadInDb = async (receiver: TestUser, sender: TestUser) =>
    (await t.app.ctx.db.selectFrom('messages').select('id').where('receiver_id', '=', receiver.user.id).where('sender_id', '=', sender.user.id).where('is_read', '=', 0).execute()).length;
  const lastId = async (a: TestUser, b: TestUser) =>
    (await t.app.ctx.db
      .selectFrom('messages')
      .select('id')
      .where('user_low', '=', Math.min(a.user.id, b.user.id))
      .where('user_high', '=', Math.max(a.user.id, b.user.id))
      .orderBy('id', 'desc')
      .executeTakeFirst())?.id;

  it(`stores one message for ${PARALLEL} parallel sends under one client id`, async () => {
    const clientId = randomUUID();
    const answers = await Promise.all(Array.from({ length: PARALLEL }, () => send(t.app, artist, studio.user.id, 'Einmal bitte', clientId)));
    const statuses = answers.map((r) => r.statusCode);
    expect(statuses.filter((s) => s === 201)).toHaveLength(1);
    expect(statuses.filter((s) => s === 200)).toHaveLength(PARALLEL - 1);
    expect(new Set(answers.map((r) => (r.json().message as Message).id)).size).toBe(1);
    expect(await t.app.ctx.db.selectFrom('messages').select('id').where('client_id', '=', clientId).execute()).toHaveLength(1);
    const stored = await rows(artist, studio);
    expect(stored.find((r) => r.user_id === studio.user.id)?.unread_count).toBe(1);
    // The retries gave their counts back: the sender may still send 59 this minute.
    for (let i = 0; i < 59; i++) expect((await send(t.app, artist, studio.user.id, `Weiter ${i}`)).statusCode).toBe(201);
    expect((await send(t.app, artist, studio.user.id, 'Zu viel')).statusCode).toBe(429);
  });

  it(`keeps the unread count and last message exact for ${PARALLEL} parallel first messages`, async () => {
    const answers = await Promise.all(Array.from({ length: PARALLEL }, (_, i) => send(t.app, artist, studio.user.id, `Parallel ${i}`)));
    expect(answers.map((r) => r.statusCode)).toEqual(Array(PARALLEL).fill(201));
    const stored = await rows(artist, studio);
    expect(stored).toHaveLength(2);
    const last = await lastId(artist, studio);
    for (const row of stored) expect(row.last_message_id).toBe(last);
    expect(stored.find((r) => r.user_id === studio.user.id)?.unread_count).toBe(PARALLEL);
    expect(stored.find((r) => r.user_id === artist.user.id)?.unread_count).toBe(0);
    expect((await call(t.app, 'GET', '/api/messages/unread-count', { as: studio })).json().count).toBe(PARALLEL);
  });

  it(`keeps both rows exact for ${PARALLEL} parallel messages in both directions`, async () => {
    await send(t.app, artist, studio.user.id, 'Start');
    const answers = await Promise.all(
      Array.from({ length: PARALLEL }, (_, i) => (i % 2 ? send(t.app, artist, studio.user.id, `A ${i}`) : send(t.app, studio, artist.user.id, `S ${i}`))),
    );
    expect(answers.map((r) => r.statusCode)).toEqual(Array(PARALLEL).fill(201));
    const stored = await rows(artist, studio);
    const last = await lastId(artist, studio);
    for (const row of stored) expect(row.last_message_id).toBe(last);
    expect(stored.find((r) => r.user_id === studio.user.id)?.unread_count).toBe(await unreadInDb(studio, artist));
    expect(stored.find((r) => r.user_id === artist.user.id)?.unread_count).toBe(PARALLEL / 2);
  });

  it(`keeps the unread count equal to the unread messages with ${PARALLEL} sends, reads and deletes at once`, async () => {
    const sent: Message[] = [];
    for (let i = 0; i < 20; i++) sent.push((await send(t.app, artist, studio.user.id, `Vorher ${i}`)).json().message);
    const answers = await Promise.all(
      Array.from({ length: PARALLEL }, (_, i) => {
        if (i % 5 === 0) return call(t.app, 'PUT', `/api/messages/read/${artist.user.id}`, { as: studio });
        if (i % 5 === 1) return call(t.app, 'DELETE', `/api/messages/${(sent[(i - 1) / 5] as Message).id}`, { as: artist });
        return send(t.app, artist, studio.user.id, `Neu ${i}`);
      }),
    );
    expect(answers.every((r) => r.statusCode === 200 || r.statusCode === 201)).toBe(true);
    const stored = await rows(artist, studio);
    expect(stored.find((r) => r.user_id === studio.user.id)?.unread_count).toBe(await unreadInDb(studio, artist));
    const last = await lastId(artist, studio);
    for (const row of stored) expect(row.last_message_id).toBe(last);
  });

  it(`deletes a message once for ${PARALLEL} parallel deletes`, async () => {
    await send(t.app, artist, studio.user.id, 'Bleibt');
    const doomed = (await send(t.app, artist, studio.user.id, 'Weg damit')).json().message as Message;
    const answers = await Promise.all(Array.from({ length: PARALLEL }, () => call(t.app, 'DELETE', `/api/messages/${doomed.id}`, { as: artist })));
    const statuses = answers.map((r) => r.statusCode);
    expect(statuses.filter((s) => s === 200)).toHaveLength(1);
    expect(statuses.filter((s) => s === 404)).toHaveLength(PARALLEL - 1);
    const stored = await rows(artist, studio);
    expect(stored.find((r) => r.user_id === studio.user.id)).toMatchObject({ unread_count: 1, last_message: 'Bleibt' });
  });

  it(`sends one application for ${PARALLEL} parallel applies, the others 409`, async () => {
    const spot = await createGuestSpot(t.app, studio);
    const answers = await Promise.all(Array.from({ length: PARALLEL }, () => call(t.app, 'POST', `/api/guest-spots/${spot.id}/apply`, { as: artist, payload: {} })));
    const statuses = answers.map((r) => r.statusCode);
    expect(statuses.filter((s) => s === 201)).toHaveLength(1);
    expect(statuses.filter((s) => s === 409)).toHaveLength(PARALLEL - 1);
    for (const r of answers.filter((a) => a.statusCode === 409)) expect(r.json()).toMatchObject({ code: 'applicationPending', conversationId: studio.user.id });
    const messages = await t.app.ctx.db.selectFrom('messages').select('id').where('reference_id', '=', spot.id).execute();
    expect(messages).toHaveLength(1);
    const application = await t.app.ctx.db.selectFrom('deal_requests').selectAll().where('guest_spot_id', '=', spot.id).execute();
    expect(application).toEqual([expect.objectContaining({ artist_id: artist.user.id, status: 'pending', kind: 'application' })]);
    expect((await rows(artist, studio)).find((r) => r.user_id === studio.user.id)?.unread_count).toBe(1);
  });
});
