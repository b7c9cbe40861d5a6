import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { expect, it } from 'vitest';
import { freePort } from '../../scripts/built-server';
import { drainAndClose } from './shutdown';
import { createTestApp, createTestSchema, describeEachEngine } from './test/app';
import { listenOnFreePort, openEventStream } from './test/event-stream';
import { createArtist } from './test/factories';

const ALL_OK = { database: 'ok', storage: 'ok', events: 'ok', rateLimits: 'ok' };

describeEachEngine('draining before the app closes', (engine) => {
  it('turns readiness to 503 at once, serves on for the drain, then ends the live streams and closes', async () => {
    const t = await createTestApp(engine);
    let closed = false;
    try {
      const artist = await createArtist(t.app);
      const base = await listenOnFreePort(t.app);
      const stream = await openEventStream(base, artist.cookie);
      expect(stream.status).toBe(200);
      let streamEnded = false;
      void stream.ended.then(() => (streamEnded = true));
      expect((await fetch(`${base}/api/health/ready`)).status).toBe(200);

      const started = Date.now();
      const closing = drainAndClose(t.app, 600).then(() => (closed = true));
      const ready = await fetch(`${base}/api/health/ready`);
      expect(ready.status).toBe(503);
      // Nothing failed: the process is leaving, and the answer says only that.
      expect(await ready.json()).toEqual({ status: 'unavailable', checks: ALL_OK });
      expect((await fetch(`${base}/api/health`)).status).toBe(503);
      expect((await fetch(`${base}/api/health/live`)).status).toBe(200);
      // New requests are still served while the balancer takes the process out.
      expect((await fetch(`${base}/api/site`)).status).toBe(200);
      expect(streamEnded).toBe(false);

      await closing;
      expect(Date.now() - started).toBeGreaterThanOrEqual(590);
      await stream.ended;
      expect(streamEnded).toBe(true);
      await expect(fetch(`${base}/api/health/live`)).rejects.toThrow();
    } finally {
      if (!closed) await t.app.close();
      // The app is closed; what is left is its schema and its folder.
      await t.close().catch(() => undefined);
    }
  });
});

describeEachEngine('a server process given SIGTERM', (engine) => {
  it('drains with readiness at 503, serves until the drain ends, then exits cleanly', async () => {
    const dataDir = mkdtempSync(path.join(tmpdir(), 'tgs-sigterm-'));
    const schema = engine === 'postgres' ? await createTestSchema('t_sigterm') : undefined;
    let databaseUrl = '';
    if (schema) {
      const url = new URL(schema.url);
      url.searchParams.set('options', `-c search_path=${schema.schema}`);
      databaseUrl = url.toString();
    }
    const [port, metricsPort] = [await freePort(), await freePort()];
    const base = `http://127.0.0.1:${port}`;
    const child = spawn(process.execPath, ['--import', 'tsx', 'src/server/main.ts'], {
      stdio: ['ignore', 'ignore', 'pipe'],
      env: {
        ...process.env,
        NODE_ENV: 'test',
        PORT: String(port),
        HOST: '127.0.0.1',
        PUBLIC_URL: base,
        DATA_DIR: dataDir,
        DATABASE_URL: databaseUrl,
        DEMO_DATA: '0',
        LOG_LEVEL: 'error',
        SHUTDOWN_DRAIN_MS: '1500',
        METRICS_PORT: String(metricsPort),
      },
    });
    let stderr = '';
    child.stderr?.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
    const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
    const status = (url: string) => fetch(url).then((r) => r.status, () => 0);
    try {
      await expect.poll(() => status(`${base}/api/health/ready`), { timeout: 60_000, interval: 200 }).toBe(200);
      expect(await status(`http://127.0.0.1:${metricsPort}/metrics`)).toBe(200);

      const signalled = Date.now();
      child.kill('SIGTERM');
      await expect.poll(() => status(`${base}/api/health/ready`), { timeout: 1000, interval: 20 }).toBe(503);
      expect(await status(`${base}/api/health/live`)).toBe(200);
      expect(await status(`${base}/api/site`)).toBe(200);

      expect(await exited, stderr).toBe(0);
      expect(Date.now() - signalled).toBeGreaterThanOrEqual(1500);
      expect(await status(`${base}/api/health/live`)).toBe(0);
      expect(await status(`http://127.0.0.1:${metricsPort}/metrics`)).toBe(0);
    } finally {
      if (child.exitCode === null) child.kill('SIGKILL');
      await schema?.drop();
      rmSync(dataDir, { recursive: true, force: true });
    }
  }, 90_000);
});
