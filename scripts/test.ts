import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { bin, run } from './run';

// The whole suite, as CI runs it: types, lint, the web and server-rendering builds, then
// unit/component/API tests (SQLite, and PostgreSQL and Redis too when TEST_DATABASE_URL is set)
// and the browser journeys. The builds come before vitest because the server-render tests load
// the server build; TEST_REQUIRE_BUILD makes them fail, not skip, should it be missing.
// The demo's generated tattoo photos are rendered once per machine into node_modules/.cache: one
// seed into a throwaway database fills that cache before the parallel tests, which would otherwise
// each render the same pictures at once on a fresh clone.
const warmDir = mkdtempSync(path.join(tmpdir(), 'tgs-demo-warm-'));
const demoEnv: NodeJS.ProcessEnv = { ...process.env, DATA_DIR: warmDir, DEMO_DATA: '1', LOG_LEVEL: 'warn' };
delete demoEnv.DATABASE_URL;

const steps: [string, string, string[], NodeJS.ProcessEnv?][] = [
  ['typecheck', bin('tsc'), ['-p', 'tsconfig.json', '--noEmit']],
  ['lint', bin('eslint'), ['.', '--max-warnings=0']],
  ['web build', bin('vite'), ['build', '--logLevel', 'warn']],
  ['server-rendering build', bin('vite'), ['build', '--config', 'vite.ssr.config.ts', '--logLevel', 'warn']],
  ['demo pictures', bin('tsx'), ['src/server/cli/migrate.ts'], demoEnv],
  ['unit, component and API tests', bin('vitest'), ['run'], { ...process.env, TEST_REQUIRE_BUILD: '1' }],
  ['end-to-end tests', bin('tsx'), ['e2e/run.ts']],
];

const started = Date.now();
for (const [name, command, args, env] of steps) {
  console.log(`\n=== ${name} ===`);
  const code = await run(command, args, env);
  if (env === demoEnv) rmSync(warmDir, { recursive: true, force: true });
  if (code !== 0) {
    console.error(`\n${name} failed (exit ${code}).`);
    process.exit(code);
  }
}
console.log(`\nAll tests passed in ${Math.round((Date.now() - started) / 1000)} s.`);
