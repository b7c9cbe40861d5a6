import type { Role, UserType } from '../constants';

/** The logged-in user as every session answer carries it. */
export interface SessionUser {
  id: number;
  username: string;
  name: string;
  email: string;
  role: Role;
  userType: UserType;
  featuredUntil: string | null;
  avatar: string | null;
}
