import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { build } from 'vite';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LANGUAGES } from '../src/common/languages';
import { describeFirstLoad, firstLoads, FIRST_LOAD_BUDGET_BYTES, FIRST_LOAD_HEADROOM_BYTES, PUBLIC_PAGES, type FirstLoad } from './bundle-budget';

// Its own build in a temporary folder: dist/web may be stale or mid-build by another command.
const outDir = mkdtempSync(path.join(tmpdir(), 'tgs-budget-'));
let loads: (FirstLoad & { lang: string })[] = [];

beforeAll(async () => {
  // Vitest runs with NODE_ENV=test, which would make Vite bundle React's development build.
  const nodeEnv = process.env.NODE_ENV;
  process.env.NODE_ENV = 'production';
  try {
    await build({
      configFile: path.resolve(import.meta.dirname, '../vite.config.ts'),
      mode: 'production',
      logLevel: 'warn',
      build: { outDir, emptyOutDir: true },
    });
  } finally {
    process.env.NODE_ENV = nodeEnv;
  }
  loads = LANGUAGES.flatMap((lang) => firstLoads(outDir, lang).map((load) => ({ ...load, lang })));
}, 180_000);

afterAll(() => rmSync(outDir, { recursive: true, force: true }));

/** The tour page (decision 046: opened from a shared link), measured beside the public pages without shaping the build's chunks. */
const TOUR_PAGE = { name: 'tour', route: 'profileTour', screen: 'app/routes/tour-page.tsx' } as const;
/** The tour page's own code (the list, the feed link, the globe's empty box), compressed. */
const TOUR_OWN_MAX_BYTES = 4 * 1024;

describe('first-load JavaScript of the tour page', () => {
  it.each(LANGUAGES)(`adds at most ${TOUR_OWN_MAX_BYTES / 1024} KB of its own, without the globe, which loads after the page shows, in %s`, (lang) => {
    const [load] = firstLoads(outDir, lang, [TOUR_PAGE]);
    expect(load).toBeDefined();
    if (!load) return;
    const manifest = JSON.parse(readFileSync(path.join(outDir, '.vite/manifest.json'), 'utf8')) as Record<string, { file: string; imports?: string[] }>;
    // The globe's chunks: its module and what it imports that is its own (the drawing, d3-geo's projection).
    const globe = new Set<string>();
    const visit = (key: string) => {
      const chunk = manifest[key];
      if (!chunk || globe.has(chunk.file) || !/globe/.test(chunk.file)) return;
      globe.add(chunk.file);
      for (const next of chunk.imports ?? []) visit(next);
    };
    visit('features/map/globe.tsx');
    expect(globe.size, 'the globe is a chunk of its own').toBeGreaterThan(0);
    expect(load.chunks.map((c) => c.file).filter((file) => globe.has(file)), describeFirstLoad(load)).toEqual([]);
    // The rest is the shell every page loads, held to the budget by the public pages above.
    const own = load.chunks.find((c) => c.file === manifest[TOUR_PAGE.screen]?.file);
    expect(own?.brotli ?? Infinity, describeFirstLoad(load)).toBeLessThanOrEqual(TOUR_OWN_MAX_BYTES);
  });
});

describe('first-load JavaScript of the public pages', () => {
  // Each language ships its own translations, so each is held to the budget, less the headroom
  // every page keeps.
  const limit = FIRST_LOAD_BUDGET_BYTES - FIRST_LOAD_HEADROOM_BYTES;
  for (const { name } of PUBLIC_PAGES) {
    it.each(LANGUAGES)(`${name} ships at most ${limit / 1024} KB compressed in %s (${FIRST_LOAD_HEADROOM_BYTES / 1024} KB under the budget)`, (lang) => {
      const load = loads.find((l) => l.page === name && l.lang === lang);
      expect(load, `no first load computed for ${name} in ${lang}`).toBeDefined();
      if (!load) return;
      // The message lists every chunk with its size, so a failure says what to split off.
      expect(load.total, describeFirstLoad(load)).toBeLessThanOrEqual(limit);
    });
  }
});
