import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, expect } from 'vitest';
import type { ListPage } from '../../../common/schemas/listing-fields';
import { createTestApp, type Engine, type TestApp } from '../../test/app';
import { createArtist, createStudio, type TestUser } from '../../test/factories';
import { makeAdmin, referenceIds } from '../../test/listing-factories';

/** The JSON-LD block of a rendered page, or null. */
export const jsonLd = (html: string) => JSON.parse(/<script type="application\/ld\+json">(.*?)<\/script>/s.exec(html)?.[1] ?? 'null');
/** The content of a page's `<meta name|property=...>`. */
export const meta = (html: string, name: string) => new RegExp(`<meta (?:name|property)="${name}" content="([^"]*)">`).exec(html)?.[1];
/** The href of a page's `<link rel=...>`. */
export const link = (html: string, rel: string) => new RegExp(`<link rel="${rel}" href="([^"]*)">`).exec(html)?.[1];

/** Loads a page as a visitor or as the given user; `app` is read at call time (tests make it in beforeAll). */
export const pageLoader = (app: () => FastifyInstance) => (url: string, as?: TestUser) =>
  app().inject({ method: 'GET', url, headers: as ? { cookie: as.cookie } : {} });

/** Each legacy path answers a 301 to its new address. */
export async function expectRedirects(page: (url: string) => Promise<LightMyRequestResponse>, cases: [string, string][]): Promise<void> {
  for (const [from, to] of cases) {
    const res = await page(from);
    expect(res.statusCode, from).toBe(301);
    expect(res.headers.location, from).toBe(to);
  }
}

/**
 * A list page answered 200 with this title and these links: a link given as undefined must be
 * absent, one not given is not checked.
 */
export function expectListPage(
  res: LightMyRequestResponse,
  expected: { title: string; canonical: string; prev?: string; next?: string },
): void {
  expect(res.statusCode).toBe(200);
  expect(res.body).toContain(`<title>${expected.title}</title>`);
  for (const rel of ['canonical', 'prev', 'next'] as const) {
    if (rel in expected) expect(link(res.body, rel), rel).toBe(expected[rel]);
  }
}

/** The public list of a listing API as a visitor reads it (200 expected), and the ids of a page. */
export function publicListReader<Item extends { id: number }>(app: () => FastifyInstance, api: string) {
  return {
    list: async (query = ''): Promise<ListPage<Item>> => {
      const res = await app().inject({ method: 'GET', url: `${api}${query}`, headers: { 'accept-language': 'en' } });
      expect(res.statusCode, query).toBe(200);
      return res.json() as ListPage<Item>;
    },
    ids: (page: { items: Item[] }) => page.items.map((x) => x.id),
  };
}

/** The people a listing test needs, made once per engine: two studios, two artists, an admin, and the reference ids. */
export interface ListingWorld {
  t: TestApp;
  ref: Awaited<ReturnType<typeof referenceIds>>;
  studio: TestUser;
  otherStudio: TestUser;
  artist: TestUser;
  otherArtist: TestUser;
  admin: TestUser;
}

/**
 * Makes the world before the block's tests and closes it after; its fields are set once
 * `beforeAll` ran. `setup` adds what the block needs besides (a studio's place ...).
 */
export function useListingWorld(engine: Engine, setup?: (world: ListingWorld) => Promise<void>): ListingWorld {
  const world = {} as ListingWorld;
  beforeAll(async () => {
    const t = await createTestApp(engine);
    Object.assign(world, {
      t,
      ref: await referenceIds(t.app),
      studio: await createStudio(t.app),
      otherStudio: await createStudio(t.app),
      artist: await createArtist(t.app),
      otherArtist: await createArtist(t.app),
      admin: await makeAdmin(t.app, await createArtist(t.app)),
    });
    await setup?.(world);
  });
  afterAll(async () => {
    await world.t?.close();
  });
  return world;
}
