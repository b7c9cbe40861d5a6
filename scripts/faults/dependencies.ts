import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { chownSync, existsSync, mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir, userInfo } from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { freePort } from '../built-server';
import { sleep } from './server';
import type { Dependency } from './outage';

/** Debian's PostgreSQL binaries (`/usr/lib/postgresql/<version>/bin`), the newest; null when absent. */
function postgresBin(): string | null {
  const root = '/usr/lib/postgresql';
  if (!existsSync(root)) return null;
  const versions = readdirSync(root).filter((v) => existsSync(path.join(root, v, 'bin', 'initdb'))).sort((a, b) => Number(b) - Number(a));
  return versions[0] ? path.join(root, versions[0], 'bin') : null;
}

function asPostgres(command: string, args: string[]): { status: number | null; output: string } {
  // initdb refuses to run as root; Debian's `postgres` account runs the cluster.
  const run = userInfo().uid === 0 ? spawnSync('runuser', ['-u', 'postgres', '--', command, ...args], { encoding: 'utf8' }) : spawnSync(command, args, { encoding: 'utf8' });
  return { status: run.status, output: `${run.stdout}${run.stderr}`.slice(-800) };
}

export interface Cluster extends Dependency {
  url: string;
  remove(): Promise<void>;
}

/** A throwaway PostgreSQL cluster in a temporary folder on a free port, with one empty database. */
export async function throwawayCluster(): Promise<Cluster> {
  const bin = postgresBin();
  if (!bin) throw new Error('no PostgreSQL server binaries under /usr/lib/postgresql (apt-get install postgresql)');
  const dir = mkdtempSync(path.join(tmpdir(), 'tgs-faults-pg-'));
  const pgUser = userInfo().uid === 0 ? spawnSync('id', ['-u', 'postgres'], { encoding: 'utf8' }) : null;
  if (pgUser) chownSync(dir, Number(pgUser.stdout.trim()), Number(spawnSync('id', ['-g', 'postgres'], { encoding: 'utf8' }).stdout.trim()));
  const data = path.join(dir, 'data');
  const port = await freePort();
  const init = asPostgres(path.join(bin, 'initdb'), ['-D', data, '-U', 'postgres', '--auth=trust', '-E', 'UTF8', '--no-sync']);
  if (init.status !== 0) throw new Error(`initdb failed: ${init.output}`);
  const pgCtl = (args: string[]) => asPostgres(path.join(bin, 'pg_ctl'), ['-D', data, ...args]);
  const start = async () => {
    const started = pgCtl(['-o', `-p ${port} -k ${dir} -c listen_addresses=127.0.0.1 -c fsync=off`, '-l', path.join(dir, 'log'), '-w', '-t', '30', 'start']);
    if (started.status !== 0) throw new Error(`pg_ctl start failed: ${started.output}`);
  };
  await start();
  const admin = new pg.Client({ connectionString: `postgres://postgres@127.0.0.1:${port}/postgres` });
  await admin.connect();
  await admin.query('create database app');
  await admin.end();
  return {
    name: 'postgres',
    modes: ['-m fast', '-m immediate'],
    url: `postgres://postgres@127.0.0.1:${port}/app`,
    duringOutage: 'unavailable',
    async stop(mode) {
      const stopped = pgCtl(['-m', mode.replace('-m ', ''), '-w', '-t', '30', 'stop']);
      if (stopped.status !== 0) throw new Error(`pg_ctl stop ${mode} failed: ${stopped.output}`);
    },
    start,
    async remove() {
      pgCtl(['-m', 'immediate', '-w', 'stop']);
      rmSync(dir, { recursive: true, force: true });
    },
  };
}

export interface RedisServer extends Dependency {
  url: string;
  remove(): Promise<void>;
}

/** A throwaway `redis-server` on a free port, keeping nothing on disk. */
export async function throwawayRedis(): Promise<RedisServer> {
  const port = await freePort();
  let child: ChildProcess | null = null;
  const start = async () => {
    child = spawn('redis-server', ['--port', String(port), '--bind', '127.0.0.1', '--save', '', '--appendonly', 'no'], { stdio: 'ignore' });
    for (let i = 0; i < 50; i++) {
      if (spawnSync('redis-cli', ['-p', String(port), 'ping'], { encoding: 'utf8' }).stdout?.trim() === 'PONG') return;
      await sleep(100);
    }
    throw new Error('redis-server did not answer');
  };
  const stop = async (signal: NodeJS.Signals) => {
    const running = child;
    if (!running || running.exitCode !== null || running.signalCode !== null) return;
    const ended = new Promise((r) => running.once('exit', r));
    running.kill(signal);
    await ended;
  };
  await start();
  return {
    name: 'redis',
    modes: ['SIGTERM', 'SIGKILL'],
    url: `redis://127.0.0.1:${port}`,
    duringOutage: 'served',
    stop: (mode) => stop(mode as NodeJS.Signals),
    start,
    remove: () => stop('SIGKILL'),
  };
}
