import { beforeEach, expect, it } from 'vitest';
import { describeEachEngine, useTestApp } from '../../test/app';
import { createArtist, createStudio, type TestUser } from '../../test/factories';
import { call, createGuestSpot, day } from '../../test/listing-factories';

const PARALLEL = 50;
const ARTISTS = 5;

describeEachEngine('guest spot deals under parallel requests', (engine) => {
  const t = useTestApp(engine);
  let studio: TestUser;
  let artists: TestUser[];

  beforeEach(async () => {
    studio = await createStudio(t.app);
    artists = [];
    for (let i = 0; i < ARTISTS; i++) artists.push(await createArtist(t.app));
  });

  const applyAll = async (spotId: number) =>
    Promise.all(
      artists.map(async (a) => {
        const res = await call(t.app, 'POST', `/api/guest-spots/${spotId}/apply`, { as: a, payload: {} });
        expect(res.statusCode, res.body).toBe(201);
        return res.json().applicationId as number;
      }),
    );

  it(`gives a one-place spot one guest for ${PARALLEL} parallel accepts over ${ARTISTS} applications`, async () => {
    const spot = await createGuestSpot(t.app, studio, { places: 1 });
    const ids = await applyAll(spot.id);
    const answers = await Promise.all(Array.from({ length: PARALLEL }, (_, i) => call(t.app, 'POST', `/api/applications/${ids[i % ids.length]}/accept`, { as: studio })));
    const statuses = answers.map((r) => r.statusCode);
    expect(statuses.filter((s) => s === 200)).toHaveLength(1);
    expect(statuses.filter((s) => s === 409)).toHaveLength(PARALLEL - 1);
    for (const r of answers.filter((a) => a.statusCode === 409)) expect(['spotFull', 'dealNotPending']).toContain(r.json().code);
    const stays = await t.app.ctx.db.selectFrom('stays').select(['id', 'request_id']).where('guest_spot_id', '=', spot.id).execute();
    expect(stays).toHaveLength(1);
    const accepted = await t.app.ctx.db.selectFrom('deal_requests').select(['id', 'stay_id']).where('guest_spot_id', '=', spot.id).where('status', '=', 'accepted').execute();
    expect(accepted).toEqual([{ id: stays[0]?.request_id, stay_id: stays[0]?.id }]);
  });

  it(`gives an artist one stay for ${PARALLEL} parallel accepts of overlapping applications to different studios`, async () => {
    const [artist] = artists as [TestUser];
    const studios = [studio, await createStudio(t.app), await createStudio(t.app)];
    const ids: { id: number; studio: TestUser }[] = [];
    for (const s of studios) {
      const spot = await createGuestSpot(t.app, s, { places: 3, startDate: day(10), endDate: day(20) });
      const res = await call(t.app, 'POST', `/api/guest-spots/${spot.id}/apply`, { as: artist, payload: {} });
      ids.push({ id: res.json().applicationId, studio: s });
    }
    const answers = await Promise.all(
      Array.from({ length: PARALLEL }, (_, i) => {
        const target = ids[i % ids.length] as { id: number; studio: TestUser };
        return call(t.app, 'POST', `/api/applications/${target.id}/accept`, { as: target.studio });
      }),
    );
    expect(answers.filter((r) => r.statusCode === 200)).toHaveLength(1);
    expect(await t.app.ctx.db.selectFrom('stays').select('id').where('artist_id', '=', artist.user.id).execute()).toHaveLength(1);
  });

  it(`answers a request once for ${PARALLEL} parallel declines and withdrawals`, async () => {
    const spot = await createGuestSpot(t.app, studio);
    const [id] = await applyAll(spot.id);
    const [artist] = artists as [TestUser];
    const answers = await Promise.all(
      Array.from({ length: PARALLEL }, (_, i) =>
        i % 2 ? call(t.app, 'POST', `/api/applications/${id}/decline`, { as: studio, payload: {} }) : call(t.app, 'POST', `/api/applications/${id}/withdraw`, { as: artist }),
      ),
    );
    expect(answers.filter((r) => r.statusCode === 200)).toHaveLength(1);
    expect(answers.filter((r) => r.statusCode === 409)).toHaveLength(PARALLEL - 1);
    // One line in the conversation for the one change, beside the application itself.
    const lines = await t.app.ctx.db.selectFrom('messages').select('id').where('reference_type', '=', 'deal').where('reference_id', '=', id as number).execute();
    expect(lines).toHaveLength(1);
  });

  it(`makes one invitation and cancels a stay once for ${PARALLEL} parallel calls`, async () => {
    const [artist] = artists as [TestUser];
    const availability = (await call(t.app, 'POST', '/api/artist-availability', { as: artist, payload: { title: 'Unterwegs', startDate: day(5), endDate: day(30) } })).json();
    const invites = await Promise.all(
      Array.from({ length: PARALLEL }, () =>
        call(t.app, 'POST', `/api/artist-availability/${availability.id}/invite`, { as: studio, payload: { startDate: day(8), endDate: day(12), message: 'Komm vorbei' } }),
      ),
    );
    expect(invites.filter((r) => r.statusCode === 201)).toHaveLength(1);
    expect(invites.filter((r) => r.statusCode === 409)).toHaveLength(PARALLEL - 1);
    const id = invites.find((r) => r.statusCode === 201)?.json().id as number;
    const stay = (await call(t.app, 'POST', `/api/applications/${id}/accept`, { as: artist })).json().stay as { id: number };
    const cancels = await Promise.all(
      Array.from({ length: PARALLEL }, (_, i) => call(t.app, 'POST', `/api/stays/${stay.id}/cancel`, { as: i % 2 ? artist : studio, payload: { reason: 'Geht nicht' } })),
    );
    expect(cancels.filter((r) => r.statusCode === 200)).toHaveLength(1);
    expect(cancels.filter((r) => r.statusCode === 409)).toHaveLength(PARALLEL - 1);
  });
});
