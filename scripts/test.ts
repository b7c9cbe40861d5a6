import { bin, run } from './run';

// The whole suite, as CI runs it: types, lint, unit/component/API tests (SQLite, and
// PostgreSQL too when TEST_DATABASE_URL is set), then a fresh build and the browser journeys.
const steps: [string, string, string[]][] = [
  ['typecheck', bin('tsc'), ['-p', 'tsconfig.json', '--noEmit']],
  ['lint', bin('eslint'), ['.', '--max-warnings=0']],
  ['unit, component and API tests', bin('vitest'), ['run']],
  ['web build', bin('vite'), ['build', '--logLevel', 'warn']],
  ['server-rendering build', bin('vite'), ['build', '--config', 'vite.ssr.config.ts', '--logLevel', 'warn']],
  ['end-to-end tests', bin('tsx'), ['e2e/run.ts']],
];

const started = Date.now();
for (const [name, command, args] of steps) {
  console.log(`\n=== ${name} ===`);
  const code = await run(command, args);
  if (code !== 0) {
    console.error(`\n${name} failed (exit ${code}).`);
    process.exit(code);
  }
}
console.log(`\nAll tests passed in ${Math.round((Date.now() - started) / 1000)} s.`);
