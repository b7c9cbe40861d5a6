import { execFile } from 'node:child_process';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { BackupError } from './manifest';

const run = promisify(execFile);

export interface Version {
  major: number;
  minor: number;
  text: string;
}

/** `15.20` from `pg_dump (PostgreSQL) 15.20 (Debian 15.20-0+deb12u1)`. */
export function parseToolVersion(output: string): Version | null {
  const match = /\(PostgreSQL\)\s+(\d+)(?:\.(\d+))?/.exec(output);
  if (!match) return null;
  const major = Number(match[1]);
  const minor = Number(match[2] ?? 0);
  return { major, minor, text: `${major}.${minor}` };
}

/** From `server_version_num`: 150020 is 15.20 (the numbering since PostgreSQL 10). */
export function serverVersion(num: number): Version {
  const major = Math.floor(num / 10000);
  const minor = num % 10000;
  return { major, minor, text: `${major}.${minor}` };
}

/** The installed pg_dump's or pg_restore's version; a clear error when the tool is not there. */
export async function toolVersion(tool: 'pg_dump' | 'pg_restore'): Promise<Version> {
  let stdout: string;
  try {
    ({ stdout } = await run(tool, ['--version']));
  } catch (err) {
    throw new BackupError(`${tool} is not available (${(err as Error).message}). Install the PostgreSQL client tools (Debian: apt-get install postgresql-client).`);
  }
  const version = parseToolVersion(stdout);
  if (!version) throw new BackupError(`Cannot read the version of ${tool} from "${stdout.trim()}".`);
  return version;
}

/**
 * pg_dump reads only servers of its own major version or older; saying so up front beats its
 * own "server version mismatch" halfway through a cron run.
 */
export function checkDumpVersion(client: Version, server: Version): void {
  if (client.major < server.major) {
    throw new BackupError(
      `pg_dump ${client.text} is older than the PostgreSQL server (${server.text}) and cannot dump it. ` +
        `Install the PostgreSQL ${server.major} client tools (Debian: postgresql-client-${server.major}) and put them first on PATH.`,
    );
  }
}

/** pg_restore reads archives of its own major version or older ones. */
export function checkRestoreVersion(client: Version, dumpedWith: string): void {
  const dump = parseToolVersion(`(PostgreSQL) ${dumpedWith}`);
  if (dump && client.major < dump.major) {
    throw new BackupError(
      `pg_restore ${client.text} cannot read a dump made by pg_dump ${dumpedWith}. Install the PostgreSQL ${dump.major} client tools and put them first on PATH.`,
    );
  }
}

/**
 * The libpq environment for a postgres:// URL. Handing the password over in the environment
 * keeps it out of the process list, where a URL on the command line would show it; query
 * parameters libpq does not know (pg's `ssl=true`) are left behind instead of failing the tool.
 */
export function libpqEnv(url: string): Record<string, string> {
  const u = new URL(url);
  const env: Record<string, string> = {};
  const set = (name: string, value: string | null | undefined) => {
    if (value) env[name] = value;
  };
  set('PGHOST', u.searchParams.get('host') ?? u.hostname.replace(/^\[(.*)\]$/, '$1'));
  set('PGPORT', u.port || u.searchParams.get('port'));
  set('PGUSER', decodeURIComponent(u.username) || u.searchParams.get('user'));
  set('PGPASSWORD', decodeURIComponent(u.password) || u.searchParams.get('password'));
  set('PGDATABASE', decodeURIComponent(u.pathname.replace(/^\//, '')) || u.searchParams.get('dbname'));
  set('PGSSLMODE', u.searchParams.get('sslmode'));
  set('PGSSLROOTCERT', u.searchParams.get('sslrootcert'));
  set('PGOPTIONS', u.searchParams.get('options'));
  set('PGAPPNAME', u.searchParams.get('application_name'));
  return env;
}

async function runTool(tool: 'pg_dump' | 'pg_restore', args: string[], url: string): Promise<string> {
  try {
    const { stdout } = await run(tool, args, {
      // The tools need the parent's PATH, HOME (~/.pgpass) and locale; only the connection is added.
      // eslint-disable-next-line no-restricted-syntax -- no setting is read here, the environment is passed on whole
      env: { ...process.env, ...libpqEnv(url) },
      maxBuffer: 64 * 1024 * 1024,
    });
    return stdout;
  } catch (err) {
    const stderr = (err as { stderr?: string }).stderr?.trim();
    throw new BackupError(`${tool} failed: ${stderr || (err as Error).message}`);
  }
}

/** One schema in pg_dump's custom format, owners and grants left out (the restore names its own). */
export async function dumpSchema(url: string, schema: string, file: string): Promise<void> {
  // Quoted, the name is taken as written rather than as a pattern folded to lower case.
  await runTool('pg_dump', ['--format=custom', '--no-owner', '--no-privileges', `--schema="${schema.replace(/"/g, '""')}"`, `--file=${file}`], url);
}

/**
 * The dump's table of contents without the schema itself: dropping and recreating the schema
 * would fail on `public`, which holds the extensions every schema shares, and on a schema
 * holding anything the dump does not. The caller creates the schema when it is missing.
 */
export function withoutSchemaEntry(list: string): string {
  return list
    .split('\n')
    .filter((line) => !/^\d+;\s+\d+\s+\d+\s+(SCHEMA\s+-\s+\S+|COMMENT\s+-\s+SCHEMA\s+\S+)/.test(line))
    .join('\n');
}

/**
 * Restores a dump over what is there: `--clean --if-exists` drops the objects it recreates,
 * `--single-transaction` with `--exit-on-error` leaves the target as it was when anything fails.
 */
export async function restoreDump(url: string, file: string): Promise<void> {
  const env = libpqEnv(url);
  // Without a database pg_restore prints SQL instead of restoring; libpq's default is the user's name.
  const database = env.PGDATABASE ?? env.PGUSER;
  if (!database) throw new BackupError('DATABASE_URL names no database to restore into.');
  const folder = await mkdtemp(path.join(tmpdir(), 'tgs-restore-'));
  try {
    const listFile = path.join(folder, 'toc.list');
    await writeFile(listFile, withoutSchemaEntry(await runTool('pg_restore', ['--list', file], url)));
    const args = ['--clean', '--if-exists', '--no-owner', '--no-privileges', '--single-transaction', '--exit-on-error', `--use-list=${listFile}`, `--dbname=${database}`, file];
    await runTool('pg_restore', args, url);
  } finally {
    await rm(folder, { recursive: true, force: true });
  }
}
