import { mkdtempSync, rmSync } from 'node:fs';
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
