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

type Step = [name: string, command: string, args: string[], env?: NodeJS.ProcessEnv];

// Steps in one group run side by side: on two cores the type check and the lint, and the two
// builds with the demo pictures, each leave a core mostly idle when run alone (they wait on disk
// and on one thread). The groups run one after another, and the first failing group stops the run.
const groups: Step[][] = [
  [
    ['typecheck', bin('tsc'), ['-p', 'tsconfig.json', '--noEmit']],
    ['lint', bin('eslint'), ['.', '--max-warnings=0']],
  ],
  [
    ['web build', bin('vite'), ['build', '--logLevel', 'warn']],
    ['server-rendering build', bin('vite'), ['build', '--config', 'vite.ssr.config.ts', '--logLevel', 'warn']],
    ['demo pictures', bin('tsx'), ['src/server/cli/migrate.ts'], demoEnv],
  ],
  [['unit, component and API tests', bin('vitest'), ['run'], { ...process.env, TEST_REQUIRE_BUILD: '1' }]],
  [['end-to-end tests', bin('tsx'), ['e2e/run.ts']]],
];

const started = Date.now();
for (const group of groups) {
  console.log(`\n=== ${group.map(([name]) => name).join(', ')} ===`);
  const results = await Promise.all(
    group.map(async ([name, command, args, env]) => {
      const t0 = Date.now();
      const code = await run(command, args, env);
      if (env === demoEnv) rmSync(warmDir, { recursive: true, force: true });
      console.log(`--- ${name}: ${code === 0 ? 'passed' : `failed (exit ${code})`} in ${Math.round((Date.now() - t0) / 1000)} s`);
      return { name, code };
    }),
  );
  const failed = results.find((r) => r.code !== 0);
  if (failed) {
    console.error(`\n${failed.name} failed (exit ${failed.code}).`);
    process.exit(failed.code);
  }
}
console.log(`\nAll tests passed in ${Math.round((Date.now() - started) / 1000)} s.`);
