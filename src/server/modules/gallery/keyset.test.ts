import { expect, it } from 'vitest';
import { GALLERY_MAX_PAGE_SIZE, type GalleryPage } from '../../../common/schemas/gallery';
import { describeEachEngine, useTestApp } from '../../test/app';
import { insertBareUsers } from '../../test/factories';

const ROWS = 2000;
const OWNERS = 20;

/** A seeded sequence (the walk's inserts and deletes), so a failure repeats. */
function sequence(seed: number) {
  let x = seed;
  return (below: number) => {
    x = (x * 1_103_515_245 + 12_345) % 2 ** 31;
    return x % below;
  };
}

/**
 * The public gallery pages by an opaque cursor on (created_at, id): walking a 2,000-image list to
 * its end while images are added and removed between the pages answers every image that stayed
 * exactly once, never one removed before its page, and no image twice.
 */
describeEachEngine('gallery: keyset paging under writes', (engine) => {
  const t = useTestApp(engine, undefined, { LIST_CACHE_SECONDS: '0' });

  it('returns each surviving image exactly once', async () => {
    const db = t.app.ctx.db;
    await insertBareUsers(
      t.app,
      Array.from({ length: OWNERS }, (_, i) => ({ username: `keyset${i}`, usernameKey: `keyset${i}`, email: `keyset${i}@example.test`, name: `Keyset ${i}`, type: 'artist' as const })),
    );
    const owners = (await db.selectFrom('users').select('id').where('username', 'like', 'keyset%').execute()).map((u) => u.id);
    const base = Date.parse('2026-01-01T00:00:00Z');
    // Many images share a created_at, so the id decides between them.
    const image = (n: number, at: number) => {
      const stamp = new Date(base + at * 1000).toISOString();
      return { user_id: owners[n % owners.length]!, image_url: `/k/${n}.webp`, medium_url: `/k/${n}-m.webp`, thumbnail_url: `/k/${n}-t.webp`, width: 800, height: 600, caption: null, position: n, created_at: stamp, updated_at: stamp };
    };
    for (let i = 0; i < ROWS; i += 250) {
      await db.insertInto('gallery_images').values(Array.from({ length: 250 }, (_, j) => image(i + j, Math.floor((i + j) / 3)))).execute();
    }
    const alive = new Set((await db.selectFrom('gallery_images').select('id').execute()).map((r) => r.id));
    expect(alive.size).toBe(ROWS);
    const removed = new Set<number>();
    const seen = new Map<number, number>();
    const next = sequence(42);
    let cursor: string | null = null;
    let pages = 0;
    let added = ROWS;
    do {
      const res = await t.app.inject({ method: 'GET', url: `/api/gallery?limit=${GALLERY_MAX_PAGE_SIZE}${cursor ? `&cursor=${cursor}` : ''}` });
      expect(res.statusCode).toBe(200);
      const page = res.json() as GalleryPage;
      for (const item of page.images) {
        expect(removed.has(item.id), `image ${item.id} shown after its removal`).toBe(false);
        seen.set(item.id, (seen.get(item.id) ?? 0) + 1);
      }
      cursor = page.nextCursor;
      pages += 1;
      // Between pages: two new images anywhere in time (before or after the cursor), and two removed.
      await db.insertInto('gallery_images').values([image(added++, next(ROWS / 3)), image(added++, next(ROWS / 3))]).execute();
      const standing = [...alive].filter((id) => !removed.has(id));
      for (const victim of [standing[next(standing.length)]!, standing[next(standing.length)]!]) {
        await db.deleteFrom('gallery_images').where('id', '=', victim).execute();
        removed.add(victim);
      }
    } while (cursor && pages < 500);
    expect(cursor).toBeNull();
    for (const [id, times] of seen) expect(times, `image ${id}`).toBe(1);
    for (const id of alive) {
      if (!removed.has(id)) expect(seen.has(id), `image ${id} stayed but was not shown`).toBe(true);
    }
    expect(pages).toBeGreaterThan(ROWS / GALLERY_MAX_PAGE_SIZE - 1);
  });
});
