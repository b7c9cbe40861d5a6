import type { z } from 'zod';
import type { registerSchema } from '../../../common/schemas/auth';
import { usernameKey } from '../../../common/username';
import type { Db } from '../../db/index';
import { hashPassword } from '../auth/password';
import * as repo from '../auth/repo';
import { emailKey } from '../auth/service';

/** Creates an administrator account, or makes an existing account with that email one. */
export async function createAdmin(db: Db, input: z.infer<typeof registerSchema>) {
  const existing = await repo.findUserByEmailKey(db, emailKey(input.email));
  if (existing) {
    await repo.updateUser(db, existing.id, { role: 'admin', password_hash: await hashPassword(input.password) });
    return { ...existing, role: 'admin' };
  }
  const now = new Date().toISOString();
  return repo.insertUser(db, {
    username: input.username,
    username_key: usernameKey(input.username),
    email: input.email,
    email_key: emailKey(input.email),
    password_hash: await hashPassword(input.password),
    name: input.username,
    role: 'admin',
    user_type: input.userType,
    featured_until: null,
    avatar: null, header_image: null, bio: null, city: null, country: null, city_id: null,
    country_id: null, city_name: null, country_name: null, gender: null, experience: null,
    instagram: null, facebook: null, tiktok: null, youtube: null, telegram: null, whatsapp: null,
    pinterest: null, twitter: null, website: null,
    created_at: now,
    updated_at: now,
  });
}

export async function promoteToAdmin(db: Db, email: string) {
  const user = await repo.findUserByEmailKey(db, emailKey(email));
  if (!user) return undefined;
  await repo.updateUser(db, user.id, { role: 'admin', updated_at: new Date().toISOString() });
  return user;
}
