import { spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import path from 'node:path';
import { createScratchDatabase } from './balanced-servers';
import { startBuiltServer } from './built-server';

/**
 * `npm run reliability [-- --quick]`: the soak, the 10,000-listing bench world, the fault runs
 * (when the tree has `npm run faults`) and a backup and restore on scratch deployments, one after
 * the other, each bounded. `--quick` (CI) soaks 2 minutes and measures briefly; the full run soaks
 * 10 minutes and writes bench/results/{date}-reliability.md. `--only soak,bench,faults,backups`
 * runs those parts alone (a part's run again after a fix) and writes
 * bench/results/{date}-reliability-{parts}.md beside the full run's report. Exit code 1 when a
 * part failed.
 */
const quick = process.argv.includes('--quick');
const PART_NAMES = ['soak', 'bench', 'faults', 'backups'] as const;
const onlyArg = process.argv.find((a) => a.startsWith('--only'));
const only = onlyArg ? (onlyArg.includes('=') ? onlyArg.split('=')[1] : process.argv[process.argv.indexOf(onlyArg) + 1])?.split(',') ?? [] : [...PART_NAMES];
const unknownParts = only.filter((name) => !(PART_NAMES as readonly string[]).includes(name));
if (unknownParts.length || only.length === 0) {
  console.error(`--only takes ${PART_NAMES.join(', ')} (got ${only.join(', ') || 'nothing'})`);
  process.exit(2);
}
const runs = (name: (typeof PART_NAMES)[number]) => only.includes(name);
const databaseUrl = process.env.SOAK_DATABASE_URL ?? process.env.TEST_DATABASE_URL;
const started = new Date();
const scratch = mkdtempSync(path.join(tmpdir(), 'tgs-reliability-'));

interface Part {
  name: string;
  ok: boolean;
  seconds: number;
  detail: string;
}
const parts: Part[] = [];

/** Runs an npm script with its output shown and kept; killed past `minutes`. */
function npm(args: string[], env: Record<string, string>, minutes: number): Promise<{ code: number; output: string }> {
  return new Promise((resolve) => {
    const child = spawn('npm', ['run', ...args], { env: { ...process.env, ...env }, stdio: ['ignore', 'pipe', 'pipe'], detached: true });
    let output = '';
    const keep = (chunk: Buffer, to: NodeJS.WriteStream) => {
      output += chunk.toString();
      to.write(chunk);
    };
    child.stdout?.on('data', (c: Buffer) => keep(c, process.stdout));
    child.stderr?.on('data', (c: Buffer) => keep(c, process.stderr));
    // The whole group: npm, tsx and the servers a part started.
    const timer = setTimeout(() => {
      output += `\n(stopped after ${minutes} minutes)\n`;
      if (child.pid) process.kill(-child.pid, 'SIGTERM');
    }, minutes * 60_000);
    child.on('exit', (code, signal) => {
      clearTimeout(timer);
      resolve({ code: code ?? (signal ? 1 : 0), output });
    });
  });
}

async function part(name: string, body: () => Promise<{ ok: boolean; detail: string }>): Promise<void> {
  console.log(`\n=== ${name}`);
  const t0 = Date.now();
  try {
    const { ok, detail } = await body();
    parts.push({ name, ok, detail, seconds: (Date.now() - t0) / 1000 });
  } catch (err) {
    parts.push({ name, ok: false, detail: `failed: ${(err as Error).message}`, seconds: (Date.now() - t0) / 1000 });
  }
}

if (runs('soak')) await part('soak', async () => {
  const reportFile = path.join(scratch, 'soak.md');
  const { code } = await npm(['soak'], { SOAK_MINUTES: quick ? '2' : '10', SOAK_REPORT: reportFile }, quick ? 12 : 40);
  let detail = '(no report written)';
  try {
    detail = readFileSync(reportFile, 'utf8');
  } catch {
    // the soak stopped before its report
  }
  return { ok: code === 0, detail };
});

if (runs('bench')) await part('bench, 10,000 listings', async () => {
  const env: Record<string, string> = { BENCH_SCALE: '10000', BENCH_SECONDS: quick ? '1' : '5', BENCH_MINUTES: quick ? '6' : '20', BENCH_NOTE: 'run by npm run reliability' };
  const { code } = await npm(['bench'], env, quick ? 7 : 22);
  let detail = '(no table written)';
  try {
    detail = readFileSync('bench/results/latest.md', 'utf8');
  } catch {
    // the bench stopped before its table
  }
  return { ok: code === 0, detail };
});

if (runs('faults')) {
  await part('faults', async () => {
    const { code, output } = await npm(['faults'], {}, quick ? 10 : 18);
    return { ok: code === 0, detail: ['```', ...output.trim().split('\n').slice(-40), '```'].join('\n') };
  });
}

/** Sampled public answers of a deployment, to compare after a restore. */
async function answers(baseUrl: string): Promise<string[]> {
  const paths = ['/api/artists', '/api/studios', '/api/gallery', '/api/guest-spots', '/api/forum/categories', '/api/featured/artists?limit=5'];
  return Promise.all(paths.map(async (p) => `${p} ${await (await fetch(baseUrl + p)).text()}`));
}

/** Backs up a serving deployment, restores it into an empty one, and compares what both answer. */
async function backupRound(engine: 'sqlite' | 'postgres'): Promise<{ ok: boolean; detail: string }> {
  const undo: (() => Promise<void>)[] = [];
  try {
    const from = { dataDir: mkdtempSync(path.join(scratch, 'from-')), env: { DATA_DIR: '', DATABASE_URL: '' } };
    const to = { dataDir: mkdtempSync(path.join(scratch, 'to-')), env: { DATA_DIR: '', DATABASE_URL: '' } };
    if (engine === 'postgres') {
      const tag = `tgs_backup_${Date.now().toString(36)}`;
      const a = await createScratchDatabase(databaseUrl as string, `${tag}_a`);
      const b = await createScratchDatabase(databaseUrl as string, `${tag}_b`);
      undo.push(a.drop, b.drop);
      from.env.DATABASE_URL = a.url;
      to.env.DATABASE_URL = b.url;
    }
    from.env.DATA_DIR = from.dataDir;
    to.env.DATA_DIR = to.dataDir;
    // A deployment's session secret is its setting, not its data: the restored one is started with the same.
    const SESSION_SECRET = randomBytes(32).toString('hex');
    const source = await startBuiltServer({ name: `backup-${engine}`, dataDir: from.dataDir, env: { DATABASE_URL: from.env.DATABASE_URL, DEMO_DATA: '1', SESSION_SECRET } });
    let before: string[];
    const out = path.join(scratch, `backup-${engine}`);
    try {
      before = await answers(source.baseUrl);
      // Taken while the server serves, as in production.
      const backup = await npm(['backup', '--', '--out', out], from.env, 5);
      if (backup.code !== 0) return { ok: false, detail: `backup exited with ${backup.code}` };
    } finally {
      await source.stop();
    }
    const restore = await npm(['restore', '--', '--from', out], to.env, 5);
    if (restore.code !== 0) return { ok: false, detail: `restore exited with ${restore.code}` };
    const restored = await startBuiltServer({ name: `restored-${engine}`, dataDir: to.dataDir, env: { DATABASE_URL: to.env.DATABASE_URL, DEMO_DATA: '0', SESSION_SECRET } });
    try {
      const after = await answers(restored.baseUrl);
      const differing = before.filter((line, i) => line !== after[i]).map((line) => line.split(' ')[0]);
      return { ok: differing.length === 0, detail: differing.length ? `answers differ after the restore: ${differing.join(', ')}` : `${before.length} sampled answers identical after backup and restore` };
    } finally {
      await restored.stop();
    }
  } finally {
    for (const step of undo) await step().catch(() => undefined);
  }
}

if (runs('backups')) {
  await part('backup and restore, SQLite', () => backupRound('sqlite'));
  if (databaseUrl) await part('backup and restore, PostgreSQL', () => backupRound('postgres'));
  else parts.push({ name: 'backup and restore, PostgreSQL', ok: false, seconds: 0, detail: 'not run: set TEST_DATABASE_URL or SOAK_DATABASE_URL' });
}

rmSync(scratch, { recursive: true, force: true });
const load = loadavg()
  .map((l) => l.toFixed(2))
  .join(' ');
const lines = [
  `# Reliability run, ${started.toISOString().slice(0, 16).replace('T', ' ')}${quick ? ' (quick)' : ''}${only.length === PART_NAMES.length ? '' : `: ${only.join(', ')} only`}`,
  '',
  `Load average at the end: ${load}.`,
  '',
  '| part | result | minutes |',
  '|---|---|---|',
  ...parts.map((p) => `| ${p.name} | ${p.ok ? 'pass' : '**FAIL**'} | ${(p.seconds / 60).toFixed(1)} |`),
  ...parts.flatMap((p) => ['', `## ${p.name}`, '', p.detail]),
];
const text = lines.join('\n');
console.log(`\n${lines.slice(0, 6 + parts.length).join('\n')}`);
if (!quick) {
  const results = path.join(import.meta.dirname, '../bench/results');
  mkdirSync(results, { recursive: true });
  const suffix = only.length === PART_NAMES.length ? '' : `-${only.join('-')}`;
  const file = path.join(results, `${started.toISOString().slice(0, 10)}-reliability${suffix}.md`);
  writeFileSync(file, `${text}\n`);
  console.log(`Written to ${path.relative(process.cwd(), file)}.`);
}
process.exit(parts.every((p) => p.ok) ? 0 : 1);
