import type { Role, UserType } from '../../../common/constants';
import type { SessionUser } from '../../../common/schemas/session';

/** The specified session user; never a password hash. */
export function presentSessionUser(row: {
  id: number;
  username: string;
  name: string;
  email: string;
  role: string;
  user_type: string;
  featured_until: string | null;
  avatar: string | null;
}): SessionUser {
  return {
    id: row.id,
    username: row.username,
    name: row.name,
    email: row.email,
    role: row.role as Role,
    userType: row.user_type as UserType,
    featuredUntil: row.featured_until,
    avatar: row.avatar,
  };
}
