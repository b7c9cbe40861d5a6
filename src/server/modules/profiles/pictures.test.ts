import { sql } from 'kysely';
import { expect, it } from 'vitest';
import type { Db } from '../../db/index';
import { describeEachEngine, useTestApp } from '../../test/app';

/**
 * `users.pictures` (migration 2026-11-29-110, docs/decisions/054) is kept by triggers: after any
 * mix of avatar changes and gallery inserts, hides, unhides, moves and deletions it equals a
 * count made from the rows, on both engines and under parallel writes on PostgreSQL.
 */
const PEOPLE = 6;

const at = new Date(Date.UTC(2026, 10, 1)).toISOString();

async function makePeople(db: Db, prefix: string): Promise<number[]> {
  const rows = Array.from({ length: PEOPLE }, (_, i) => ({
    username: `${prefix}${i}`,
    username_key: `${prefix}${i}`,
    email: `${prefix}${i}@example.test`,
    email_key: `${prefix}${i}@example.test`,
    password_hash: 'x',
    name: `Pictures ${i}`,
    user_type: i % 2 ? 'artist' : 'studio',
    // One starts with an avatar: the insert counts it.
    avatar: i === 0 ? '/uploads/a.webp' : null,
    created_at: at,
    updated_at: at,
  }));
  return (await db.insertInto('users').values(rows).returning('id').execute()).map((r) => r.id);
}

const image = (userId: number, n: number) => ({
  user_id: userId,
  image_url: `/uploads/${userId}-${n}.webp`,
  medium_url: `/uploads/${userId}-${n}-m.webp`,
  thumbnail_url: `/uploads/${userId}-${n}-t.webp`,
  width: 800,
  height: 600,
  created_at: at,
  updated_at: at,
});

/** Kept number and recount of each of these people. */
async function both(db: Db, ids: number[]) {
  const { rows } = await sql<{ id: number; pictures: number; recount: number }>`select u.id, u.pictures,
    (case when u.avatar is not null then 1 else 0 end) + (select count(*) from gallery_images g where g.user_id = u.id and g.hidden_at is null) as recount
    from users u where u.id in (${sql.join(ids)}) order by u.id`.execute(db);
  return rows.map((r) => ({ id: r.id, pictures: Number(r.pictures), recount: Number(r.recount) }));
}

describeEachEngine('the pictures an account shows', (engine) => {
  const t = useTestApp(engine);

  it('equals a recount after 600 random avatar and gallery changes', async () => {
    const db = t.app.ctx.db;
    const ids = await makePeople(db, 'pic');
    // A fixed xorshift sequence: the same run every time.
    let seed = 0x2545f491;
    const next = (n: number) => {
      seed ^= seed << 13;
      seed ^= seed >>> 17;
      seed ^= seed << 5;
      return (seed >>> 0) % n;
    };
    for (let step = 0; step < 600; step++) {
      const who = ids[next(PEOPLE)] as number;
      const images = await db.selectFrom('gallery_images').select(['id', 'hidden_at']).where('user_id', '=', who).execute();
      const some = images[next(Math.max(images.length, 1))];
      switch (next(6)) {
        case 0:
          await db.updateTable('users').set({ avatar: next(2) ? `/uploads/${step}.webp` : null }).where('id', '=', who).execute();
          break;
        case 1:
        case 2:
          await db.insertInto('gallery_images').values({ ...image(who, step), hidden_at: next(4) === 0 ? at : null }).execute();
          break;
        case 3:
          if (some) await db.updateTable('gallery_images').set({ hidden_at: some.hidden_at ? null : at }).where('id', '=', some.id).execute();
          break;
        case 4:
          if (some) await db.updateTable('gallery_images').set({ user_id: ids[next(PEOPLE)] as number }).where('id', '=', some.id).execute();
          break;
        default:
          if (some) await db.deleteFrom('gallery_images').where('id', '=', some.id).execute();
      }
    }
    const counted = await both(db, ids);
    for (const row of counted) expect(row.pictures, `user ${row.id}`).toBe(row.recount);
    expect(counted.some((r) => r.pictures > 1)).toBe(true);
    // A profile edit that leaves the avatar alone leaves the number alone.
    await db.updateTable('users').set({ name: 'Renamed' }).where('id', 'in', ids).execute();
    expect(await both(db, ids)).toEqual(counted);
    // Deleting an account takes its gallery along without tripping over its own row.
    await db.deleteFrom('users').where('id', '=', ids[1] as number).execute();
    for (const row of await both(db, ids)) expect(row.pictures).toBe(row.recount);
  });

  it.runIf(engine === 'postgres')('equals a recount after 50 parallel uploads, hides and avatar changes of one account', async () => {
    const db = t.app.ctx.db;
    const [who] = await makePeople(db, 'par');
    const owner = who as number;
    const seeded = await db.insertInto('gallery_images').values(Array.from({ length: 20 }, (_, n) => image(owner, 1000 + n))).returning('id').execute();
    await Promise.all(
      Array.from({ length: 50 }, (_, i) =>
        db.transaction().execute(async (trx) => {
          if (i % 5 === 0) await trx.updateTable('users').set({ avatar: i % 10 === 0 ? null : `/uploads/p${i}.webp` }).where('id', '=', owner).execute();
          else if (i % 5 === 1) await trx.deleteFrom('gallery_images').where('id', '=', seeded[i % 20]!.id).execute();
          else if (i % 5 === 2) await trx.updateTable('gallery_images').set({ hidden_at: at }).where('id', '=', seeded[(i + 7) % 20]!.id).execute();
          else await trx.insertInto('gallery_images').values(image(owner, i)).execute();
        }),
      ),
    );
    const [row] = await both(db, [owner]);
    expect(row?.pictures).toBe(row?.recount);
    expect(row?.recount).toBeGreaterThan(20);
  });
});
