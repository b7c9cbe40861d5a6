import sharp from 'sharp';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { PlannedPost, PostMedia, PostStatus } from '../../../common/schemas/instagram';
import { describeEachEngine, useTestApp } from '../../test/app';
import { createArtist, createStudio, type TestUser } from '../../test/factories';
import { multipartBody } from '../../test/multipart';
import { creditBalances, grantCredit } from './credits';
import { POST_MOVES } from './policy';

const HOUR = 3_600_000;
const DAY = 24 * HOUR;
const STATUSES: PostStatus[] = ['draft', 'planned', 'published', 'cancelled'];

function png(width = 64, height = 48) {
  return sharp({ create: { width, height, channels: 3, background: '#335577' } }).png().toBuffer();
}

const inFuture = (ms = DAY) => new Date(Date.now() + ms).toISOString();

describeEachEngine('planned posts', (engine) => {
  let owner: TestUser;
  let other: TestUser;
  let plain: TestUser;

  const t = useTestApp(engine, async () => {
    [owner, other, plain] = [await createArtist(t.app), await createStudio(t.app), await createArtist(t.app)];
    await feature(owner, inFuture(30 * DAY));
    await feature(other, inFuture(30 * DAY));
  });

  const db = () => t.app.ctx.db;
  const feature = (user: TestUser, until: string | null) => db().updateTable('users').set({ featured_until: until }).where('id', '=', user.user.id).execute();
  const call = (user: TestUser | undefined, method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, payload?: object) =>
    t.app.inject({ method, url: `/api/instagram${url}`, headers: user ? { cookie: user.cookie } : {}, ...(payload ? { payload } : {}) });
  const upload = async (user: TestUser | undefined, file: Buffer | null, type = 'image/png') => {
    const body = await multipartBody({}, file ? { data: file, type, filename: 'post.png' } : undefined);
    return t.app.inject({ method: 'POST', url: '/api/instagram/media', payload: body.payload, headers: { ...body.headers, ...(user ? { cookie: user.cookie } : {}) } });
  };
  const media = async (user: TestUser = owner): Promise<PostMedia> => {
    const res = await upload(user, await png());
    expect(res.statusCode, res.body).toBe(201);
    return res.json().media;
  };
  const create = async (user: TestUser, body: object): Promise<PlannedPost> => {
    const res = await call(user, 'POST', '/posts', body);
    expect(res.statusCode, res.body).toBe(201);
    return res.json().post;
  };
  const planned = async (user: TestUser = owner, extra: object = {}): Promise<PlannedPost> =>
    create(user, { type: 'feed_post', caption: 'Neues Motiv', hashtags: ['tattoo'], status: 'planned', plannedAt: inFuture(), mediaId: (await media(user)).id, ...extra });
  /** A post of the owner brought to `status` through the allowed moves. */
  const postIn = async (status: PostStatus): Promise<PlannedPost> => {
    if (status === 'draft') return create(owner, { type: 'story' });
    const post = await planned();
    if (status === 'planned') return post;
    const moved = await call(owner, 'PUT', `/posts/${post.id}`, { type: post.type, status });
    expect(moved.statusCode, moved.body).toBe(200);
    return moved.json().post;
  };
  const storageHas = async (url: string) => {
    const key = t.app.ctx.storage.keyFromUrl(url);
    return key !== null && (await t.app.ctx.storage.get(key)) !== null;
  };

  afterEach(() => {
    vi.useRealTimers();
  });

  it('answers 401 to a visitor on every call', async () => {
    const post = await create(owner, { type: 'reel' });
    const calls = [
      call(undefined, 'GET', '/posts'),
      call(undefined, 'POST', '/posts', { type: 'reel' }),
      call(undefined, 'GET', `/posts/${post.id}`),
      call(undefined, 'PUT', `/posts/${post.id}`, { type: 'reel', caption: 'x' }),
      call(undefined, 'DELETE', `/posts/${post.id}`),
      call(undefined, 'POST', `/posts/${post.id}/promotion`, { productType: 'instagram_story' }),
      upload(undefined, await png()),
    ];
    for (const res of await Promise.all(calls)) expect(res.statusCode).toBe(401);
    expect((await call(owner, 'GET', `/posts/${post.id}`)).json().post.caption).toBe('');
  });

  it('keeps posts to their owner: another user gets 404 on every call and never sees them in a list', async () => {
    const post = await planned();
    await grantCredit(db(), other.user.id, 'instagram_story');
    const ownMedia = await media(other);
    const answers = await Promise.all([
      call(other, 'GET', `/posts/${post.id}`),
      call(other, 'PUT', `/posts/${post.id}`, { type: 'reel', caption: 'übernommen' }),
      call(other, 'DELETE', `/posts/${post.id}`),
      call(other, 'POST', `/posts/${post.id}/promotion`, { productType: 'instagram_story' }),
    ]);
    for (const res of answers) expect(res.json()).toMatchObject({ success: false, code: 'postNotFound' });
    for (const res of answers) expect(res.statusCode).toBe(404);
    const lists = await Promise.all([call(other, 'GET', '/posts'), call(other, 'GET', '/posts?status=published'), call(other, 'GET', '/posts?status=cancelled')]);
    for (const res of lists) expect(res.json().posts.map((p: PlannedPost) => p.id)).not.toContain(post.id);
    // Nothing changed, and the other user's credit was not spent.
    const mine = (await call(owner, 'GET', `/posts/${post.id}`)).json().post;
    expect(mine).toMatchObject({ caption: 'Neues Motiv', type: 'feed_post', status: 'planned', promotions: [] });
    expect((await creditBalances(db(), other.user.id)).instagram_story).toBe(1);
    // The owner may not use another user's picture.
    const stolen = await call(owner, 'PUT', `/posts/${post.id}`, { type: 'feed_post', mediaId: ownMedia.id });
    expect(stolen.statusCode).toBe(404);
    expect(stolen.json().code).toBe('mediaNotFound');
    const unknown = await call(owner, 'GET', '/posts/2147483647');
    expect(unknown.statusCode).toBe(404);
    expect((await call(owner, 'GET', '/posts/abc')).statusCode).toBe(400);
  });

  it('creates, reads, edits and deletes an own post with the answer’s shape', async () => {
    const picture = await media();
    expect(picture).toMatchObject({ width: 64, height: 48 });
    expect(await storageHas(picture.url)).toBe(true);
    expect(await storageHas(picture.thumbnailUrl)).toBe(true);
    const at = new Date(Date.now() + 3 * DAY);
    at.setUTCMilliseconds(0);
    // A time with an offset comes back in UTC, the same instant.
    const withOffset = `${at.toISOString().slice(0, 19)}+02:00`;
    const post = await create(owner, { type: 'reel', caption: 'Frisch gestochen 🌹', hashtags: ['tattoo', 'Fineline', 'tätowierung'], plannedAt: withOffset, status: 'planned', mediaId: picture.id });
    expect(Object.keys(post).sort()).toEqual(['can', 'caption', 'createdAt', 'hashtags', 'id', 'media', 'plannedAt', 'promotion', 'promotions', 'status', 'type', 'updatedAt']);
    expect(post).toMatchObject({
      type: 'reel',
      caption: 'Frisch gestochen 🌹',
      hashtags: ['tattoo', 'Fineline', 'tätowierung'],
      plannedAt: new Date(withOffset).toISOString(),
      status: 'planned',
      media: picture,
      promotion: null,
      promotions: [],
      can: { edit: true, delete: true, promote: true },
    });
    const read = await call(owner, 'GET', `/posts/${post.id}`);
    expect(read.json()).toEqual({ success: true, post });

    // Only the fields sent change.
    const edited = await call(owner, 'PUT', `/posts/${post.id}`, { type: 'story', caption: 'Neuer Text' });
    expect(edited.statusCode, edited.body).toBe(200);
    expect(edited.json().post).toMatchObject({ type: 'story', caption: 'Neuer Text', hashtags: post.hashtags, plannedAt: post.plannedAt, media: picture, status: 'planned' });

    // Another picture replaces the first, whose files go.
    const second = await media();
    const swapped = await call(owner, 'PUT', `/posts/${post.id}`, { type: 'story', mediaId: second.id });
    expect(swapped.json().post.media).toEqual(second);
    expect(await storageHas(picture.url)).toBe(false);
    expect(await db().selectFrom('instagram_media').select('id').where('id', '=', picture.id).executeTakeFirst()).toBeUndefined();

    const gone = await call(owner, 'DELETE', `/posts/${post.id}`);
    expect(gone.json()).toEqual({ success: true });
    expect((await call(owner, 'GET', `/posts/${post.id}`)).statusCode).toBe(404);
    expect((await call(owner, 'DELETE', `/posts/${post.id}`)).statusCode).toBe(404);
    expect(await storageHas(second.url)).toBe(false);
  });

  it('plans only with a picture and a future time, and starts only as draft or planned', async () => {
    const picture = await media();
    const cases: [object, number, string][] = [
      [{ type: 'feed_post', status: 'planned', plannedAt: inFuture() }, 400, 'postNeedsMedia'],
      [{ type: 'feed_post', status: 'planned', mediaId: picture.id }, 400, 'postPlannedAtRequired'],
      [{ type: 'feed_post', status: 'planned', mediaId: picture.id, plannedAt: new Date(Date.now() - HOUR).toISOString() }, 400, 'postPlannedAtPast'],
      [{ type: 'feed_post', status: 'planned', mediaId: picture.id, plannedAt: '2030-01-01T10:00:00' }, 400, 'plannedAtInvalid'],
      [{ type: 'feed_post', status: 'planned', mediaId: picture.id, plannedAt: 'morgen' }, 400, 'plannedAtInvalid'],
      [{ type: 'feed_post', status: 'published' }, 400, 'postMoveInvalid'],
      [{ type: 'feed_post', status: 'cancelled' }, 400, 'postMoveInvalid'],
      [{ type: 'feed_post', status: 'gone' }, 400, 'postStatusInvalid'],
      [{ type: 'carousel' }, 400, 'postTypeInvalid'],
      [{}, 400, 'postTypeInvalid'],
      [{ type: 'feed_post', mediaId: 2147483647 }, 404, 'mediaNotFound'],
      [{ type: 'feed_post', mediaId: 'eins' }, 404, 'mediaNotFound'],
    ];
    for (const [body, status, code] of cases) {
      const res = await call(owner, 'POST', '/posts', body);
      expect([res.statusCode, res.json().code], JSON.stringify(body)).toEqual([status, code]);
    }
    const german = await t.app.inject({ method: 'POST', url: '/api/instagram/posts', headers: { cookie: owner.cookie, 'x-language': 'de' }, payload: { type: 'feed_post', status: 'planned', plannedAt: inFuture() } });
    expect(german.json().error).toBe('Füge ein Bild hinzu, bevor du den Beitrag planst.');
    // A draft needs neither.
    const draft = await create(owner, { type: 'feed_post', status: 'draft' });
    expect(draft).toMatchObject({ status: 'draft', plannedAt: null, media: null, can: { edit: true, delete: true, promote: false } });
  });

  it('checks the hashtag and caption rules', async () => {
    const tooMany = Array.from({ length: 31 }, (_, i) => `tag${i}`);
    const cases: [unknown, string][] = [
      [tooMany, 'hashtagsTooMany'],
      [['#tattoo'], 'hashtagInvalid'],
      [['fine-line'], 'hashtagInvalid'],
      [['zwei worte'], 'hashtagInvalid'],
      [[''], 'hashtagInvalid'],
      [['a'.repeat(101)], 'hashtagInvalid'],
      [[42], 'hashtagInvalid'],
      ['tattoo', 'hashtagInvalid'],
      [['Tattoo', 'tattoo'], 'hashtagDuplicate'],
      [['TÄTOWIERUNG', 'tätowierung'], 'hashtagDuplicate'],
    ];
    for (const [hashtags, code] of cases) {
      const res = await call(owner, 'POST', '/posts', { type: 'feed_post', hashtags });
      expect([res.statusCode, res.json().code], JSON.stringify(hashtags).slice(0, 60)).toEqual([400, code]);
    }
    const thirty = Array.from({ length: 30 }, (_, i) => `tag_${i}`);
    const ok = await create(owner, { type: 'feed_post', hashtags: ['a'.repeat(100), 'тату', '刺青', 'ink_2026', ...thirty.slice(4)] });
    expect(ok.hashtags).toHaveLength(30);
    expect(ok.hashtags.slice(0, 4)).toEqual(['a'.repeat(100), 'тату', '刺青', 'ink_2026']);

    const longest = await create(owner, { type: 'feed_post', caption: '🌹'.repeat(2200) });
    expect([...longest.caption]).toHaveLength(2200);
    const tooLong = await t.app.inject({ method: 'POST', url: '/api/instagram/posts', headers: { cookie: owner.cookie }, payload: { type: 'feed_post', caption: 'x'.repeat(2201) } });
    expect(tooLong.statusCode).toBe(400);
    expect(tooLong.json()).toMatchObject({ code: 'captionTooLong', field: 'caption', error: 'Caption is too long (2201/2200 characters).' });
    const control = await call(owner, 'POST', '/posts', { type: 'feed_post', caption: 'a\u0000b' });
    expect(control.statusCode).toBe(400);
  });

  it('moves the status only along the allowed moves', async () => {
    for (const from of STATUSES) {
      for (const to of STATUSES) {
        const post = await postIn(from);
        const body = to === 'planned' && from !== 'planned' ? { type: post.type, status: to, plannedAt: inFuture(2 * DAY), mediaId: (await media()).id } : { type: post.type, status: to };
        const res = await call(owner, 'PUT', `/posts/${post.id}`, body);
        const allowed = POST_MOVES[from].includes(to);
        expect([from, to, res.statusCode], res.body).toEqual([from, to, allowed ? 200 : 400]);
        if (allowed) expect(res.json().post.status).toBe(to);
        else expect(res.json().code).toBe('postMoveInvalid');
        const stored = await db().selectFrom('instagram_posts').select('status').where('id', '=', post.id).executeTakeFirstOrThrow();
        expect(stored.status).toBe(allowed ? to : from);
      }
    }
    // The table itself: drafts and planned posts are open, published and cancelled final.
    expect(POST_MOVES).toEqual({
      draft: ['draft', 'planned', 'cancelled'],
      planned: ['planned', 'draft', 'published', 'cancelled'],
      published: [],
      cancelled: [],
    });
    const published = await postIn('published');
    expect(published.can).toEqual({ edit: false, delete: true, promote: false });
    const rows = await db().selectFrom('instagram_posts').select('published_at').where('id', '=', published.id).executeTakeFirstOrThrow();
    expect(rows.published_at).not.toBeNull();
  });

  it('needs active featured status to create, plan and upload, on a fixed clock', async () => {
    const start = new Date('2031-03-01T12:00:00.000Z');
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(start);
    const user = await createArtist(t.app);
    const refused = async (res: { statusCode: number; json: () => { code: string } }) => {
      expect(res.statusCode).toBe(403);
      expect(res.json().code).toBe('postNeedsFeatured');
    };
    await refused(await call(user, 'POST', '/posts', { type: 'feed_post' }));
    await refused(await upload(user, await png()));
    await feature(user, new Date(start.getTime() - 1).toISOString());
    await refused(await call(user, 'POST', '/posts', { type: 'feed_post' }));

    await feature(user, new Date(start.getTime() + HOUR).toISOString());
    const picture = await media(user);
    const post = await create(user, { type: 'feed_post', status: 'planned', mediaId: picture.id, plannedAt: new Date(start.getTime() + 3 * DAY).toISOString() });
    const draft = await create(user, { type: 'story', caption: 'Entwurf' });

    // Two hours later the featured status has ended.
    vi.setSystemTime(new Date(start.getTime() + 2 * HOUR));
    await refused(await call(user, 'POST', '/posts', { type: 'feed_post' }));
    await refused(await upload(user, await png()));
    await refused(await call(user, 'PUT', `/posts/${draft.id}`, { type: 'story', status: 'planned', mediaId: picture.id, plannedAt: new Date(start.getTime() + 3 * DAY).toISOString() }));
    await refused(await call(user, 'PUT', `/posts/${post.id}`, { type: 'feed_post', caption: 'noch geplant' }));
    // What is not planning stays possible: editing a draft, taking a post back, posting, cancelling, deleting.
    expect((await call(user, 'PUT', `/posts/${draft.id}`, { type: 'story', caption: 'bearbeitet' })).statusCode).toBe(200);
    expect((await call(user, 'PUT', `/posts/${post.id}`, { type: 'feed_post', status: 'published' })).statusCode).toBe(200);
    expect((await call(user, 'PUT', `/posts/${draft.id}`, { type: 'story', status: 'cancelled' })).statusCode).toBe(200);
    expect((await call(user, 'DELETE', `/posts/${draft.id}`)).statusCode).toBe(200);
    // Lists stay readable.
    expect((await call(user, 'GET', '/posts?status=published')).json().posts.map((p: PlannedPost) => p.id)).toEqual([post.id]);
  });

  it('lists the upcoming posts soonest first, drafts without a date last, and the others by status in pages', async () => {
    const user = await createArtist(t.app);
    await feature(user, inFuture(30 * DAY));
    const picture = await media(user);
    const draftNoDate = await create(user, { type: 'feed_post', caption: 'ohne Datum' });
    const later = await create(user, { type: 'feed_post', status: 'planned', mediaId: picture.id, plannedAt: inFuture(5 * DAY) });
    const draftDated = await create(user, { type: 'story', plannedAt: inFuture(3 * DAY) });
    const soon = await create(user, { type: 'reel', status: 'planned', mediaId: picture.id, plannedAt: inFuture(2 * HOUR) });
    const cancelled = await create(user, { type: 'reel' });
    await call(user, 'PUT', `/posts/${cancelled.id}`, { type: 'reel', status: 'cancelled' });

    const upcoming = await call(user, 'GET', '/posts');
    expect(upcoming.statusCode).toBe(200);
    expect(Object.keys(upcoming.json()).sort()).toEqual(['posts', 'success']);
    expect(upcoming.json().posts.map((p: PlannedPost) => p.id)).toEqual([soon.id, draftDated.id, later.id, draftNoDate.id]);
    expect((await call(user, 'GET', '/posts?status=cancelled')).json()).toMatchObject({ page: 1, hasMore: false, posts: [{ id: cancelled.id, status: 'cancelled' }] });

    // 21 published posts: two pages of 20 and 1, the latest change first.
    const now = new Date().toISOString();
    const ids: number[] = [];
    for (let i = 0; i < 21; i++) {
      const row = await db()
        .insertInto('instagram_posts')
        .values({ user_id: user.user.id, type: 'feed_post', status: 'published', created_at: now, updated_at: new Date(Date.now() - i * HOUR).toISOString(), published_at: now })
        .returning('id')
        .executeTakeFirstOrThrow();
      ids.push(row.id);
    }
    const first = (await call(user, 'GET', '/posts?status=published')).json();
    expect(first).toMatchObject({ success: true, page: 1, hasMore: true });
    expect(first.posts.map((p: PlannedPost) => p.id)).toEqual(ids.slice(0, 20));
    const second = (await call(user, 'GET', '/posts?status=published&page=2')).json();
    expect(second).toMatchObject({ page: 2, hasMore: false });
    expect(second.posts.map((p: PlannedPost) => p.id)).toEqual(ids.slice(20));
    for (const bad of ['?status=draft', '?status=published&page=0', '?status=published&page=x']) {
      expect((await call(user, 'GET', `/posts${bad}`)).statusCode, bad).toBe(400);
    }
  });

  it('keeps at most 100 upcoming posts: the 101st is 409 and the list never passes 100', async () => {
    const user = await createArtist(t.app);
    await feature(user, inFuture(30 * DAY));
    const now = new Date().toISOString();
    await db()
      .insertInto('instagram_posts')
      .values(Array.from({ length: 100 }, (_, i) => ({ user_id: user.user.id, type: 'story', status: i % 2 ? 'draft' : 'planned', planned_at: i % 2 ? null : inFuture(DAY + i * HOUR), created_at: now, updated_at: now })))
      .execute();
    const refused = await call(user, 'POST', '/posts', { type: 'story' });
    expect(refused.statusCode).toBe(409);
    expect(refused.json()).toMatchObject({ code: 'postsTooMany', error: 'You already have 100 upcoming posts. Publish, cancel or delete one first.' });
    expect((await call(user, 'GET', '/posts')).json().posts).toHaveLength(100);
    // A cancelled one makes room for exactly one more.
    const first = (await call(user, 'GET', '/posts')).json().posts[0] as PlannedPost;
    expect((await call(user, 'PUT', `/posts/${first.id}`, { type: 'story', status: 'cancelled' })).statusCode).toBe(200);
    await create(user, { type: 'story' });
    expect((await call(user, 'POST', '/posts', { type: 'story' })).statusCode).toBe(409);
    expect((await call(user, 'GET', '/posts')).json().posts).toHaveLength(100);
  });

  it('uploads pictures through the image pipeline: types, size, a missing file', async () => {
    const jpeg = await sharp({ create: { width: 2400, height: 1800, channels: 3, background: '#aa3300' } }).jpeg().toBuffer();
    const big = await upload(owner, jpeg, 'image/jpeg');
    expect(big.statusCode).toBe(201);
    expect(big.json().media).toMatchObject({ width: 1600, height: 1200 });
    expect(big.json().media.url).toMatch(/^\/uploads\/instagram\/\d+\/[0-9a-f]+-large\.webp$/);
    const text = await upload(owner, Buffer.from('kein Bild, nur Text'), 'image/png');
    expect([text.statusCode, text.json().code]).toEqual([415, 'galleryImageInvalidFormat']);
    const gif = await sharp({ create: { width: 8, height: 8, channels: 3, background: '#000' } }).gif().toBuffer();
    expect((await upload(owner, gif, 'image/gif')).statusCode).toBe(415);
    const none = await upload(owner, null);
    expect([none.statusCode, none.json().code]).toEqual([400, 'imageRequired']);
    const tooLarge = await upload(owner, Buffer.alloc(10 * 1024 * 1024 + 1, 1));
    expect([tooLarge.statusCode, tooLarge.json().code]).toEqual([413, 'galleryImageTooLarge']);
    const json = await call(owner, 'POST', '/media', { image: 'x' });
    expect(json.statusCode).toBe(415);
  });

  it('spends a credit on a planned post, refuses without one, and returns it when the post goes', async () => {
    const post = await planned();
    const none = await call(owner, 'POST', `/posts/${post.id}/promotion`, { productType: 'instagram_reel' });
    expect([none.statusCode, none.json().code]).toEqual([409, 'promotionNoCredit']);

    await grantCredit(db(), owner.user.id, 'instagram_reel', 2);
    const spent = await call(owner, 'POST', `/posts/${post.id}/promotion`, { productType: 'instagram_reel' });
    expect(spent.statusCode, spent.body).toBe(200);
    expect(spent.json().post.promotion).toMatchObject({ productType: 'instagram_reel', status: 'requested' });
    expect(spent.json().post.promotions).toHaveLength(1);
    expect((await creditBalances(db(), owner.user.id)).instagram_reel).toBe(1);

    // A second of the same kind is refused and costs nothing.
    const twice = await call(owner, 'POST', `/posts/${post.id}/promotion`, { productType: 'instagram_reel' });
    expect([twice.statusCode, twice.json().code]).toEqual([409, 'promotionExists']);
    expect((await creditBalances(db(), owner.user.id)).instagram_reel).toBe(1);

    const draft = await create(owner, { type: 'feed_post' });
    const onDraft = await call(owner, 'POST', `/posts/${draft.id}/promotion`, { productType: 'instagram_reel' });
    expect([onDraft.statusCode, onDraft.json().code]).toEqual([400, 'promotionNeedsPlanned']);
    const unknownKind = await call(owner, 'POST', `/posts/${post.id}/promotion`, { productType: 'featured_artist' });
    expect([unknownKind.statusCode, unknownKind.json().code]).toEqual([400, 'productUnknown']);

    // Deleting the post returns the credit of the promotion still waiting.
    expect((await call(owner, 'DELETE', `/posts/${post.id}`)).statusCode).toBe(200);
    expect((await creditBalances(db(), owner.user.id)).instagram_reel).toBe(2);
    expect(await db().selectFrom('post_promotions').select('id').where('post_id', '=', post.id).execute()).toEqual([]);
  });

  it('lets the admin area decide a promotion: done keeps the credit spent, rejected returns it, once', async () => {
    const user = await createArtist(t.app);
    await feature(user, inFuture(30 * DAY));
    await grantCredit(db(), user.user.id, 'instagram_story', 2);
    const a = await planned(user);
    const b = await planned(user);
    const promote = async (post: PlannedPost) => (await call(user, 'POST', `/posts/${post.id}/promotion`, { productType: 'instagram_story' })).json().post.promotion.id as number;
    const [pa, pb] = [await promote(a), await promote(b)];
    expect((await creditBalances(db(), user.user.id)).instagram_story).toBe(0);

    const instagram = t.app.services.instagram;
    expect(await instagram.decidePromotion(pa, 'done')).toMatchObject({ id: pa, status: 'done' });
    expect((await creditBalances(db(), user.user.id)).instagram_story).toBe(0);
    expect(await instagram.decidePromotion(pb, 'rejected')).toMatchObject({ id: pb, status: 'rejected' });
    expect((await creditBalances(db(), user.user.id)).instagram_story).toBe(1);
    await expect(instagram.decidePromotion(pb, 'rejected')).rejects.toMatchObject({ status: 409, code: 'promotionDecided' });
    await expect(instagram.decidePromotion(pa, 'rejected')).rejects.toMatchObject({ status: 409, code: 'promotionDecided' });
    await expect(instagram.decidePromotion(2147483647, 'done')).rejects.toMatchObject({ status: 404, code: 'promotionNotFound' });
    expect((await creditBalances(db(), user.user.id)).instagram_story).toBe(1);
    expect((await call(user, 'GET', `/posts/${b.id}`)).json().post.promotion).toMatchObject({ status: 'rejected' });

    // A decided promotion gives nothing back when its post goes.
    expect((await call(user, 'DELETE', `/posts/${a.id}`)).statusCode).toBe(200);
    expect((await creditBalances(db(), user.user.id)).instagram_story).toBe(1);
  });

  it('deletes the post pictures’ files with the account', async () => {
    const user = await createArtist(t.app);
    await feature(user, inFuture(30 * DAY));
    const post = await planned(user);
    const loose = await media(user);
    const res = await t.app.inject({ method: 'DELETE', url: '/api/profile/account', headers: { cookie: user.cookie }, payload: { password: user.password, confirmation: 'DELETE' } });
    expect(res.statusCode, res.body).toBe(200);
    expect(await storageHas(post.media?.url as string)).toBe(false);
    expect(await storageHas(post.media?.thumbnailUrl as string)).toBe(false);
    expect(await storageHas(loose.url)).toBe(false);
    expect(await db().selectFrom('instagram_posts').select('id').where('user_id', '=', user.user.id).execute()).toEqual([]);
  });

  it('answers malformed input with 4xx, never 5xx', async () => {
    const BAD: unknown[] = [
      'a\u0000b', '99999999999', 99999999999, '2147483648', 2147483648, -1, 0, 1.5, '1e400', 'x'.repeat(10_000), '😀'.repeat(3000), [], {}, [1, 2],
      { a: 1 }, null, true, '', ' ', "'; drop table users; --", 2 ** 53 + 1, 'NaN', '0000-01-01T00:00:00Z', '9999-12-31T23:59:59+14:00', '2026-02-30T10:00:00Z',
    ];
    const post = await planned();
    const base = { type: 'feed_post', caption: 'ok', hashtags: ['ok'], plannedAt: inFuture(), status: 'planned', mediaId: post.media?.id };
    const answers: { what: string; status: number }[] = [];
    for (const field of Object.keys(base)) {
      for (const value of BAD) {
        const body = { ...base, [field]: value };
        const created = await call(owner, 'POST', '/posts', body);
        answers.push({ what: `POST ${field}=${JSON.stringify(value).slice(0, 30)}`, status: created.statusCode });
        const edited = await call(owner, 'PUT', `/posts/${post.id}`, body);
        answers.push({ what: `PUT ${field}=${JSON.stringify(value).slice(0, 30)}`, status: edited.statusCode });
        // Created posts go again, so the upcoming limit never decides an answer here.
        if (created.statusCode === 201) await call(owner, 'DELETE', `/posts/${created.json().post.id}`);
      }
    }
    for (const value of BAD) {
      const text = encodeURIComponent(typeof value === 'string' ? value : JSON.stringify(value));
      for (const [method, url, payload] of [
        ['GET', `/posts/${text}`],
        ['DELETE', `/posts/${text}`],
        ['POST', `/posts/${text}/promotion`, { productType: 'instagram_story' }],
        ['POST', `/posts/${post.id}/promotion`, { productType: value }],
        ['GET', `/posts?status=${text}`],
        ['GET', `/posts?status=published&page=${text}`],
      ] as const) {
        const res = await call(owner, method, url, payload);
        answers.push({ what: `${method} ${url.slice(0, 60)}`, status: res.statusCode });
      }
    }
    const broken = answers.filter((a) => a.status >= 500);
    expect(broken).toEqual([]);
    expect(answers.filter((a) => a.status >= 400).length).toBeGreaterThan(answers.length / 2);
  });

  describe('as a user without featured status', () => {
    it('reads an empty list and gets 404 for posts that are not theirs', async () => {
      const list = await call(plain, 'GET', '/posts');
      expect(list.json()).toEqual({ success: true, posts: [] });
      const post = await create(owner, { type: 'feed_post' });
      expect((await call(plain, 'GET', `/posts/${post.id}`)).statusCode).toBe(404);
    });
  });
});
