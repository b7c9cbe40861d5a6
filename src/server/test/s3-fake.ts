import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { createInterface } from 'node:readline';
import type { S3Config } from '../config';

/**
 * A fake S3 server (`s3rver` 3.7.1) in a child process on 127.0.0.1, its objects in a temp folder
 * that outlives the process: `stop()` is a storage outage, `start()` brings the same bucket back
 * on the same port. It checks no signatures and ignores conditional writes; the adapter tests
 * cover those with canned answers (src/server/lib/storage/s3-canned.test.ts).
 */
export interface S3Fake {
  readonly endpoint: string;
  readonly bucket: string;
  readonly directory: string;
  /** The settings an app needs to use the fake, as S3_* environment values. */
  env(reads?: S3Config['reads'], publicUrl?: string): Record<string, string>;
  settings(reads?: S3Config['reads']): S3Config;
  start(): Promise<void>;
  stop(): Promise<void>;
  /** Stops the server and deletes its folder. */
  close(): Promise<void>;
}

// Run by a plain `node` so the fake shares nothing with the test's process (its module cache, its
// event loop); its listing continuation tokens use a cipher OpenSSL 3 only offers with the legacy provider.
const SERVER = `
const S3rver = require('s3rver');
const [directory, port, bucket] = process.argv.slice(1);
const server = new S3rver({ address: '127.0.0.1', port: Number(port), silent: true, directory, configureBuckets: [{ name: bucket }] });
server.run().then(({ port }) => process.stdout.write(JSON.stringify({ port }) + '\\n'), (err) => { console.error(err); process.exit(1); });
`;

export async function startS3Fake(bucket = 'tgs-test'): Promise<S3Fake> {
  const directory = mkdtempSync(path.join(tmpdir(), 'tgs-s3-'));
  let child: ChildProcess | null = null;
  let port = 0;

  const start = async () => {
    if (child) return;
    const proc = spawn(process.execPath, ['--openssl-legacy-provider', '-e', SERVER, directory, String(port), bucket], {
      cwd: process.cwd(),
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let stderr = '';
    proc.stderr?.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
    port = await new Promise<number>((resolve, reject) => {
      const timer = setTimeout(() => reject(new Error(`the S3 fake did not start in 15 s: ${stderr}`)), 15_000);
      proc.once('exit', (code) => reject(new Error(`the S3 fake exited with ${code}: ${stderr}`)));
      createInterface({ input: proc.stdout as NodeJS.ReadableStream }).once('line', (line) => {
        clearTimeout(timer);
        resolve((JSON.parse(line) as { port: number }).port);
      });
    });
    child = proc;
  };

  const stop = async () => {
    const proc = child;
    if (!proc) return;
    child = null;
    if (proc.exitCode !== null) return;
    await new Promise<void>((resolve) => {
      proc.once('exit', () => resolve());
      proc.kill('SIGKILL');
    });
  };

  await start();
  const fake: S3Fake = {
    get endpoint() {
      return `http://127.0.0.1:${port}`;
    },
    bucket,
    directory,
    env: (reads = 'proxy', publicUrl) => ({
      S3_BUCKET: bucket,
      S3_ENDPOINT: fake.endpoint,
      S3_REGION: 'us-east-1',
      S3_ACCESS_KEY_ID: 'S3RVER',
      S3_SECRET_ACCESS_KEY: 'S3RVER',
      S3_FORCE_PATH_STYLE: 'true',
      S3_READS: reads,
      ...(reads === 'public' ? { S3_PUBLIC_URL: publicUrl ?? `${fake.endpoint}/${bucket}` } : {}),
    }),
    settings: (reads = 'proxy') => ({
      bucket,
      region: 'us-east-1',
      endpoint: fake.endpoint,
      credentials: { accessKeyId: 'S3RVER', secretAccessKey: 'S3RVER' },
      forcePathStyle: true,
      reads,
      ...(reads === 'public' ? { publicUrl: `${fake.endpoint}/${bucket}` } : {}),
    }),
    start,
    stop,
    async close() {
      await stop();
      rmSync(directory, { recursive: true, force: true });
    },
  };
  return fake;
}
