import { expect, it } from 'vitest';
import { SEARCH_COUNT_CAP, type SearchAnswer } from '../../../common/schemas/search';
import { describeEachEngine, useTestApp } from '../../test/app';
import { ALL } from '../../lib/answer-cache/index';
import { createArtist, createStudio, insertBareUsers, type TestUser } from '../../test/factories';
import { call, createAvailability, createGuestSpot, day } from '../../test/listing-factories';
import { ensureSearchIndex, pruneSearchIndex, rebuildSearchIndex } from './index';

describeEachEngine('GET /api/search', (engine) => {
  const t = useTestApp(engine);
  const tag = `${engine}${Date.now().toString(36)}`;

  const search = async (query: string, lang = 'en') => {
    const res = await call(t.app, 'GET', `/api/search?${query}`, { lang });
    return res;
  };
  // The answers are kept until a write clears them; some steps below change rows behind the
  // services' back to show that the live row decides, so each look starts from a cleared cache.
  const found = async (q: string, lang = 'en', extra = '') => {
    t.app.ctx.invalidation.invalidate([ALL]);
    const res = await search(`q=${encodeURIComponent(q)}${extra}`, lang);
    expect(res.statusCode, q).toBe(200);
    return res.json() as SearchAnswer;
  };
  const ids = (answer: SearchAnswer, type: string) => answer.results.filter((r) => r.type === type).map((r) => r.id);
  const editProfile = async (user: TestUser, fields: Record<string, unknown>) => {
    const res = await call(t.app, 'PUT', `/api/users/${user.user.id}/profile`, { as: user, payload: { name: user.user.name, ...fields } });
    expect(res.statusCode, res.body).toBe(200);
  };

  it('refuses bad input with 400 in the request language, never 500', async () => {
    const cases = ['', 'q=', 'q=a', 'q=%20%20a%20%20', `q=${'x'.repeat(101)}`, 'q=ink&type=forum', 'q=ink&limit=0', 'q=ink&limit=51', 'q=ink&limit=ten', 'q=ink&cursor=!!', 'q=ink&cursor=abc', 'q=a%00b'];
    for (const query of cases) {
      const res = await search(query, 'de');
      expect(res.statusCode, query).toBe(400);
      expect(typeof res.json().error, query).toBe('string');
    }
    expect((await search('q=a', 'de')).json().error).toBe('Bitte gib zum Suchen 2 bis 100 Zeichen ein.');
    expect((await search('q=ink&type=forum', 'en')).json().error).toBe('Please choose profiles, guest spots, availabilities or forum threads.');
  });

  it('keeps an answer until a write of what it shows clears it', async () => {
    const studio = await createStudio(t.app, { username: `kept_${tag}` });
    const spot = await createGuestSpot(t.app, studio, { title: `Wintergast ${tag}` });
    // The create's own event clears the lists when delivered: delivered now, before the reads.
    await t.app.ctx.outbox.drain();
    const kept = async () => (await search(`q=${encodeURIComponent(`wintergast ${tag}`)}`, 'en')).json() as SearchAnswer;
    expect(ids(await kept(), 'guestspots')).toEqual([spot.id]);
    // Behind the services' back nothing clears it: the kept answer stays.
    await t.app.ctx.db.updateTable('guest_spots').set({ title: `Sommergast ${tag}` }).where('id', '=', spot.id).execute();
    expect(ids(await kept(), 'guestspots')).toEqual([spot.id]);
    // The owner's write clears the lists' tag, and the next search reads the live rows.
    expect((await call(t.app, 'PUT', `/api/guest-spots/${spot.id}`, { as: studio, payload: { isActive: false } })).statusCode).toBe(200);
    expect(ids(await kept(), 'guestspots')).toEqual([]);
  });

  it('reads FTS syntax as plain words: results or an empty 200', async () => {
    const junk = ['""', '"lena', '**', 'ink*', 'NEAR(ink, 3)', 'ink AND', 'AND OR NOT', 'title:ink', 'ink^2', '^ink', '(ink', 'ink)', '[ink]', '{title}: ink', '-ink', 'ink -', "l'ink", '\\\\ink', '%_%', '::', 'ink" OR "x', '*:*', 'ä̈̈'];
    for (const q of junk) {
      const answer = await found(q);
      expect(answer.query, q).toBe(q.trim());
      expect(answer.counts, q).toEqual(expect.objectContaining({ threads: 0 }));
    }
  });

  it('finds a German bio with "Tätowierung" when a German searcher types "tätowierungen"', async () => {
    const artist = await createArtist(t.app, { username: `ink_${tag}` });
    await editProfile(artist, { bio: 'Jede Tätowierung entsteht bei mir in Ruhe, mit viel Zeit für die Beratung und feine Linien.' });
    const answer = await found('tätowierungen', 'de');
    expect(ids(answer, 'profiles')).toContain(artist.user.id);
    const hit = answer.results.find((r) => r.id === artist.user.id && r.type === 'profiles');
    expect(hit?.url).toBe(`/ink_${tag}`);
    // The highlight names "Tätowierung" in the plain-text snippet.
    const [start, end] = hit?.highlights[0] ?? [0, 0];
    expect(hit?.snippet.slice(start, end)).toBe('Tätowierung');
    // The last word is a prefix, and the username is found.
    expect(ids(await found('tätowier', 'de'), 'profiles')).toContain(artist.user.id);
    expect(ids(await found(`ink_${tag}`), 'profiles')).toContain(artist.user.id);
  });

  it('finds active listings by title, place and owner, and none hidden, inactive, ended or suspended', async () => {
    const studio = await createStudio(t.app, { username: `studio_${tag}` });
    await editProfile(studio, { name: `Nadelhaus ${tag}` });
    const spot = await createGuestSpot(t.app, studio, { title: `Sommergast ${tag}`, description: 'Helle Kabine in Kreuzberg.' });
    const artist = await createArtist(t.app);
    const entry = await createAvailability(t.app, artist, { title: `Herbsttour ${tag}`, description: 'Realismus in Wien und Graz.' });

    let answer = await found(`sommergast ${tag}`);
    expect(ids(answer, 'guestspots')).toEqual([spot.id]);
    expect(answer.counts.guestspots).toBe(1);
    expect(answer.results[0]?.url).toBe(`/guestspot/${spot.slug}`);
    // The owner's name is part of the listing, and follows a rename.
    expect(ids(await found(`nadelhaus ${tag}`), 'guestspots')).toEqual([spot.id]);
    expect(ids(await found(`herbsttour ${tag}`), 'availabilities')).toEqual([entry.id]);
    answer = await found(`herbsttour ${tag}`, 'en', '&type=profiles');
    expect(answer.results).toEqual([]);
    expect(answer.counts.availabilities).toBe(1);

    // Deactivated: gone; active again: back.
    expect((await call(t.app, 'PUT', `/api/guest-spots/${spot.id}`, { as: studio, payload: { isActive: false } })).statusCode).toBe(200);
    expect(ids(await found(`sommergast ${tag}`), 'guestspots')).toEqual([]);
    expect((await call(t.app, 'PUT', `/api/guest-spots/${spot.id}`, { as: studio, payload: { isActive: true } })).statusCode).toBe(200);
    expect(ids(await found(`sommergast ${tag}`), 'guestspots')).toEqual([spot.id]);

    // Hidden by moderation, with no write to the index: the live row decides.
    const db = t.app.ctx.db;
    await db.updateTable('guest_spots').set({ hidden_at: new Date().toISOString() }).where('id', '=', spot.id).execute();
    expect(ids(await found(`sommergast ${tag}`), 'guestspots')).toEqual([]);
    await db.updateTable('guest_spots').set({ hidden_at: null }).where('id', '=', spot.id).execute();

    // Ended: its last day passed, again without any write to the index.
    await db.updateTable('guest_spots').set({ start_date: day(-10), end_date: day(-1) }).where('id', '=', spot.id).execute();
    expect(ids(await found(`sommergast ${tag}`), 'guestspots')).toEqual([]);
    await db.updateTable('guest_spots').set({ start_date: day(10), end_date: day(20) }).where('id', '=', spot.id).execute();

    // A suspended owner leaves with profile and listings; when the suspension ends by itself they are back.
    await db.updateTable('users').set({ suspended_at: new Date().toISOString(), suspended_until: null }).where('id', '=', studio.user.id).execute();
    answer = await found(`nadelhaus ${tag}`);
    expect(answer.results).toEqual([]);
    expect(answer.counts).toEqual({ profiles: 0, guestspots: 0, availabilities: 0, threads: 0 });
    await db.updateTable('users').set({ suspended_until: new Date(Date.now() - 1000).toISOString() }).where('id', '=', studio.user.id).execute();
    expect((await found(`nadelhaus ${tag}`)).counts).toMatchObject({ profiles: 1, guestspots: 1 });

    // Deleted: the listing's document goes with it.
    expect((await call(t.app, 'DELETE', `/api/guest-spots/${spot.id}`, { as: studio })).statusCode).toBe(200);
    expect((await found(`sommergast ${tag}`)).counts.guestspots).toBe(0);
    expect(await db.selectFrom('search_documents').select('id').where('type', '=', 'guestspots').where('ref_id', '=', spot.id).execute()).toEqual([]);
  });

  it('prunes the documents of listings that ended, and keeps those still shown', async () => {
    const studio = await createStudio(t.app);
    const ending = await createGuestSpot(t.app, studio, { title: `Abendgast ${tag}` });
    const running = await createGuestSpot(t.app, studio, { title: `Morgengast ${tag}` });
    const db = t.app.ctx.db;
    const documentOf = (id: number) => db.selectFrom('search_documents').select('id').where('type', '=', 'guestspots').where('ref_id', '=', id).execute();
    // Ended with no write to the index: the search skips it, the prune takes it out.
    await db.updateTable('guest_spots').set({ start_date: day(-10), end_date: day(-1) }).where('id', '=', ending.id).execute();
    expect(await documentOf(ending.id)).toHaveLength(1);
    expect(await pruneSearchIndex(db)).toBeGreaterThanOrEqual(1);
    expect(await documentOf(ending.id)).toEqual([]);
    expect(await documentOf(running.id)).toHaveLength(1);
    expect(ids(await found(`morgengast ${tag}`), 'guestspots')).toEqual([running.id]);
    expect(await pruneSearchIndex(db)).toBe(0);
    // Shown again by its owner's write, it is found again.
    expect((await call(t.app, 'PUT', `/api/guest-spots/${ending.id}`, { as: studio, payload: { startDate: day(5), endDate: day(9) } })).statusCode).toBe(200);
    expect(ids(await found(`abendgast ${tag}`), 'guestspots')).toEqual([ending.id]);
  });

  it('never finds an admin, and a deleted account leaves no document', async () => {
    const admin = await createArtist(t.app, { username: `boss_${tag}` });
    await t.app.ctx.db.updateTable('users').set({ role: 'admin' }).where('id', '=', admin.user.id).execute();
    expect((await found(`boss_${tag}`)).counts.profiles).toBe(0);

    const leaving = await createArtist(t.app, { username: `leaving_${tag}` });
    await createAvailability(t.app, leaving, { title: `Abschiedstour ${tag}` });
    expect((await found(`abschiedstour ${tag}`)).counts.availabilities).toBe(1);
    const res = await call(t.app, 'DELETE', '/api/profile/account', { as: leaving, payload: { password: leaving.password } });
    expect(res.statusCode, res.body).toBeLessThan(300);
    expect(await t.app.ctx.db.selectFrom('search_documents').select('id').where('owner_id', '=', leaving.user.id).execute()).toEqual([]);
    expect((await found(`abschiedstour ${tag}`)).counts.availabilities).toBe(0);
  });

  it('pages with a cursor: every hit once, title hits first, then the newest', async () => {
    const word = `zettel${tag}`;
    const people: TestUser[] = [];
    for (let i = 0; i < 5; i++) {
      const artist = await createArtist(t.app);
      await editProfile(artist, { bio: `Mein ${word} Nummer ${i}` });
      people.push(artist);
    }
    const titled = await createArtist(t.app);
    await editProfile(titled, { name: `Studio ${word}` });
    const seen: number[] = [];
    let cursor: string | null = null;
    let pages = 0;
    do {
      const answer: SearchAnswer = await found(word, 'de', `&limit=2${cursor ? `&cursor=${cursor}` : ''}`);
      expect(answer.counts.profiles).toBe(6);
      expect(answer.results.length).toBeLessThanOrEqual(2);
      seen.push(...answer.results.map((r) => r.id));
      cursor = answer.nextCursor;
      pages++;
    } while (cursor && pages < 10);
    expect(pages).toBe(3);
    // The name hit leads; the bios follow newest first.
    expect(seen).toEqual([titled.user.id, ...people.map((p) => p.user.id).reverse()]);
  });

  it('rebuilds to the same answers in the same order, and a start with the index current does nothing', async () => {
    const before = await found('tätowierungen', 'de');
    // The cursor test's people, title hit first and the bios newest first: the rebuild writes
    // documents oldest first, so the order survives it.
    const ordered = await found(`zettel${tag}`, 'de');
    expect(ordered.results).toHaveLength(6);
    const counts = await rebuildSearchIndex(t.app.ctx.db);
    expect(counts.profiles).toBeGreaterThan(0);
    expect(counts.threads).toBe(0);
    expect(await found('tätowierungen', 'de')).toEqual(before);
    expect((await found(`zettel${tag}`, 'de')).results.map((r) => r.id)).toEqual(ordered.results.map((r) => r.id));
    expect(await ensureSearchIndex(t.app.ctx.db)).toBe(false);
  });

  it('counts a type up to its cap, says that more were found, and pages on past the cap', async () => {
    const word = `kappe${tag}`;
    const many = Array.from({ length: SEARCH_COUNT_CAP + 3 }, (_, i) => {
      const username = `cap${i}_${tag}`;
      return { username, usernameKey: username.toLowerCase(), email: `${username}@example.test`, name: `Kappe ${word} ${i}`, type: 'artist' as const };
    });
    for (let i = 0; i < many.length; i += 200) await insertBareUsers(t.app, many.slice(i, i + 200));
    await rebuildSearchIndex(t.app.ctx.db);
    let answer = await found(word, 'en', '&limit=50');
    expect(answer.counts).toEqual({ profiles: SEARCH_COUNT_CAP, guestspots: 0, availabilities: 0, threads: 0 });
    expect(answer.countsCapped).toEqual(['profiles']);
    // Below the cap a count is exact and says nothing more.
    const few = await found(`${word} 10`);
    expect(few.counts.profiles).toBe(4);
    expect(few.countsCapped).toBeUndefined();
    // Every one of them is still found, page by page.
    const seen = new Set(answer.results.map((r) => r.id));
    for (let pages = 1; answer.nextCursor && pages < 30; pages++) {
      answer = await found(word, 'en', `&limit=50&cursor=${answer.nextCursor}`);
      for (const hit of answer.results) seen.add(hit.id);
    }
    expect(seen.size).toBe(many.length);
  });
});
