import { existsSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { collectSnapshot, fileOf, plansOf, QUERIES_DIR, renderModule, withoutPlans } from './sql-snapshot/snapshot';
import { explainHotReads } from './sql-snapshot/plans';

// Writes src/server/db/queries/<module>.sql: every query the server runs on a tour of its API
// and pages, compiled for SQLite and PostgreSQL. With SQL_SNAPSHOT_SCALE=1 the hot reads also
// get their SQLite plan at the bench's scale; without it, plans already committed are kept for
// the queries whose text did not change.
const scaled = process.env.SQL_SNAPSHOT_SCALE === '1';
const started = Date.now();
const { modules, routes, unvisited } = await collectSnapshot();
if (unvisited.length) {
  console.error(`The SQL tour (scripts/sql-snapshot/tour.ts) reaches no request of:\n  ${unvisited.join('\n  ')}`);
  process.exitCode = 1;
} else {
  console.log(`The tour reaches all ${routes.length} API routes.`);
}
const fresh = scaled ? await explainHotReads(modules) : null;

const written = new Set<string>();
let changed = 0;
for (const [module, pairs] of modules) {
  const file = path.join(QUERIES_DIR, fileOf(module));
  const before = existsSync(file) ? readFileSync(file, 'utf8') : '';
  const text = renderModule(pairs, fresh ?? plansOf(before));
  written.add(fileOf(module));
  const count = pairs.length;
  if (text !== before) {
    writeFileSync(file, text);
    changed++;
    console.log(`${withoutPlans(text) === withoutPlans(before) ? 'plans ' : 'wrote '}${path.relative(process.cwd(), file)} (${count} queries)`);
  } else {
    console.log(`same  ${path.relative(process.cwd(), file)} (${count} queries)`);
  }
}
for (const name of readdirSync(QUERIES_DIR)) {
  if (name.endsWith('.sql') && !written.has(name)) {
    rmSync(path.join(QUERIES_DIR, name));
    changed++;
    console.log(`removed ${name} (no module runs its queries now)`);
  }
}
console.log(`${changed} file(s) changed in ${((Date.now() - started) / 1000).toFixed(1)} s.`);
