import { randomUUID } from 'node:crypto';
import sharp from 'sharp';
import { expect, it } from 'vitest';
import { describeEachEngine, useTestApp } from '../test/app';
import { createArtist, type TestUser } from '../test/factories';
import { multipartBody } from '../test/multipart';
import { IDEMPOTENCY_STALE_MS, IDEMPOTENCY_TTL_MS, sweepIdempotencyKeys } from './idempotency';

const png = (background: string) => sharp({ create: { width: 64, height: 48, channels: 3, background } }).png().toBuffer();

describeEachEngine('Idempotency-Key on uploads', (engine) => {
  const t = useTestApp(engine);

  async function post(url: string, as: TestUser | null, data: Buffer, opts: { key?: string; fields?: Record<string, string>; lang?: string } = {}) {
    const body = await multipartBody(opts.fields ?? {}, { data, type: 'image/png', filename: 'work.png' });
    const headers: Record<string, string> = { ...body.headers, 'accept-language': opts.lang ?? 'en' };
    if (as) headers.cookie = as.cookie;
    if (opts.key !== undefined) headers['idempotency-key'] = opts.key;
    return t.app.inject({ method: 'POST', url, headers, payload: body.payload });
  }
  const galleryCount = async (user: TestUser) =>
    Number((await t.app.ctx.db.selectFrom('gallery_images').select((eb) => eb.fn.countAll().as('n')).where('user_id', '=', user.user.id).executeTakeFirstOrThrow()).n);
  const keyRow = (user: TestUser, key: string) => t.app.ctx.db.selectFrom('idempotency_keys').selectAll().where('user_id', '=', user.user.id).where('key', '=', key).executeTakeFirst();

  it('uploads once per key: a retry gets the first answer, other content 422, a bad key 400', async () => {
    const artist = await createArtist(t.app);
    const key = randomUUID();
    const picture = await png('#aa3311');
    const first = await post('/api/gallery', artist, picture, { key, fields: { caption: 'Koi sleeve' } });
    expect(first.statusCode, first.body).toBe(201);
    const retry = await post('/api/gallery', artist, picture, { key: key.toUpperCase(), fields: { caption: 'Koi sleeve' } });
    expect(retry.statusCode).toBe(201);
    expect(retry.headers['idempotent-replayed']).toBe('true');
    expect(retry.json().image.id).toBe(first.json().image.id);
    expect(await galleryCount(artist)).toBe(1);

    const other = await post('/api/gallery', artist, await png('#1133aa'), { key, fields: { caption: 'Koi sleeve' }, lang: 'de' });
    expect(other.statusCode).toBe(422);
    expect(other.json().error).toMatch(/Idempotency-Key wurde schon/);
    expect((await post('/api/gallery', artist, picture, { key, fields: { caption: 'Another caption' } })).statusCode).toBe(422);

    for (const bad of ['', 'abc', '12345678-1234-1234-1234-1234567890', `${key}x`]) {
      const res = await post('/api/gallery', artist, picture, { key: bad, lang: 'fr' });
      expect(res.statusCode, bad).toBe(400);
      expect(res.json().error).toMatch(/UUID/);
    }
    // Without the header an upload simply runs.
    expect((await post('/api/gallery', artist, picture)).statusCode).toBe(201);
    expect(await galleryCount(artist)).toBe(2);
  });

  it('answers 409 while the first request runs; once abandoned, answers with the row it wrote; a day later runs again', async () => {
    const artist = await createArtist(t.app);
    const picture = await png('#33aa11');
    const key = randomUUID();
    const first = await post('/api/gallery', artist, picture, { key });
    expect(first.statusCode).toBe(201);
    // As if it were still running (a process busy with it, or one that died with it).
    const set = (values: { status: 'running' | 'done'; updated_at?: string; created_at?: string; response_body?: null }) =>
      t.app.ctx.db.updateTable('idempotency_keys').set(values).where('user_id', '=', artist.user.id).where('key', '=', key).execute();
    await set({ status: 'running', updated_at: new Date().toISOString() });
    const busy = await post('/api/gallery', artist, picture, { key, lang: 'es' });
    expect(busy.statusCode).toBe(409);
    expect(busy.json().error).toMatch(/procesando/);
    expect(await galleryCount(artist)).toBe(1);

    // The process died after the image's row committed, before the key was marked done: the
    // retry finds the row that names the stored picture and answers with it, storing nothing.
    await set({ status: 'running', response_body: null, updated_at: new Date(Date.now() - IDEMPOTENCY_STALE_MS - 1000).toISOString() });
    const taken = await post('/api/gallery', artist, picture, { key });
    expect(taken.statusCode).toBe(201);
    expect(taken.headers['idempotent-replayed']).toBe('true');
    expect(taken.json().image.id).toBe(first.json().image.id);
    expect(await galleryCount(artist)).toBe(1);
    expect((await keyRow(artist, key))?.status).toBe('done');
    const replayed = await post('/api/gallery', artist, picture, { key });
    expect(replayed.json()).toEqual(taken.json());

    // A day later the key is new again, even for other content.
    await set({ status: 'done', created_at: new Date(Date.now() - IDEMPOTENCY_TTL_MS - 1000).toISOString() });
    const later = await post('/api/gallery', artist, await png('#000000'), { key });
    expect(later.statusCode).toBe(201);
    expect(later.headers['idempotent-replayed']).toBeUndefined();
    expect(await galleryCount(artist)).toBe(2);
  });

  it('runs an abandoned upload again when no row names the picture it had stored (it died before the row)', async () => {
    const artist = await createArtist(t.app);
    const picture = await png('#2288aa');
    const key = randomUUID();
    const stale = new Date(Date.now() - IDEMPOTENCY_STALE_MS - 1000).toISOString();
    const first = await post('/api/gallery', artist, picture, { key });
    expect(first.statusCode).toBe(201);
    const row = await keyRow(artist, key);
    expect(row?.stored_ref).toBe(first.json().image.imageUrl);
    // As if it had died after storing the files, before the row: the row is gone, the note stays.
    await t.app.ctx.db.deleteFrom('gallery_images').where('id', '=', first.json().image.id).execute();
    await t.app.ctx.db.updateTable('idempotency_keys').set({ status: 'running', response_status: null, response_body: null, updated_at: stale }).where('id', '=', row!.id).execute();
    const retry = await post('/api/gallery', artist, picture, { key });
    expect(retry.statusCode).toBe(201);
    expect(retry.headers['idempotent-replayed']).toBeUndefined();
    expect(retry.json().image.id).not.toBe(first.json().image.id);
    expect(await galleryCount(artist)).toBe(1);
    expect((await keyRow(artist, key))?.stored_ref).toBe(retry.json().image.imageUrl);
  });

  it('forgets the key of a failed upload, and keeps keys apart per user', async () => {
    const artist = await createArtist(t.app);
    const other = await createArtist(t.app);
    const key = randomUUID();
    const broken = await post('/api/gallery', artist, Buffer.from('not a picture at all'), { key });
    expect(broken.statusCode).toBeGreaterThanOrEqual(400);
    expect(broken.statusCode).toBeLessThan(500);
    expect(await keyRow(artist, key)).toBeUndefined();
    expect((await post('/api/gallery', artist, await png('#abcdef'), { key })).statusCode).toBe(201);
    // Another account's same key is its own.
    const theirs = await post('/api/gallery', other, await png('#fedcba'), { key });
    expect(theirs.statusCode).toBe(201);
    expect(theirs.headers['idempotent-replayed']).toBeUndefined();
    // A visitor is refused before any key is looked at.
    expect((await post('/api/gallery', null, await png('#abcdef'), { key })).statusCode).toBe(401);
  });

  it('replays on the profile picture, forum and post media uploads', async () => {
    const artist = await createArtist(t.app);
    await t.app.ctx.db.updateTable('users').set({ featured_until: new Date(Date.now() + 86_400_000).toISOString(), created_at: new Date(Date.now() - 30 * 86_400_000).toISOString() }).where('id', '=', artist.user.id).execute();
    const picture = await png('#558800');
    const cases: [string, Record<string, string>][] = [
      [`/api/users/${artist.user.id}/upload-image`, { type: 'avatar' }],
      ['/api/forum/uploads', {}],
      ['/api/instagram/media', {}],
    ];
    for (const [url, fields] of cases) {
      const key = randomUUID();
      const first = await post(url, artist, picture, { key, fields });
      expect(first.statusCode, `${url} ${first.body}`).toBeLessThan(300);
      const again = await post(url, artist, picture, { key, fields });
      expect(again.statusCode, url).toBe(first.statusCode);
      expect(again.headers['idempotent-replayed'], url).toBe('true');
      expect(again.json(), url).toEqual(first.json());
      // Died after the row, before the key was marked done: the retry answers from the row.
      await t.app.ctx.db
        .updateTable('idempotency_keys')
        .set({ status: 'running', response_status: null, response_body: null, updated_at: new Date(Date.now() - IDEMPOTENCY_STALE_MS - 1000).toISOString() })
        .where('user_id', '=', artist.user.id)
        .where('key', '=', key)
        .execute();
      const taken = await post(url, artist, picture, { key, fields });
      expect(taken.statusCode, url).toBe(first.statusCode);
      expect(taken.headers['idempotent-replayed'], url).toBe('true');
      expect(taken.json(), url).toEqual(first.json());
      expect((await post(url, artist, await png('#000088'), { key, fields })).statusCode, url).toBe(422);
      expect((await post(url, artist, picture, { key: 'not-a-uuid', fields })).statusCode, url).toBe(400);
    }
  });

  it('sweeps keys older than a day', async () => {
    const artist = await createArtist(t.app);
    const key = randomUUID();
    expect((await post('/api/gallery', artist, await png('#123456'), { key })).statusCode).toBe(201);
    expect(await sweepIdempotencyKeys(t.app.ctx.db, Date.now() + IDEMPOTENCY_TTL_MS + 60_000)).toBeGreaterThanOrEqual(1);
    expect(await keyRow(artist, key)).toBeUndefined();
  });

  if (engine === 'postgres') {
    it('runs one of 50 parallel uploads with one key; the rest wait (409) or replay its answer', async () => {
      const artist = await createArtist(t.app);
      const key = randomUUID();
      const picture = await png('#775533');
      const answers = await Promise.all(Array.from({ length: 50 }, () => post('/api/gallery', artist, picture, { key })));
      const codes = answers.map((a) => a.statusCode);
      expect(codes.every((c) => c === 201 || c === 409 || c === 429), codes.join(',')).toBe(true);
      const made = answers.filter((a) => a.statusCode === 201 && a.headers['idempotent-replayed'] === undefined);
      expect(made).toHaveLength(1);
      expect(await galleryCount(artist)).toBe(1);
    });
  }
});
