import type { UserType } from '../../common/constants';

/** The columns a user's card is made of, as the users table names them. */
export interface UserCardRow {
  id: number;
  name: string;
  username: string;
  avatar: string | null;
  user_type: string;
}

/** A user as lists, threads and galleries show them: the public fields that link to /{username}, nothing more. */
export interface UserCard {
  id: number;
  name: string;
  username: string;
  avatar: string | null;
  userType: UserType;
}

export function presentUserCard(row: UserCardRow): UserCard {
  return { id: row.id, name: row.name, username: row.username, avatar: row.avatar, userType: row.user_type as UserType };
}
