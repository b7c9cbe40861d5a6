import { sql } from 'kysely';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { createTestApp, describeEachEngine, type TestApp } from '../../test/app';
import { insertBareUsers } from '../../test/factories';
import { CORPUS, CORPUS_NEWEST, PARITY_QUERIES } from './parity-corpus.testing';
import { searchRepository, type SearchRequest } from './repo';
import { queryWords } from './text';

// Both engines must answer every query with the same ids in the same order: the expected lists
// are checked in once, so each engine is held to them on its own run and both agree by that.
describeEachEngine('search parity over a fixed corpus', (engine) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp(engine);
    await insertBareUsers(t.app, [{ username: 'corpus', usernameKey: 'corpus', email: 'corpus@example.test', name: 'Corpus', type: 'artist' }]);
    const db = t.app.ctx.db;
    const owner = await db.selectFrom('users').select('id').where('username_key', '=', 'corpus').executeTakeFirstOrThrow();
    // Oldest first, as the rebuild writes them: a document's id keeps its recency's order.
    for (const doc of [...CORPUS].sort((a, b) => b.refId - a.refId)) {
      await searchRepository(db).upsert(db, { ...doc, ownerId: owner.id, url: `/x/${doc.refId}`, sortAt: new Date(CORPUS_NEWEST - doc.refId * 3_600_000).toISOString() });
    }
  });
  afterAll(async () => {
    await t?.close();
  });

  it('holds 60 documents in five languages and 30 queries', () => {
    expect(CORPUS).toHaveLength(60);
    expect(new Set(CORPUS.map((d) => d.language)).size).toBe(5);
    expect(PARITY_QUERIES).toHaveLength(30);
  });

  it.each(PARITY_QUERIES)('%s (%s) finds %j', async (q, lang, expected) => {
    const db = t.app.ctx.db;
    const everything = sql<boolean>`1 = 1`;
    const request: SearchRequest = {
      words: queryWords(q, lang),
      lang,
      type: 'all',
      after: null,
      limit: 100,
      visible: { profiles: everything, guestspots: everything, availabilities: everything },
    };
    const hits = await searchRepository(db).search(db, request);
    expect(hits.map((h) => h.refId)).toEqual(expected);
    const counts = await searchRepository(db).count(db, request);
    expect(Object.values(counts).reduce((a, b) => a + b, 0)).toBe(expected.length);
  });
});
