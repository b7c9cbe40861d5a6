import { userToken, verifyUserToken } from '../../lib/signed-token';

const PURPOSE = 'unsubscribe:message-mail';

/** The token of the unread-message mail's unsubscribe link: it can only turn those mails off. */
export const unsubscribeToken = (secret: string, userId: number): string => userToken(secret, PURPOSE, userId);

export const verifyUnsubscribeToken = (secret: string, token: string): number | null => verifyUserToken(secret, PURPOSE, token);
