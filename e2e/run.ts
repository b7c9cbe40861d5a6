import { spawn, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
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

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const srv = createServer();
    srv.listen(0, '127.0.0.1', () => {
      const address = srv.address();
      srv.close(() => (typeof address === 'object' && address ? resolve(address.port) : reject(new Error('no port'))));
    });
  });
}

async function waitForHealth(url: string, child: ChildProcess, timeoutMs = 90_000) {
  const until = Date.now() + timeoutMs;
  while (Date.now() < until) {
    if (child.exitCode !== null) throw new Error(`server exited with ${child.exitCode}`);
    try {
      const res = await fetch(`${url}/api/health`);
      if (res.ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((r) => setTimeout(r, 250));
  }
  throw new Error('server did not become healthy in time');
}

const port = await freePort();
const dataDir = mkdtempSync(path.join(tmpdir(), 'tgs-e2e-'));
const baseUrl = `http://127.0.0.1:${port}`;
const server = spawn(bin('tsx'), ['src/server/main.ts'], {
  stdio: ['ignore', 'ignore', 'inherit'],
  env: {
    ...process.env,
    NODE_ENV: 'production',
    PORT: String(port),
    HOST: '127.0.0.1',
    PUBLIC_URL: baseUrl,
    DATA_DIR: dataDir,
    DATABASE_URL: '',
    DEMO_DATA: '1',
    SESSION_SECRET: randomBytes(32).toString('hex'),
    LOG_LEVEL: 'warn',
  },
});

let code = 1;
try {
  await waitForHealth(baseUrl, server);
  code = await run(bin('vitest'), ['run', '--config', 'e2e/vitest.config.ts', ...process.argv.slice(2)], {
    ...process.env,
    E2E_BASE_URL: baseUrl,
    E2E_DATA_DIR: dataDir,
  });
} catch (err) {
  console.error(err);
} finally {
  server.kill('SIGTERM');
  await new Promise((r) => server.once('exit', r));
  rmSync(dataDir, { recursive: true, force: true });
}
process.exit(code);
