import { createHmac } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { purposeMac, userToken, verifyUserToken } from './signed-token';

describe('signed link tokens', () => {
  const secret = 'a'.repeat(64);

  it('keeps the tokens mails already carry: an HMAC of "purpose:userId"', () => {
    const old = createHmac('sha256', secret).update('unsubscribe:forum-mail:42').digest('base64url');
    expect(userToken(secret, 'unsubscribe:forum-mail', 42)).toBe(`42.${old}`);
    expect(purposeMac(secret, 'appeal:suspension', 7, 1700000000000)).toBe(createHmac('sha256', secret).update('appeal:suspension:7:1700000000000').digest('base64url'));
  });

  it('answers the user for its own purpose and secret only', () => {
    const token = userToken(secret, 'unsubscribe:message-mail', 9);
    expect(verifyUserToken(secret, 'unsubscribe:message-mail', token)).toBe(9);
    expect(verifyUserToken(secret, 'unsubscribe:forum-mail', token)).toBeNull();
    expect(verifyUserToken('b'.repeat(64), 'unsubscribe:message-mail', token)).toBeNull();
  });

  it('refuses a changed id, a changed signature and anything malformed', () => {
    const token = userToken(secret, 'p', 9);
    expect(verifyUserToken(secret, 'p', token.replace(/^9\./, '8.'))).toBeNull();
    expect(verifyUserToken(secret, 'p', `${token.slice(0, -1)}${token.endsWith('A') ? 'B' : 'A'}`)).toBeNull();
    for (const bad of ['', '9', '9.', '0.abc', `09.${token.split('.')[1]}`, `${token}x`]) expect(verifyUserToken(secret, 'p', bad)).toBeNull();
  });
});
