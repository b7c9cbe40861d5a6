import { existsSync } from 'node:fs';
import { startBuiltServer, type BuiltServer } from '../scripts/built-server';
import { bin, run } from '../scripts/run';
import { CHROMIUM_PATH } from './browser';

// Starts the built server on a free port with a temporary data folder (demo content on),
// then runs the browser journeys against it in Debian's Chromium.
if (!existsSync(CHROMIUM_PATH)) {
  const line = '!'.repeat(78);
  console.error(`\n${line}\n!! END-TO-END TESTS SKIPPED: Chromium was not found at ${CHROMIUM_PATH}.\n!! Install it with: sudo apt-get install chromium\n${line}\n`);
  process.exit(process.env.E2E_REQUIRE_BROWSER === '1' ? 1 : 0);
}
// Both builds: without the server bundle the public pages would quietly be served as the empty shell.
if (!existsSync('dist/web/index.html') || !existsSync('dist/ssr/entry-server.js')) {
  console.error('The web app is not built: run `npm run build` first.');
  process.exit(1);
}

let code = 1;
let server: BuiltServer | undefined;
try {
  // Production mode sells nothing without PayPal unless told to: the journeys buy on the test provider.
  server = await startBuiltServer({ name: 'e2e', env: { PAYMENT_PROVIDER: 'test' } });
  code = await run(bin('vitest'), ['run', '--config', 'e2e/vitest.config.ts', ...process.argv.slice(2)], {
    ...process.env,
    E2E_BASE_URL: server.baseUrl,
    E2E_DATA_DIR: server.dataDir,
  });
} catch (err) {
  console.error(err);
} finally {
  await server?.stop();
}
process.exit(code);
