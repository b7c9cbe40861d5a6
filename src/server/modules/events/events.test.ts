import type { FastifyInstance } from 'fastify';
import { afterAll, afterEach, beforeAll, expect, it, vi } from 'vitest';
import type { LiveEvent, Message } from '../../../common/schemas/messages';
import { createPeerApp, describeEachEngine, useTestApp } from '../../test/app';
import { listenOnFreePort, openEventStream, type TestStream } from '../../test/event-stream';
import { createArtist, createStudio, type TestUser } from '../../test/factories';
import { call } from '../../test/listing-factories';
import { createPresence } from './presence';

/** A message event as the messages service publishes it, with a text of the given length. */
function messageEvent(sender: TestUser, receiver: TestUser, content: string): LiveEvent {
  const person = (u: TestUser) => ({ id: u.user.id, name: u.user.name, username: u.user.username, avatar: null, userType: u.user.userType });
  const message: Message = {
    id: 1, senderId: sender.user.id, receiverId: receiver.user.id, content, isRead: false, createdAt: new Date().toISOString(),
    readAt: null, sender: person(sender), receiver: person(receiver), reference: null, clientId: null,
  };
  return { type: 'message.created', message };
}

describeEachEngine('live events', (engine) => {
  let artist: TestUser;
  let studio: TestUser;
  let base: string;
  const open: TestStream[] = [];
  const t = useTestApp(engine, async (app) => {
    artist = await createArtist(app.app);
    studio = await createStudio(app.app);
    base = await listenOnFreePort(app.app);
  });

  const stream = async (user: TestUser | null, headers: Record<string, string> = {}) => {
    const s = await openEventStream(base, user?.cookie ?? null, headers);
    open.push(s);
    return s;
  };
  afterEach(() => {
    for (const s of open.splice(0)) s.close();
    vi.useRealTimers();
  });

  it('answers a visitor 401 in their language', async () => {
    const s = await stream(null, { 'accept-language': 'de' });
    expect(s.status).toBe(401);
    expect(JSON.parse(s.body)).toMatchObject({ success: false, code: 'unauthorized' });
  });

  it('opens a stream that is never cached, buffered or compressed', async () => {
    const s = await stream(artist, { 'accept-encoding': 'gzip, deflate, br' });
    expect(s.status).toBe(200);
    expect(s.headers['content-type']).toBe('text/event-stream');
    expect(s.headers['cache-control']).toBe('no-cache');
    expect(s.headers['x-accel-buffering']).toBe('no');
    expect(s.headers['content-encoding']).toBeUndefined();
    // helmet's headers still go out on the hijacked answer
    expect(s.headers['x-content-type-options']).toBe('nosniff');
    expect(await s.next('comment')).toEqual({ kind: 'comment', text: 'open' });
    // A large event arrives as plain text too.
    t.app.ctx.events.publish([artist.user.id], messageEvent(studio, artist, 'x'.repeat(4000)));
    const item = await s.next('event');
    expect(item).toMatchObject({ event: 'message.created', data: { message: { content: 'x'.repeat(4000) } } });
  });

  it('delivers each event to its users only, once, in order', async () => {
    const a = await stream(artist);
    const a2 = await stream(artist);
    const b = await stream(studio);
    for (const s of [a, a2, b]) await s.next('comment');
    const bus = t.app.ctx.events;
    bus.publish([artist.user.id], { type: 'unread.count', count: 3 });
    bus.publish([studio.user.id], { type: 'unread.count', count: 7 });
    bus.publish([artist.user.id, studio.user.id], { type: 'message.deleted', id: 9, senderId: artist.user.id, receiverId: studio.user.id });
    for (const s of [a, a2]) {
      expect(await s.next('event')).toEqual({ kind: 'event', event: 'unread.count', data: { type: 'unread.count', count: 3 } });
      expect(await s.next('event')).toMatchObject({ event: 'message.deleted', data: { id: 9 } });
    }
    expect(await b.next('event')).toMatchObject({ event: 'unread.count', data: { count: 7 } });
    expect(await b.next('event')).toMatchObject({ event: 'message.deleted', data: { id: 9 } });
    // Nothing twice: a process hearing its own notification does not deliver it again.
    await new Promise((r) => setTimeout(r, 300));
    for (const s of [a, a2, b]) expect(s.pending().filter((i) => i.kind === 'event')).toEqual([]);
  });

  it('holds at most 5 streams a user; the 6th answers 429 until one closes', async () => {
    const five = [];
    for (let i = 0; i < 5; i++) five.push(await stream(studio));
    for (const s of five) expect(s.status).toBe(200);
    const sixth = await stream(studio, { 'accept-language': 'de' });
    expect(sixth.status).toBe(429);
    expect(JSON.parse(sixth.body)).toMatchObject({ success: false, code: 'tooManyStreams' });
    // another user is not affected
    expect((await stream(artist)).status).toBe(200);

    five[0]?.close();
    await expect.poll(() => t.app.services.events.streams.count(studio.user.id)).toBe(4);
    expect((await stream(studio)).status).toBe(200);
  });

  it('counts parallel opens before anything is awaited', async () => {
    const user = await createArtist(t.app);
    const all = await Promise.all(Array.from({ length: 12 }, () => stream(user)));
    expect(all.filter((s) => s.status === 200)).toHaveLength(5);
    expect(all.filter((s) => s.status === 429)).toHaveLength(7);
  });

  it('writes a heartbeat every 25 seconds and marks the user active', async () => {
    vi.useFakeTimers({ toFake: ['setInterval', 'clearInterval'] });
    const touch = vi.spyOn(t.app.services.events.presence, 'touch');
    const s = await stream(artist);
    await s.next('comment');
    expect(touch).toHaveBeenCalledWith(artist.user.id, expect.anything());
    touch.mockClear();
    vi.advanceTimersByTime(24_999);
    vi.advanceTimersByTime(1);
    expect(await s.next('comment')).toEqual({ kind: 'comment', text: 'heartbeat' });
    expect(touch).toHaveBeenCalledWith(artist.user.id, expect.anything());
    vi.advanceTimersByTime(25_000);
    expect(await s.next('comment')).toEqual({ kind: 'comment', text: 'heartbeat' });
    touch.mockRestore();
  });

  it('ends a stream whose session has ended unheard of, at the next session check', async () => {
    vi.useFakeTimers({ toFake: ['setInterval', 'clearInterval'] });
    const user = await createArtist(t.app);
    const s = await stream(user);
    await s.next('comment');
    // Gone without a word to the streams (it expired, or the message was lost on a dropped link).
    await t.app.ctx.db.deleteFrom('sessions').where('user_id', '=', user.user.id).execute();
    vi.advanceTimersByTime(25_000);
    await s.next('comment');
    vi.advanceTimersByTime(25_000);
    await s.ended;
    await expect.poll(() => t.app.services.events.streams.count(user.user.id)).toBe(0);
  });

  it('keeps a stream whose session is still valid past the session check', async () => {
    vi.useFakeTimers({ toFake: ['setInterval', 'clearInterval'] });
    const s = await stream(studio);
    await s.next('comment');
    vi.advanceTimersByTime(50_000);
    await s.next('comment');
    await s.next('comment');
    await new Promise((r) => setTimeout(r, 100));
    t.app.ctx.events.publish([studio.user.id], { type: 'unread.count', count: 2 });
    expect(await s.next('event')).toMatchObject({ event: 'unread.count' });
  });

  it('marks a user active on requests at most once a minute', async () => {
    const user = await createStudio(t.app);
    const lastActive = async () =>
      (await t.app.ctx.db.selectFrom('users').select('last_active_at').where('id', '=', user.user.id).executeTakeFirstOrThrow()).last_active_at;
    await call(t.app, 'GET', '/api/auth/me', { as: user });
    await t.app.services.events.idle();
    const first = await lastActive();
    expect(first).not.toBeNull();
    expect(Date.now() - Date.parse(first as string)).toBeLessThan(10_000);
    await new Promise((r) => setTimeout(r, 20));
    await call(t.app, 'GET', '/api/auth/me', { as: user });
    await call(t.app, 'GET', '/api/auth/check', { as: user });
    await t.app.services.events.idle();
    expect(await lastActive()).toBe(first);
    // visitors and failed requests never fail for it
    expect((await call(t.app, 'GET', '/api/auth/me')).statusCode).toBe(401);
  });

  it('writes the activity mark again once a minute has passed, never backwards', async () => {
    const user = await createArtist(t.app);
    let clock = Date.parse('2030-01-01T10:00:00.000Z');
    const presence = createPresence(t.app.ctx.db, { now: () => clock });
    const mark = async () => {
      await presence.idle();
      return (await t.app.ctx.db.selectFrom('users').select('last_active_at').where('id', '=', user.user.id).executeTakeFirstOrThrow()).last_active_at;
    };
    const quiet = { warn: () => undefined };
    presence.touch(user.user.id, quiet);
    expect(await mark()).toBe('2030-01-01T10:00:00.000Z');
    clock += 59_999;
    presence.touch(user.user.id, quiet);
    expect(await mark()).toBe('2030-01-01T10:00:00.000Z');
    clock += 1;
    presence.touch(user.user.id, quiet);
    expect(await mark()).toBe('2030-01-01T10:01:00.000Z');
    // another process (a fresh throttle) with an older clock leaves the newer mark
    const behind = createPresence(t.app.ctx.db, { now: () => clock - 30_000 });
    behind.touch(user.user.id, quiet);
    await behind.idle();
    expect(await mark()).toBe('2030-01-01T10:01:00.000Z');
  });

  it('ends a stream when the browser stops reading', async () => {
    const s = await stream(artist);
    await s.next('comment');
    s.close();
    await expect.poll(() => t.app.services.events.streams.count(artist.user.id)).toBe(0);
    // publishing to a user without streams is harmless
    t.app.ctx.events.publish([artist.user.id], { type: 'unread.count', count: 1 });
  });

  it('closing the app ends its open streams', async () => {
    const peer = await createPeerApp(t);
    const peerBase = await listenOnFreePort(peer);
    const s = await openEventStream(peerBase, artist.cookie);
    expect(s.status).toBe(200);
    await s.next('comment');
    const started = Date.now();
    await peer.close();
    await s.ended;
    expect(Date.now() - started).toBeLessThan(5000);
  });

  if (engine === 'postgres') {
    describePeer();
  }

  function describePeer() {
    let peer: FastifyInstance;
    let peerBase: string;
    beforeAll(async () => {
      peer = await createPeerApp(t);
      peerBase = await listenOnFreePort(peer);
    });
    afterAll(async () => {
      await peer?.close();
    });

    it('reaches a user whose stream is on another process, once, large messages too', async () => {
      const remote = await openEventStream(peerBase, studio.cookie);
      open.push(remote);
      const here = await stream(studio);
      await remote.next('comment');
      await here.next('comment');
      // The largest message there is: 5,000 characters of 4 UTF-8 bytes, quotes and line breaks among them.
      const content = '😀"\n'.repeat(1666) + '😀😀';
      t.app.ctx.events.publish([studio.user.id], messageEvent(artist, studio, content));
      peer.ctx.events.publish([studio.user.id, artist.user.id], { type: 'conversation.read', readerId: studio.user.id, contactId: artist.user.id, readAt: new Date().toISOString(), upToId: 4 });
      // Publications of two processes have no order between them; each arrives once.
      for (const s of [remote, here]) {
        const created = await s.next('event');
        const read = await s.next('event');
        const [c, r] = created.kind === 'event' && created.event === 'message.created' ? [created, read] : [read, created];
        expect((c as { data: { message: Message } }).data.message.content).toBe(content);
        expect(r).toMatchObject({ event: 'conversation.read', data: { upToId: 4 } });
      }
      await new Promise((r) => setTimeout(r, 300));
      for (const s of [remote, here]) expect(s.pending().filter((i) => i.kind === 'event')).toEqual([]);
    });

    it('carries a message sent through one process to the recipient on the other, with the count', async () => {
      const sender = await createArtist(t.app);
      const recipient = await createStudio(t.app);
      const remote = await openEventStream(peerBase, recipient.cookie);
      open.push(remote);
      await remote.next('comment');
      const res = await call(t.app, 'POST', '/api/messages', { as: sender, payload: { recipient_id: recipient.user.id, content: 'Hallo <b>Studio</b>' } });
      expect(res.statusCode).toBe(201);
      const events = [await remote.next('event'), await remote.next('event')];
      expect(events).toEqual(
        expect.arrayContaining([
          expect.objectContaining({ event: 'message.created', data: expect.objectContaining({ message: expect.objectContaining({ content: 'Hallo <b>Studio</b>', senderId: sender.user.id }) }) }),
          expect.objectContaining({ event: 'unread.count', data: { type: 'unread.count', count: 1 } }),
        ]),
      );
    });
  }
});
