import { spawn, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer, type AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { bin } from './run';

/** A port nobody listens on now (other servers may run on this machine). */
export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = createServer();
    probe.once('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const { port } = probe.address() as AddressInfo;
      probe.close(() => resolve(port));
    });
  });
}

async function waitForHealth(url: string, child: ChildProcess, timeoutMs: number): Promise<void> {
  const until = Date.now() + timeoutMs;
  while (Date.now() < until) {
    if (child.exitCode !== null) throw new Error(`server exited with ${child.exitCode}`);
    try {
      if ((await fetch(`${url}/api/health`)).ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((r) => setTimeout(r, 250));
  }
  throw new Error('server did not become healthy in time');
}

export interface BuiltServer {
  baseUrl: string;
  dataDir: string;
  child: ChildProcess;
  /** Stops the server; removes the data folder when this call made it. */
  stop(): Promise<void>;
}

export interface BuiltServerOptions {
  /** Names the temporary data folder (`tgs-<name>-...`). */
  name: string;
  /** An existing data folder (kept on stop); a new temporary one otherwise. */
  dataDir?: string;
  port?: number;
  /** Further environment, e.g. DEMO_DATA or LIST_CACHE_SECONDS. */
  env?: Record<string, string>;
}

/**
 * The app as production runs it (built web app, embedded SQLite, quiet logs) on a free port,
 * ready when its health check answers. The e2e run, Lighthouse and the benchmark start it alike.
 */
export async function startBuiltServer(options: BuiltServerOptions): Promise<BuiltServer> {
  const port = options.port ?? (await freePort());
  const ownDataDir = !options.dataDir;
  const dataDir = options.dataDir ?? mkdtempSync(path.join(tmpdir(), `tgs-${options.name}-`));
  const baseUrl = `http://127.0.0.1:${port}`;
  const child = spawn(bin('tsx'), ['src/server/main.ts'], {
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
      ...options.env,
    },
  });
  const stop = async () => {
    if (child.exitCode === null) {
      child.kill('SIGTERM');
      await new Promise((r) => child.once('exit', r));
    }
    if (ownDataDir) rmSync(dataDir, { recursive: true, force: true });
  };
  try {
    await waitForHealth(baseUrl, child, 90_000);
  } catch (err) {
    await stop();
    throw err;
  }
  return { baseUrl, dataDir, child, stop };
}
