import { existsSync } from 'node:fs';
import path from 'node:path';
import { createScratchDatabase, haproxyAvailable, startBalanced } from '../balanced-servers';
import { freePort, startBuiltServer } from '../built-server';

/** A deployment under soak: where clients go, and each process's metrics listener. */
export interface Shape {
  title: string;
  url: string;
  processes: { name: string; metricsUrl: string }[];
  stop(): Promise<void>;
}

const metricsUrl = (port: number) => `http://127.0.0.1:${port}/metrics`;

/**
 * Two built processes on a scratch PostgreSQL database behind HAProxy, live events and limits in
 * Redis when there is one (else PostgreSQL), uploads in the S3 fake when the tree has it.
 */
export async function twoProcesses(databaseUrl: string, redisUrl: string | undefined, log: (line: string) => void): Promise<Shape> {
  if (!haproxyAvailable()) throw new Error('the two-process soak needs HAProxy (apt-get install haproxy), or SOAK_SHAPES=sqlite');
  const tag = `tgs_soak_${Date.now().toString(36)}`;
  const scratch = await createScratchDatabase(databaseUrl, tag);
  const undo: (() => Promise<void>)[] = [scratch.drop];
  const stop = async () => {
    for (const step of undo.reverse()) await step().catch((err: Error) => log(`  cleanup: ${err.message}`));
  };
  try {
    const env: Record<string, string> = redisUrl ? { EVENTS: 'redis', REDIS_URL: redisUrl, REDIS_PREFIX: tag } : { EVENTS: 'postgres' };
    let storage = 'disk';
    // The S3 fake is test code; the soak uses it where the tree has it and says which store it ran on.
    if (existsSync(path.join(import.meta.dirname, '../../src/server/test/s3-fake.ts'))) {
      const { startS3Fake } = await import('../../src/server/test/s3-fake');
      const fake = await startS3Fake('tgs-soak');
      undo.push(() => fake.close());
      Object.assign(env, fake.env());
      storage = 'S3 fake';
    }
    const ports = { a: await freePort(), b: await freePort() };
    const balanced = await startBalanced({
      name: 'soak',
      databaseUrl: scratch.url,
      env,
      patientChecks: true,
      // The first process fills the database with the demo content the reads walk through.
      envOf: { a: { METRICS_PORT: String(ports.a), DEMO_DATA: '1' }, b: { METRICS_PORT: String(ports.b) } },
    });
    undo.push(() => balanced.stop());
    return {
      title: `PostgreSQL, two processes behind HAProxy (events ${env.EVENTS}, uploads ${storage})`,
      url: balanced.url,
      processes: [
        { name: 'a', metricsUrl: metricsUrl(ports.a) },
        { name: 'b', metricsUrl: metricsUrl(ports.b) },
      ],
      stop,
    };
  } catch (err) {
    await stop();
    throw err;
  }
}

/** One built process on SQLite with its uploads on disk, as a small site runs. */
export async function oneSqlite(): Promise<Shape> {
  const port = await freePort();
  const server = await startBuiltServer({ name: 'soak-sqlite', env: { METRICS_PORT: String(port), TRUST_PROXY: '127.0.0.1' } });
  return { title: 'SQLite, one process (events in memory, uploads on disk)', url: server.baseUrl, processes: [{ name: 'solo', metricsUrl: metricsUrl(port) }], stop: () => server.stop() };
}
