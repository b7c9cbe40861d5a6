import type { SessionUser } from '../../../common/schemas/session';
import type { Db } from '../../db/index';
import { presentSessionUser } from '../../modules/auth/index';

/**
 * The demo accounts as the services take them (the logged-in user), keyed by the local part of
 * their address ("lena", "studio"), so the demo writers act through the services as users would.
 */
export async function loadDemoAccounts(db: Db, emailDomain: string): Promise<{ ids: number[]; byEmail: Map<string, SessionUser> }> {
  const users = await db
    .selectFrom('users')
    .select(['id', 'username', 'name', 'email', 'email_key', 'role', 'user_type', 'featured_until', 'avatar'])
    .where('email_key', 'like', `%@${emailDomain}`)
    .execute();
  return {
    ids: users.map((u) => u.id),
    byEmail: new Map(users.map((u) => [u.email_key.slice(0, -(emailDomain.length + 1)), presentSessionUser(u)])),
  };
}
