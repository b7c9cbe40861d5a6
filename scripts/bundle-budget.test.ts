import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { build } from 'vite';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { describeFirstLoad, firstLoads, FIRST_LOAD_BUDGET_BYTES, FIRST_LOAD_CEILINGS_KB, PUBLIC_PAGES, type FirstLoad } from './bundle-budget';

// Its own build in a temporary folder: dist/web may be stale or mid-build by another command.
const outDir = mkdtempSync(path.join(tmpdir(), 'tgs-budget-'));
let loads: FirstLoad[] = [];

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
  loads = firstLoads(outDir);
}, 180_000);

afterAll(() => rmSync(outDir, { recursive: true, force: true }));

describe('first-load JavaScript of the public pages', () => {
  it('has a ceiling for every page, none above where it stands today', () => {
    for (const { name } of PUBLIC_PAGES) expect(FIRST_LOAD_CEILINGS_KB[name], name).toBeGreaterThan(0);
  });

  for (const { name } of PUBLIC_PAGES) {
    const ceiling = Math.max(FIRST_LOAD_BUDGET_BYTES, (FIRST_LOAD_CEILINGS_KB[name] ?? 0) * 1024);
    it(`${name} ships at most ${ceiling / 1024} KB compressed (goal ${FIRST_LOAD_BUDGET_BYTES / 1024} KB)`, () => {
      const load = loads.find((l) => l.page === name);
      expect(load, `no first load computed for ${name}`).toBeDefined();
      if (!load) return;
      // The message lists every chunk with its size, so a failure says what to split off.
      expect(load.total, describeFirstLoad(load)).toBeLessThanOrEqual(ceiling);
    });
  }
});
