import { expect, it } from 'vitest';
import type { ListingBase } from '../../../common/schemas/listing-fields';
import { describeEachEngine, useTestApp } from '../../test/app';
import { createArtist, createStudio, type TestUser } from '../../test/factories';
import { call, createAvailability, createGuestSpot, makeAdmin } from '../../test/listing-factories';

describeEachEngine('listings: what the viewer may do', (engine) => {
  let owners: { studio: TestUser; artist: TestUser };
  let others: { studio: TestUser; artist: TestUser };
  let admin: TestUser;

  const t = useTestApp(engine, async () => {
    owners = { studio: await createStudio(t.app), artist: await createArtist(t.app) };
    others = { studio: await createStudio(t.app), artist: await createArtist(t.app) };
    admin = await makeAdmin(t.app, await createArtist(t.app));
  });

  const kinds = [
    { path: '/api/guest-spots', owner: 'studio', ownerQuery: 'studioId', create: createGuestSpot },
    { path: '/api/artist-availability', owner: 'artist', ownerQuery: 'artistId', create: createAvailability },
  ] as const;

  for (const kind of kinds) {
    it(`answers can.edit and can.delete on ${kind.path}: the owner and admins, nobody else`, async () => {
      const owner = owners[kind.owner];
      const listing = await kind.create(t.app, owner);
      expect(listing.can).toEqual({ edit: true, delete: true });
      const viewers: [TestUser | undefined, boolean][] = [[owner, true], [admin, true], [others.studio, false], [others.artist, false], [undefined, false]];
      for (const [viewer, may] of viewers) {
        const expected = { edit: may, delete: may };
        const detail = (await call(t.app, 'GET', `${kind.path}/${listing.id}`, { as: viewer })).json() as ListingBase;
        expect(detail.can, `detail as ${viewer?.user.username ?? 'visitor'}`).toEqual(expected);
        const bySlug = (await call(t.app, 'GET', `${kind.path}/by-slug/${listing.slug}`, { as: viewer })).json() as ListingBase;
        expect(bySlug.can).toEqual(expected);
        const list = (await call(t.app, 'GET', `${kind.path}?limit=50`, { as: viewer })).json() as { items: ListingBase[] };
        expect(list.items.find((i) => i.id === listing.id)?.can).toEqual(expected);
        const own = (await call(t.app, 'GET', `${kind.path}?${kind.ownerQuery}=${owner.user.id}`, { as: viewer })).json() as ListingBase[];
        expect(own.find((i) => i.id === listing.id)?.can).toEqual(expected);
      }
      const updated = (await call(t.app, 'PUT', `${kind.path}/${listing.id}`, { as: admin, payload: { title: 'Renamed' } })).json() as ListingBase;
      expect(updated.can).toEqual({ edit: true, delete: true });
    });
  }
});
