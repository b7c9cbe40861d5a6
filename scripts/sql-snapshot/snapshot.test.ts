import { existsSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { collectSnapshot, fileOf, QUERIES_DIR, renderModule, withoutPlans } from './snapshot';

/** Where two texts first differ, as the line number and both lines, shortened. */
function firstDifference(committed: string, now: string): string {
  const a = committed.split('\n');
  const b = now.split('\n');
  const i = a.findIndex((line, k) => line !== b[k]);
  const at = i < 0 ? a.length : i;
  const cut = (s: string | undefined) => (s === undefined ? '(end of file)' : s.length > 120 ? `${s.slice(0, 120)}…` : s);
  return `(line ${at + 1}: committed ${cut(a[at])} | now ${cut(b[at])})`;
}

// Every query the server runs is committed in src/server/db/queries/<module>.sql, so a change to
// a repo shows its SQL in review. Plan comments (written only at scale) are not compared.
describe('committed SQL', () => {
  it('matches what the code runs now, on both engines', async () => {
    const { modules, unvisited } = await collectSnapshot();
    expect(unvisited, 'API routes the SQL tour (scripts/sql-snapshot/tour.ts) never reaches; add a step for each').toEqual([]);

    const stale: string[] = [];
    const expected = new Set<string>();
    for (const [module, pairs] of modules) {
      const name = fileOf(module);
      expected.add(name);
      const file = path.join(QUERIES_DIR, name);
      const committed = existsSync(file) ? withoutPlans(readFileSync(file, 'utf8')) : null;
      const now = withoutPlans(renderModule(pairs));
      if (committed === null) stale.push(`${name} (missing)`);
      else if (committed !== now) stale.push(`${name} ${firstDifference(committed, now)}`);
    }
    for (const name of readdirSync(QUERIES_DIR)) if (name.endsWith('.sql') && !expected.has(name)) stale.push(`${name} (no module runs it now)`);
    expect(stale, `The committed SQL differs from what the code runs; run \`npm run sql:snapshot\` and commit src/server/db/queries/*.sql`).toEqual([]);
  }, 120_000);
});
