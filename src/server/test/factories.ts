import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import type { SessionUser } from '../../common/schemas/session';

let counter = 0;

export interface TestUser {
  user: SessionUser;
  cookie: string;
  email: string;
  password: string;
}

export function sessionCookie(res: LightMyRequestResponse): string {
  const cookie = res.cookies.find((c) => c.name === 'tgs_session');
  if (!cookie) throw new Error(`no session cookie in answer ${res.statusCode}: ${res.body}`);
  return `tgs_session=${cookie.value}`;
}

/** Registers a user through the API, as a person would, and answers its session cookie. */
export async function createUser(
  app: FastifyInstance,
  opts: { userType?: 'artist' | 'studio'; username?: string; email?: string; password?: string } = {},
): Promise<TestUser> {
  counter++;
  const suffix = `${process.pid}x${counter}x${Math.random().toString(36).slice(2, 6)}`;
  const email = opts.email ?? `user${suffix}@example.test`;
  const password = opts.password ?? 'Sicher!Passwort1';
  const res = await app.inject({
    method: 'POST',
    url: '/api/auth/register',
    // A fresh address per user keeps the per-address registration limit out of unrelated tests.
    remoteAddress: `10.${counter % 250}.${Math.floor(Math.random() * 250)}.${Math.floor(Math.random() * 250)}`,
    payload: { email, username: opts.username ?? `user_${suffix}`.slice(0, 30), password, userType: opts.userType ?? 'artist' },
  });
  if (res.statusCode !== 201) throw new Error(`register failed ${res.statusCode}: ${res.body}`);
  return { user: res.json().user, cookie: sessionCookie(res), email, password };
}

export const createArtist = (app: FastifyInstance, opts: Parameters<typeof createUser>[1] = {}) =>
  createUser(app, { ...opts, userType: 'artist' });
export const createStudio = (app: FastifyInstance, opts: Parameters<typeof createUser>[1] = {}) =>
  createUser(app, { ...opts, userType: 'studio' });

export type UserType = 'artist' | 'studio';

/** Registers one user per type given, one after the other, and answers them in that order. */
export async function createUsers<const T extends readonly UserType[]>(app: FastifyInstance, ...types: T): Promise<{ -readonly [K in keyof T]: TestUser }> {
  const users: TestUser[] = [];
  for (const userType of types) users.push(await createUser(app, { userType }));
  return users as { -readonly [K in keyof T]: TestUser };
}

/** Writes accounts straight into the users table, without profile fields: for tests that only read them. */
export async function insertBareUsers(
  app: FastifyInstance,
  users: { username: string; usernameKey: string; email: string; name: string; type: 'artist' | 'studio' }[],
): Promise<void> {
  const now = new Date().toISOString();
  await app.ctx.db
    .insertInto('users')
    .values(
      users.map((u) => ({
        username: u.username,
        username_key: u.usernameKey,
        email: u.email,
        email_key: u.email.toLowerCase(),
        password_hash: 'x',
        name: u.name,
        user_type: u.type,
        featured_until: null, avatar: null, header_image: null, bio: null, city: null, country: null, city_id: null,
        country_id: null, city_name: null, country_name: null, gender: null, experience: null, instagram: null,
        facebook: null, tiktok: null, youtube: null, telegram: null, whatsapp: null, pinterest: null, twitter: null,
        website: null, created_at: now, updated_at: now,
      })),
    )
    .execute();
}
