import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { createScaledDatabase } from '../../bench/scaled-data';
import { PLAN_PREFIX, tidy, type QueryPair } from './snapshot';
import { SQLite } from '../../src/server/db/sqlite-driver';

/**
 * The SQLite plan of every hot read (a query of a tour step marked hot) on the bench's scaled
 * world (20,000 users, 100,000 listings of each kind), as plan comment lines by SQLite text.
 * The parameters are the tour's; reference ids (styles, countries, cities) are the same seed.
 */
export async function explainHotReads(modules: Map<string, QueryPair[]>): Promise<Map<string, string[]>> {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'tgs-sql-plans-'));
  try {
    const started = Date.now();
    await createScaledDatabase({ NODE_ENV: 'production', DATA_DIR: dataDir, DEMO_DATA: '0', SESSION_SECRET: 'x'.repeat(32), PUBLIC_URL: 'http://127.0.0.1', LOG_LEVEL: 'warn' });
    console.log(`scaled database built in ${((Date.now() - started) / 1000).toFixed(1)} s`);
    const sqlite = new SQLite(path.join(dataDir, 'app.db'), { readonly: true });
    const plans = new Map<string, string[]>();
    try {
      for (const pair of [...modules.values()].flat()) {
        if (!pair.hot || pair.sqlite === null || !/^\s*select\b/i.test(pair.sqlite)) continue;
        const text = tidy(pair.sqlite);
        if (plans.has(text)) continue;
        try {
          const rows = sqlite.prepare(`explain query plan ${pair.sqlite}`).all(...(pair.parameters as unknown[])) as { id: number; parent: number; detail: string }[];
          const depth = new Map<number, number>();
          plans.set(
            text,
            rows.map((row) => {
              const d = (depth.get(row.parent) ?? -1) + 1;
              depth.set(row.id, d);
              return `${PLAN_PREFIX} ${'  '.repeat(d)}${row.detail}`;
            }),
          );
        } catch (err) {
          plans.set(text, [`${PLAN_PREFIX} (not explained: ${(err as Error).message})`]);
        }
      }
    } finally {
      sqlite.close();
    }
    return plans;
  } finally {
    rmSync(dataDir, { recursive: true, force: true });
  }
}
