import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import { afterAll, afterEach, beforeAll, expect, it, vi } from 'vitest';
import { createPeerApp, describeEachEngine, useTestApp } from '../../test/app';
import { listenOnFreePort, openEventStream, type TestStream } from '../../test/event-stream';
import { createArtist, sessionCookie, type TestUser } from '../../test/factories';

/** Resolves with how long the stream took to end after `since`, or fails after `ms`. */
async function endsWithin(s: TestStream, since: number, ms: number): Promise<number> {
  let timer: NodeJS.Timeout | undefined;
  const late = new Promise<never>((_, fail) => (timer = setTimeout(() => fail(new Error(`stream still open after ${ms} ms`)), ms)));
  try {
    await Promise.race([s.ended, late]);
  } finally {
    clearTimeout(timer);
  }
  return Date.now() - since;
}

/**
 * Logout, password change and account deletion close the user's (or the session's) open
 * streams at once. On PostgreSQL the streams are on another process of the same deployment
 * (a peer app on the same database, told over LISTEN/NOTIFY); on SQLite, in the one process.
 */
describeEachEngine('live streams end with their session', (engine) => {
  const t = useTestApp(engine);
  let peer: FastifyInstance | undefined;
  let streamBase: string;
  const open: TestStream[] = [];

  beforeAll(async () => {
    if (engine === 'postgres') {
      peer = await createPeerApp(t);
      streamBase = await listenOnFreePort(peer);
      await Promise.all([peer.ctx.invalidation.ready(), t.app.ctx.invalidation.ready()]);
    } else {
      streamBase = await listenOnFreePort(t.app);
    }
  });
  afterAll(async () => {
    await peer?.close();
  });
  afterEach(() => {
    for (const s of open.splice(0)) s.close();
    vi.restoreAllMocks();
  });

  /** The app the streams are on: the other process on PostgreSQL. */
  const streamApp = () => peer ?? t.app;

  const stream = async (cookie: string) => {
    const s = await openEventStream(streamBase, cookie);
    open.push(s);
    expect(s.status).toBe(200);
    expect(await s.next('comment')).toEqual({ kind: 'comment', text: 'open' });
    return s;
  };
  const send = (method: 'POST' | 'PUT' | 'DELETE', url: string, cookie: string, payload?: object) =>
    t.app.inject({ method, url, remoteAddress: `10.66.${Math.floor(Math.random() * 250)}.1`, headers: { cookie }, ...(payload ? { payload } : {}) });
  const secondSession = async (user: TestUser) => {
    const res = await t.app.inject({ method: 'POST', url: '/api/auth/login', remoteAddress: '10.66.0.9', payload: { email: user.email, password: user.password } });
    return sessionCookie(res);
  };
  /** The stream still delivers: an event to its user arrives. */
  const stillOpen = async (s: TestStream, userId: number) => {
    t.app.ctx.events.publish([userId], { type: 'unread.count', count: 4 });
    expect(await s.next('event', 2000)).toMatchObject({ event: 'unread.count', data: { count: 4 } });
  };

  it('a logout closes that session\'s streams within a second, and no other session\'s', async () => {
    const user = await createArtist(t.app);
    const other = await secondSession(user);
    const [mine, mine2, theirs] = [await stream(user.cookie), await stream(user.cookie), await stream(other)];
    const started = Date.now();
    expect((await send('POST', '/api/auth/logout', user.cookie)).statusCode).toBe(200);
    for (const s of [mine, mine2]) expect(await endsWithin(s, started, 1000)).toBeLessThan(1000);
    await stillOpen(theirs, user.user.id);
    // The logged-out cookie reads nothing where the streams were either.
    await expect
      .poll(async () => (await streamApp().inject({ method: 'GET', url: '/api/auth/me', headers: { cookie: user.cookie } })).statusCode, { timeout: 1000, interval: 20 })
      .toBe(401);
  });

  it('a password change closes the other sessions\' streams within a second, not the changing one\'s', async () => {
    const user = await createArtist(t.app);
    const other = await secondSession(user);
    const [here, there] = [await stream(user.cookie), await stream(other)];
    const started = Date.now();
    const res = await send('PUT', '/api/profile/password', user.cookie, { currentPassword: user.password, newPassword: 'Neues!Passwort42' });
    expect(res.statusCode).toBe(200);
    expect(await endsWithin(there, started, 1000)).toBeLessThan(1000);
    await stillOpen(here, user.user.id);
  });

  it('an account deletion closes all of its streams within a second', async () => {
    const user = await createArtist(t.app);
    const other = await secondSession(user);
    const streams = [await stream(user.cookie), await stream(other)];
    const started = Date.now();
    const res = await send('DELETE', '/api/profile/account', user.cookie, { password: user.password });
    expect(res.statusCode).toBe(200);
    for (const s of streams) expect(await endsWithin(s, started, 1000)).toBeLessThan(1000);
    await expect.poll(() => streamApp().services.events.streams.count(user.user.id)).toBe(0);
  });

  it('a write that ends sessions answers only once the other processes were told', async () => {
    const user = await createArtist(t.app);
    const spare = await secondSession(user);
    const gate = () => {
      let open = () => {};
      const told = new Promise<void>((resolve) => (open = resolve));
      const spy = vi.spyOn(t.app.ctx.invalidation, 'invalidateEverywhere').mockImplementation(async (tags) => {
        t.app.ctx.invalidation.invalidate(tags);
        await told;
      });
      return { open, spy };
    };
    const writes: [string, () => Promise<LightMyRequestResponse>][] = [
      ['logout', () => send('POST', '/api/auth/logout', spare)],
      ['password change', () => send('PUT', '/api/profile/password', user.cookie, { currentPassword: user.password, newPassword: 'Neues!Passwort43' })],
      ['deletion', () => send('DELETE', '/api/profile/account', user.cookie, { password: 'Neues!Passwort43' })],
    ];
    for (const [name, write] of writes) {
      const { open, spy } = gate();
      let answered = false;
      const answer = write().then((res) => ((answered = true), res));
      await vi.waitFor(() => expect(spy).toHaveBeenCalled());
      await new Promise((r) => setTimeout(r, 50));
      expect(answered, name).toBe(false);
      open();
      expect((await answer).statusCode, name).toBe(200);
      spy.mockRestore();
    }
  });
});
