import { createHash, randomBytes } from 'node:crypto';
import { expect, it, vi } from 'vitest';
import { describeEachEngine, useTestApp } from '../test/app';
import { createArtist, sessionCookie, type TestUser } from '../test/factories';
import { openCommandServices, runAdminCommand, type AdminCommand } from './admin-commands';

describeEachEngine('the admin command', (engine) => {
  const t = useTestApp(engine);
  const inject = (method: 'GET' | 'POST', url: string, opts: { cookie?: string; payload?: object } = {}) =>
    t.app.inject({ method, url, remoteAddress: `10.77.${Math.floor(Math.random() * 250)}.1`, headers: opts.cookie ? { cookie: opts.cookie } : {}, ...(opts.payload ? { payload: opts.payload } : {}) });

  /**
   * On PostgreSQL the command runs as its own process does (its own pool and bus), so the
   * app hears of it over the wire; SQLite has no link between processes, so there it runs on
   * the app's services.
   */
  async function run(args: AdminCommand): Promise<number> {
    const out = { log: vi.fn(), error: vi.fn() };
    if (engine === 'sqlite') return runAdminCommand(t.app.services.auth, args, out);
    await t.app.ctx.invalidation.ready();
    const cli = await openCommandServices(t.config);
    try {
      return await runAdminCommand(cli.auth, args, out);
    } finally {
      await cli.close();
    }
  }

  /** A reset link as the forgot-password mail carries it (its token), mailed before the command ran. */
  async function mailedResetLink(user: TestUser): Promise<string> {
    const token = randomBytes(32).toString('base64url');
    const now = Date.now();
    await t.app.ctx.db
      .insertInto('password_resets')
      .values({
        token_hash: createHash('sha256').update(token).digest('hex'),
        user_id: user.user.id,
        created_at: new Date(now).toISOString(),
        expires_at: new Date(now + 60 * 60_000).toISOString(),
      })
      .execute();
    return token;
  }

  /** A second session of the user, as another browser would hold it. */
  async function secondSession(user: TestUser): Promise<string> {
    const res = await inject('POST', '/api/auth/login', { payload: { email: user.email, password: user.password } });
    expect(res.statusCode).toBe(200);
    return sessionCookie(res);
  }

  // Within the second the other processes take to hear the command; no later.
  const expectLoggedOut = (cookie: string) =>
    expect.poll(async () => (await inject('GET', '/api/auth/me', { cookie })).statusCode, { timeout: 1000, interval: 20 }).toBe(401);

  it('create on an existing account refuses its earlier reset link and ends its sessions', async () => {
    const user = await createArtist(t.app);
    const other = await secondSession(user);
    const token = await mailedResetLink(user);
    // Both sessions are cached by the app before the command runs.
    for (const cookie of [user.cookie, other]) expect((await inject('GET', '/api/auth/me', { cookie })).json().user.role).toBe('user');

    expect(await run({ command: 'create', email: user.email, password: 'Admin!Passwort9' })).toBe(0);

    for (const cookie of [user.cookie, other]) await expectLoggedOut(cookie);
    const reset = await inject('POST', '/api/auth/reset-password', { payload: { token, password: 'Angreifer!Pass7' } });
    expect(reset.statusCode).toBe(400);
    expect(reset.json().code).toBe('resetTokenInvalid');
    expect((await inject('POST', '/api/auth/login', { payload: { email: user.email, password: 'Angreifer!Pass7' } })).statusCode).toBe(401);
    expect((await inject('POST', '/api/auth/login', { payload: { email: user.email, password: user.password } })).statusCode).toBe(401);
    const admin = await inject('POST', '/api/auth/login', { payload: { email: user.email, password: 'Admin!Passwort9' } });
    expect(admin.statusCode).toBe(200);
    expect(admin.json().user.role).toBe('admin');
  });

  it('promote refuses the account\'s earlier reset link and ends its sessions; a new login is the admin', async () => {
    const user = await createArtist(t.app);
    const token = await mailedResetLink(user);
    expect((await inject('GET', '/api/auth/me', { cookie: user.cookie })).statusCode).toBe(200);

    expect(await run({ command: 'promote', email: user.email })).toBe(0);

    await expectLoggedOut(user.cookie);
    const reset = await inject('POST', '/api/auth/reset-password', { payload: { token, password: 'Angreifer!Pass7' } });
    expect(reset.statusCode).toBe(400);
    const login = await inject('POST', '/api/auth/login', { payload: { email: user.email, password: user.password } });
    expect(login.json().user.role).toBe('admin');
  });

  it('creates a new administrator and answers 1 for promoting an unknown email', async () => {
    expect(await run({ command: 'create', email: `neu${process.pid}@example.test`, password: 'Admin!Passwort9', username: 'Neue Admin' })).toBe(0);
    const login = await inject('POST', '/api/auth/login', { payload: { email: `neu${process.pid}@example.test`, password: 'Admin!Passwort9' } });
    expect(login.json().user).toMatchObject({ role: 'admin', username: 'Neue Admin' });
    expect(await run({ command: 'promote', email: 'niemand@example.test' })).toBe(1);
  });

  it('refuses a common password as invalid input and creates nobody', async () => {
    const email = `common${process.pid}@example.test`;
    expect(await run({ command: 'create', email, password: 'P@ssw0rd', username: 'Common Admin' })).toBe(2);
    expect((await inject('POST', '/api/auth/login', { payload: { email, password: 'P@ssw0rd' } })).statusCode).toBe(401);
  });
});
