import { expect, it } from 'vitest';
import { describeEachEngine, useTestApp } from '../../test/app';
import { createArtist } from '../../test/factories';
import { createPresence } from './presence';

describeEachEngine('active days', (engine) => {
  const t = useTestApp(engine);
  const quiet = { warn: () => undefined };

  it('records each user once per Berlin day, and a process writes a day at most once', async () => {
    const user = await createArtist(t.app);
    const db = t.app.ctx.db;
    const days = async () => {
      await presence.idle();
      return db.selectFrom('user_activity').select(['day', 'week_start']).where('user_id', '=', user.user.id).orderBy('day').execute();
    };
    // Sunday 23:30 in Berlin, the night summer time began.
    let clock = Date.parse('2026-03-29T21:30:00.000Z');
    const presence = createPresence(db, { now: () => clock });
    presence.touch(user.user.id, quiet);
    expect(await days()).toEqual([{ day: '2026-03-29', week_start: '2026-03-23' }]);

    // The same day again writes nothing: this process remembers it, so a row taken away stays away.
    await db.deleteFrom('user_activity').where('user_id', '=', user.user.id).execute();
    clock += 20 * 60_000;
    presence.touch(user.user.id, quiet);
    expect(await days()).toEqual([]);

    // Monday 00:10 in Berlin (22:10 UTC): a new day in a new ISO week.
    clock = Date.parse('2026-03-29T22:10:00.000Z');
    presence.touch(user.user.id, quiet);
    expect(await days()).toEqual([{ day: '2026-03-30', week_start: '2026-03-30' }]);

    // Another process on the same day meets the row and changes nothing.
    const other = createPresence(db, { now: () => clock + 1000 });
    other.touch(user.user.id, quiet);
    await other.idle();
    expect(await days()).toEqual([{ day: '2026-03-30', week_start: '2026-03-30' }]);
  });
});
