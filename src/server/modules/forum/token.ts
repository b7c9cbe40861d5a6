import { userToken, verifyUserToken } from '../../lib/signed-token';

const PURPOSE = 'unsubscribe:forum-mail';

/** The token of the forum digest's unsubscribe link: it can only turn the forum mails off. */
export const forumUnsubscribeToken = (secret: string, userId: number): string => userToken(secret, PURPOSE, userId);

export const verifyForumUnsubscribeToken = (secret: string, token: string): number | null => verifyUserToken(secret, PURPOSE, token);
