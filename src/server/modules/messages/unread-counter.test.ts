import { expect, it } from 'vitest';
import { AppError } from '../../errors';
import type { RateLimitStore } from '../../lib/rate-limit/index';
import { describeEachEngine, useTestApp } from '../../test/app';
import { createArtist, createStudio, type TestUser } from '../../test/factories';
import { call } from '../../test/listing-factories';
import { createMessageService, type MessageService } from './service';
import { block, countersAndRecounts, recountUnread, unblock } from './testing';

/** The limits are the service's own tests' business: here a thousand sends must all get through. */
const unlimited: RateLimitStore = {
  hit: () => Promise.resolve({ count: 1, resetMs: 0 }),
  refund: () => Promise.resolve(),
  reset: () => Promise.resolve(),
  ping: () => Promise.resolve(),
  close: () => Promise.resolve(),
};

/** A seeded generator (mulberry32): a failing sequence runs again the same way. */
function random(seed: number) {
  let s = seed >>> 0;
  const next = () => {
    s = (s + 0x6d2b79f5) >>> 0;
    let x = s;
    x = Math.imul(x ^ (x >>> 15), x | 1);
    x ^= x + Math.imul(x ^ (x >>> 7), x | 61);
    return ((x ^ (x >>> 14)) >>> 0) / 4294967296;
  };
  return { next, below: (n: number) => Math.floor(next() * n) };
}

describeEachEngine('the unread counter', (engine) => {
  const t = useTestApp(engine);

  async function world(count: number): Promise<{ people: TestUser[]; service: MessageService }> {
    const people = await Promise.all(Array.from({ length: count }, (_, i) => (i % 2 ? createStudio(t.app) : createArtist(t.app))));
    return { people, service: createMessageService({ db: t.app.ctx.db, rateLimits: unlimited, events: t.app.ctx.events }) };
  }

  /**
   * One random change of unread state: a send, a read mark, a deletion, a hidden conversation,
   * a block or an unblock. A refusal the rules make (a blocked pair, a message already deleted)
   * is part of the game; anything else fails the test.
   */
  function player(people: TestUser[], service: MessageService, seed: number, done: Record<string, number> = {}) {
    const rnd = random(seed);
    const sent: { id: number; sender: TestUser }[] = [];
    const blocks: [TestUser, TestUser][] = [];
    const two = () => {
      const a = people[rnd.below(people.length)] as TestUser;
      let b = people[rnd.below(people.length)] as TestUser;
      while (b === a) b = people[rnd.below(people.length)] as TestUser;
      return [a, b] as const;
    };
    async function act(roll: number, a: TestUser, b: TestUser): Promise<string | null> {
      if (roll < 0.5) {
        const { message } = await service.send(a.user, { recipient_id: b.user.id, content: `m ${roll}` });
        sent.push({ id: message.id, sender: a });
        return 'send';
      }
      if (roll < 0.7) return (await service.markRead(a.user, b.user.id)) ? 'read' : null;
      if (roll < 0.84) {
        const victim = sent.splice(rnd.below(sent.length), 1)[0];
        if (!victim) return null;
        await service.remove(victim.sender.user, victim.id);
        return 'delete';
      }
      if (roll < 0.92) {
        await service.hideConversation(a.user, b.user.id);
        return 'hide';
      }
      if (roll < 0.96) {
        await block(t.app, a, b);
        blocks.push([a, b]);
        return 'block';
      }
      // Blocks are lifted again, so most pairs can still write to each other.
      const lifted = blocks.splice(rnd.below(blocks.length), 1)[0];
      if (!lifted) return null;
      await unblock(t.app, ...lifted);
      return 'unblock';
    }
    return async function step(): Promise<void> {
      const roll = rnd.next();
      const [a, b] = two();
      try {
        const what = await act(roll, a, b);
        if (what) done[what] = (done[what] ?? 0) + 1;
      } catch (err) {
        if (err instanceof AppError) return;
        // A second block of the same pair is refused by its key, as the block route's insert would be.
        if (roll >= 0.92 && roll < 0.96 && /unique|duplicate/i.test(String(err))) return;
        throw err;
      }
    };
  }

  async function expectExact(people: TestUser[]): Promise<void> {
    const { kept, recounted } = await countersAndRecounts(
      t.app,
      people.map((p) => p.user.id),
    );
    expect(kept).toEqual(recounted);
  }

  it('equals a recount after 1,000 random sends, reads, deletions, hides and blocks', async () => {
    const { people, service } = await world(7);
    const done: Record<string, number> = {};
    const step = player(people, service, 20261127, done);
    for (let i = 1; i <= 1000; i++) {
      await step();
      if (i % 100 === 0) await expectExact(people);
    }
    // Every kind of change happened often enough to matter.
    for (const what of ['send', 'read', 'delete', 'hide', 'block', 'unblock']) expect(done[what] ?? 0, what).toBeGreaterThanOrEqual(20);
    const totals = await countersAndRecounts(
      t.app,
      people.map((p) => p.user.id),
    );
    expect(Object.values(totals.kept).some((n) => n > 0), 'some messages are still unread').toBe(true);
    // What the inbox badge asks for is the counter.
    const someone = people[0] as TestUser;
    expect((await call(t.app, 'GET', '/api/messages/unread-count', { as: someone })).json()).toEqual({ count: await recountUnread(t.app, someone.user.id) });
    // An account deleted with its conversations leaves the others' counters exact.
    await t.app.ctx.db.deleteFrom('users').where('id', '=', (people[1] as TestUser).user.id).execute();
    await expectExact(people.filter((_, i) => i !== 1));
  }, 120_000);

  it('equals a recount after rounds of 50 parallel operations', async () => {
    const { people, service } = await world(6);
    const players = Array.from({ length: 50 }, (_, i) => player(people, service, 1000 + i));
    for (let round = 0; round < 6; round++) {
      await Promise.all(players.map((step) => step()));
      await expectExact(people);
    }
  }, 120_000);

  it('counts a message to a blocked pair nowhere, and gives it back on unblock', async () => {
    const { people, service } = await world(2);
    const [a, b] = people as [TestUser, TestUser];
    await service.send(a.user, { recipient_id: b.user.id, content: 'Hallo' });
    await service.send(a.user, { recipient_id: b.user.id, content: 'Noch da?' });
    expect(await service.unreadCount(b.user)).toBe(2);
    await block(t.app, b, a);
    expect(await service.unreadCount(b.user)).toBe(0);
    await block(t.app, a, b);
    await unblock(t.app, b, a);
    expect(await service.unreadCount(b.user)).toBe(0);
    await unblock(t.app, a, b);
    expect(await service.unreadCount(b.user)).toBe(2);
    await service.hideConversation(b.user, a.user.id);
    expect(await service.unreadCount(b.user)).toBe(0);
  });
});
