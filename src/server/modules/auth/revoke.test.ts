import { expect, it } from 'vitest';
import { describeEachEngine, useTestApp } from '../../test/app';
import { createArtist } from '../../test/factories';
import * as repo from './repo';
import { hashToken, newToken } from './sessions';

describeEachEngine('replacing an account\'s access', (engine) => {
  const t = useTestApp(engine);

  it('refuses a reset link claimed just before the admin command once the command has run', async () => {
    const user = await createArtist(t.app);
    const db = t.app.ctx.db;
    const token = newToken();
    const now = Date.now();
    await repo.insertPasswordReset(db, { tokenHash: hashToken(token), userId: user.user.id, now: new Date(now).toISOString(), expiresAt: new Date(now + 60_000).toISOString() });
    // The link is claimed, and its new password still being hashed, when the command runs.
    expect(await repo.claimPasswordReset(db, hashToken(token), new Date().toISOString())).toBe(user.user.id);
    const before = await repo.makeAdmin(db, user.email.toLowerCase(), { password_hash: 'admin-hash' });
    expect(before?.id).toBe(user.user.id);
    expect(await repo.completePasswordReset(db, hashToken(token), user.user.id, { password_hash: 'attacker-hash' })).toBe(false);
    expect(await repo.findUserById(db, user.user.id)).toMatchObject({ role: 'admin', password_hash: 'admin-hash' });
  });

  it('completes a claimed reset link nobody voided, ending every session and voiding the other links', async () => {
    const user = await createArtist(t.app);
    const db = t.app.ctx.db;
    const [first, second] = [newToken(), newToken()];
    const now = new Date().toISOString();
    const later = new Date(Date.now() + 60_000).toISOString();
    for (const token of [first, second]) await repo.insertPasswordReset(db, { tokenHash: hashToken(token), userId: user.user.id, now, expiresAt: later });
    expect(await repo.claimPasswordReset(db, hashToken(first), now)).toBe(user.user.id);
    expect(await repo.completePasswordReset(db, hashToken(first), user.user.id, { password_hash: 'new-hash' })).toBe(true);
    expect(await repo.claimPasswordReset(db, hashToken(second), now)).toBeUndefined();
    expect(await db.selectFrom('sessions').select('id').where('user_id', '=', user.user.id).execute()).toEqual([]);
  });
});
