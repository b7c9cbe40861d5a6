import { registerAside } from './admin-accounts';

/**
 * Registration allows 10 accounts an hour per address. The browsers register from 127.0.0.1 and
 * the admin journeys from 127.0.0.2 (admin-accounts.ts), each close to that allowance: the forum
 * and search journeys' accounts come from a third loopback address of their own.
 */
const COMMUNITY_ADDRESS = '127.0.0.3';

export const COMMUNITY_PASSWORD = 'Forum!Journey1';

export interface CommunityMember {
  id: number;
  username: string;
  name: string;
  email: string;
}

/**
 * A fresh artist of this run (demo accounts other journeys rely on stay untouched), registered
 * through the API from the community address; nobody is logged in with it yet.
 */
export async function freshMember(prefix: string): Promise<CommunityMember> {
  const username = `${prefix}${Date.now().toString(36)}${Math.random().toString(36).slice(2, 5)}`;
  const email = `${username}@example.test`;
  const user = await registerAside({ email, username, password: COMMUNITY_PASSWORD, userType: 'artist' }, COMMUNITY_ADDRESS);
  return { id: user.id, username: user.username, name: user.name, email };
}
