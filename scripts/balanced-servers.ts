import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { freePort, startBuiltServer, type BuiltServer } from './built-server';

/** Whether Debian's HAProxy is installed (`.ci/run` installs it; locally: `apt-get install haproxy`). */
export function haproxyAvailable(): boolean {
  return spawnSync('haproxy', ['-v'], { stdio: 'ignore' }).status === 0;
}

/** A new, empty PostgreSQL database beside the one `baseUrl` names; dropped by the returned function. */
export async function createScratchDatabase(baseUrl: string, name: string): Promise<{ url: string; drop: () => Promise<void> }> {
  const admin = new pg.Client({ connectionString: baseUrl });
  await admin.connect();
  await admin.query(`create database "${name}"`);
  await admin.end();
  const url = new URL(baseUrl);
  url.pathname = `/${name}`;
  return {
    url: url.toString(),
    drop: async () => {
      const client = new pg.Client({ connectionString: baseUrl });
      await client.connect();
      await client.query(`drop database if exists "${name}" with (force)`);
      await client.end();
    },
  };
}

export type ServerName = 'a' | 'b';

export interface Balanced {
  /** The balancer's address: what browsers and clients use. */
  url: string;
  databaseUrl: string;
  servers: Record<ServerName, BuiltServer>;
  /** Sends SIGTERM to one server and waits for it to exit (its drain included). */
  terminate(name: ServerName): Promise<void>;
  stop(): Promise<void>;
}

/** The cookie that pins a request to one process (`a` or `b`), for tests only. */
export const ROUTE_COOKIE = 'tgs_route';

/**
 * HAProxy in front of two processes: round robin, X-Forwarded-For, health checks on readiness
 * (a draining process, whose readiness answers 503 at once, leaves within two checks),
 * `X-Served-By` naming the process, and the `tgs_route` cookie forcing one of them while it is
 * up. A check may take 2 s: on a loaded machine one slow answer took a healthy process out (and
 * with both out, pages lost their scripts to HAProxy's 503).
 */
function haproxyConfig(port: number, servers: Record<ServerName, BuiltServer>, patientChecks = false): string {
  const addr = (s: BuiltServer) => new URL(s.baseUrl).host;
  return `global
  maxconn 2000

defaults
  mode http
  option forwardfor
  timeout connect 2s
  timeout client 60s
  timeout server 60s
  timeout tunnel 1h
  retries 2
  option redispatch

frontend public
  bind 127.0.0.1:${port}
  default_backend app

backend app
  balance roundrobin
  option httpchk GET /api/health/ready
  http-check expect status 200
  ${patientChecks ? 'timeout check 3s\n  default-server inter 1s fastinter 1s downinter 1s fall 3 rise 2' : 'timeout check 2s\n  default-server inter 300ms fastinter 300ms downinter 300ms fall 2 rise 2'}
  use-server a if { req.cook(${ROUTE_COOKIE}) -m str a }
  use-server b if { req.cook(${ROUTE_COOKIE}) -m str b }
  http-response set-header X-Served-By %s
  server a ${addr(servers.a)} check
  server b ${addr(servers.b)} check
`;
}

async function waitFor(check: () => Promise<boolean>, what: string, timeoutMs = 20_000): Promise<void> {
  const until = Date.now() + timeoutMs;
  while (Date.now() < until) {
    if (await check().catch(() => false)) return;
    await new Promise((r) => setTimeout(r, 150));
  }
  throw new Error(`timed out waiting for ${what}`);
}

/**
 * Two built server processes on one PostgreSQL database (one data folder, one session secret, as
 * a deployment shares them), the first migrating before the second starts, behind HAProxy.
 */
export async function startBalanced(opts: {
  name: string;
  databaseUrl: string;
  env?: Record<string, string>;
  /** Further environment for one process only, e.g. a METRICS_PORT of its own. */
  envOf?: Partial<Record<ServerName, Record<string, string>>>;
  /** Health checks that allow a slow answer (3 s, three misses): a process under load is not down. */
  patientChecks?: boolean;
}): Promise<Balanced> {
  const dataDir = mkdtempSync(path.join(tmpdir(), `tgs-${opts.name}-`));
  const env = {
    DATABASE_URL: opts.databaseUrl,
    DEMO_DATA: '0',
    SESSION_SECRET: randomBytes(32).toString('hex'),
    TRUST_PROXY: '127.0.0.1',
    SHUTDOWN_DRAIN_MS: '2000',
    PAYMENT_PROVIDER: 'test',
    ...opts.env,
  };
  const a = await startBuiltServer({ name: `${opts.name}-a`, dataDir, env: { ...env, ...opts.envOf?.a } });
  let b: BuiltServer;
  try {
    b = await startBuiltServer({ name: `${opts.name}-b`, dataDir, env: { ...env, ...opts.envOf?.b } });
  } catch (err) {
    await a.stop();
    throw err;
  }
  const servers = { a, b };
  const port = await freePort();
  const configFile = path.join(dataDir, 'haproxy.cfg');
  writeFileSync(configFile, haproxyConfig(port, servers, opts.patientChecks));
  const haproxy: ChildProcess = spawn('haproxy', ['-db', '-f', configFile], { stdio: ['ignore', 'ignore', 'inherit'] });
  const url = `http://127.0.0.1:${port}`;
  const stop = async () => {
    if (haproxy.exitCode === null) {
      haproxy.kill('SIGTERM');
      await new Promise((r) => haproxy.once('exit', r));
    }
    await Promise.all([a.stop(), b.stop()]);
    rmSync(dataDir, { recursive: true, force: true });
  };
  try {
    // Both up behind the balancer: each answers when pinned to it.
    for (const name of ['a', 'b'] as const) {
      await waitFor(async () => {
        const res = await fetch(`${url}/api/health/ready`, { headers: { cookie: `${ROUTE_COOKIE}=${name}` } });
        return res.ok && res.headers.get('x-served-by') === name;
      }, `process ${name} behind HAProxy`);
    }
  } catch (err) {
    await stop();
    throw err;
  }
  return {
    url,
    databaseUrl: opts.databaseUrl,
    servers,
    async terminate(name) {
      const child = servers[name].child;
      if (child.exitCode !== null) return;
      const exited = new Promise((r) => child.once('exit', r));
      child.kill('SIGTERM');
      await exited;
    },
    stop,
  };
}
