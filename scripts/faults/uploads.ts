import { existsSync, mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { request as httpRequest } from 'node:http';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { randomUUID } from 'node:crypto';
import sharp from 'sharp';
import { createDb } from '../../src/server/db/index';
import { IDEMPOTENCY_STALE_MS } from '../../src/server/http/idempotency';
import { freePort } from '../built-server';
import { bounded, register, ServerProcess, sleep, type Check } from './server';

const POINTS = ['upload-mid-transfer', 'upload-after-store', 'upload-after-row'] as const;
const SCENARIO = 'uploads';


/** A noisy PNG of about 2 MB: large enough that a kill mid-transfer finds most of it unread. */
async function picture(): Promise<Buffer> {
  const size = 900;
  const raw = Buffer.alloc(size * size * 3);
  for (let i = 0; i < raw.length; i++) raw[i] = (i * 7919 + (i >> 9) * 104729) & 0xff;
  return sharp(raw, { raw: { width: size, height: size, channels: 3 } }).png({ compressionLevel: 0 }).toBuffer();
}

function multipartBody(image: Buffer): { body: Buffer; type: string } {
  const boundary = `faults${randomUUID().replace(/-/g, '')}`;
  const head = Buffer.from(
    `--${boundary}\r\nContent-Disposition: form-data; name="caption"\r\n\r\nfault run\r\n` +
      `--${boundary}\r\nContent-Disposition: form-data; name="image"; filename="fault.png"\r\nContent-Type: image/png\r\n\r\n`,
  );
  return { body: Buffer.concat([head, image, Buffer.from(`\r\n--${boundary}--\r\n`)]), type: `multipart/form-data; boundary=${boundary}` };
}

/**
 * Sends the upload in 64 KiB pieces a few milliseconds apart, as a phone would, and answers the
 * status, or 0 when the connection was lost (the process died under it).
 */
function upload(base: string, cookie: string, key: string, form: { body: Buffer; type: string }): Promise<{ status: number; body: string }> {
  return new Promise((resolve) => {
    const req = httpRequest(`${base}/api/gallery`, {
      method: 'POST',
      headers: { cookie, 'idempotency-key': key, 'content-type': form.type, 'content-length': String(form.body.length) },
    });
    let settled = false;
    const done = (status: number, body: string) => {
      if (!settled) resolve({ status, body });
      settled = true;
    };
    req.on('response', (res) => {
      let text = '';
      res.on('data', (c: Buffer) => (text += c.toString()));
      res.on('end', () => done(res.statusCode ?? 0, text));
      res.on('error', () => done(0, text));
    });
    req.on('error', () => done(0, ''));
    void (async () => {
      for (let at = 0; at < form.body.length && !settled; at += 65_536) {
        if (!req.write(form.body.subarray(at, at + 65_536))) await new Promise((r) => req.once('drain', r));
        await sleep(5);
      }
      if (!settled) req.end();
    })().catch(() => done(0, ''));
  });
}

function filesUnder(dir: string): string[] {
  if (!existsSync(dir)) return [];
  return readdirSync(dir, { recursive: true, withFileTypes: true })
    .filter((e) => e.isFile())
    .map((e) => path.join(e.parentPath, e.name));
}

async function onePoint(point: (typeof POINTS)[number], form: { body: Buffer; type: string }): Promise<Check[]> {
  const checks: Check[] = [];
  const add = (check: string, ok: boolean, detail: string) => checks.push({ scenario: `${SCENARIO} ${point}`, check, ok, detail });
  const dataDir = mkdtempSync(path.join(tmpdir(), 'tgs-faults-upload-'));
  const server = new ServerProcess(point, await freePort(), { DATA_DIR: dataDir, DATABASE_URL: '' });
  try {
    await server.start(point);
    const user = await register(server.url, `faults_${point.replace(/-/g, '_')}`.slice(0, 30));
    const key = randomUUID();
    const first = await upload(server.url, user.cookie, key, form);
    await bounded('the killed server ending', 10_000, () => server.ended());
    add('killed at the point', first.status === 0 && server.endings.at(-1) === 'SIGKILL', `first try: ${first.status || 'connection lost'}, process ended by ${server.endings.at(-1)}`);

    await server.start();
    let retry = await upload(server.url, user.cookie, key, form);
    // A run killed after it claimed its key leaves the key `running`: retries get 409 until it is
    // two minutes old and taken to be dead. The run ages it rather than wait those minutes.
    const claimed = point !== 'upload-mid-transfer';
    add('retry at once', retry.status === (claimed ? 409 : 201), `answered ${retry.status}`);
    if (claimed) {
      const db = createDb({ kind: 'sqlite', file: path.join(dataDir, 'app.db') });
      const aged = new Date(Date.now() - IDEMPOTENCY_STALE_MS - 1000).toISOString();
      await db.updateTable('idempotency_keys').set({ updated_at: aged }).where('user_id', '=', user.id).execute();
      await db.destroy();
      retry = await upload(server.url, user.cookie, key, form);
      add('retry once the key is stale', retry.status === 201, `answered ${retry.status}`);
    }
    if (retry.status === 201) {
      const again = await upload(server.url, user.cookie, key, form);
      add('second retry replays', again.status === 201 && again.body === retry.body, `answered ${again.status}, same body: ${again.body === retry.body}`);
      retry = again;
    }

    const db = createDb({ kind: 'sqlite', file: path.join(dataDir, 'app.db') });
    try {
      const rows = await db.selectFrom('gallery_images').select(['image_url', 'medium_url', 'thumbnail_url']).where('user_id', '=', user.id).execute();
      add('the image exists once', rows.length === 1, `${rows.length} row(s)`);
      const uploads = path.join(dataDir, 'uploads');
      const named = new Set(rows.flatMap((r) => [r.image_url, r.medium_url, r.thumbnail_url]).map((url) => path.join(uploads, url.replace(/^\/uploads\//, ''))));
      const missing = [...named].filter((file) => !existsSync(file));
      add('every variant a row names is stored', rows.length > 0 && missing.length === 0, `${named.size} named, ${missing.length} missing`);
      const served = await Promise.all(rows.flatMap((r) => [r.image_url, r.medium_url, r.thumbnail_url]).map(async (url) => (await fetch(`${server.url}${url}`)).status));
      add('every variant is served', served.length === rows.length * 3 && served.length > 0 && served.every((s) => s === 200), served.join(', '));
      const stored = filesUnder(path.join(uploads, 'gallery'));
      const leftovers = stored.filter((file) => !named.has(file));
      // A leftover is collectable when it is a whole variant set no row names (the collector's rule).
      const bases = new Set(leftovers.map((f) => f.replace(/-(thumbnail|medium|large)\.webp$/, '')));
      const wholeSets = [...bases].every((base) => ['thumbnail', 'medium', 'large'].every((v) => leftovers.includes(`${base}-${v}.webp`)));
      const strays = leftovers.filter((f) => !/-(thumbnail|medium|large)\.webp$/.test(f));
      add('leftovers are only orphan variant sets', wholeSets && strays.length === 0, `${leftovers.length} orphan file(s) in ${bases.size} set(s), ${strays.length} other`);
      const keyRow = await db.selectFrom('idempotency_keys').select('status').where('user_id', '=', user.id).executeTakeFirst();
      add('the key is done', keyRow?.status === 'done', `status ${keyRow?.status ?? 'none'}`);
    } finally {
      await db.destroy();
    }
  } catch (err) {
    add('ran', false, (err as Error).message.slice(0, 300));
  } finally {
    await server.kill();
    rmSync(dataDir, { recursive: true, force: true });
  }
  return checks;
}

/** Each upload fault point on a SQLite server: kill there, restart without it, retry with the same key. */
export async function uploadFaults(): Promise<Check[]> {
  const form = multipartBody(await picture());
  const checks: Check[] = [];
  for (const point of POINTS) checks.push(...(await bounded(`uploads at ${point}`, 240_000, () => onePoint(point, form))));
  return checks;
}
