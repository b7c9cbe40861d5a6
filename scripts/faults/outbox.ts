import { mkdtempSync, rmSync } from 'node:fs';
import { randomBytes } from 'node:crypto';
import { tmpdir } from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { mailsTo } from '../../src/server/test/mail-files';
import { createScratchDatabase } from '../balanced-servers';
import { freePort } from '../built-server';
import { call, register, ServerProcess, sleep, type Check } from './server';

const SCENARIO = 'outbox';
/** A prompt event's writer holds it this long (the outbox's CLAIM_MS), the poll lease 35 s; the rest is slack. */
const DELIVERY_MS = 100_000;

/** A live stream of one user on one process: every frame it received, by type. */
function liveStream(base: string, cookie: string) {
  const frames: { type: string; data: Record<string, unknown> }[] = [];
  const stop = new AbortController();
  const reading = (async () => {
    const res = await fetch(`${base}/api/events`, { headers: { cookie, accept: 'text/event-stream' }, signal: stop.signal });
    if (!res.body) return;
    let buffer = '';
    for await (const chunk of res.body as unknown as AsyncIterable<Uint8Array>) {
      buffer += Buffer.from(chunk).toString();
      let end = buffer.indexOf('\n\n');
      while (end >= 0) {
        const frame = buffer.slice(0, end);
        buffer = buffer.slice(end + 2);
        const type = /^event: (.+)$/m.exec(frame)?.[1];
        const data = /^data: (.+)$/m.exec(frame)?.[1];
        if (type && data) frames.push({ type, data: JSON.parse(data) as Record<string, unknown> });
        end = buffer.indexOf('\n\n');
      }
    }
  })().catch(() => undefined);
  return {
    frames,
    close: async () => {
      stop.abort();
      await reading;
    },
  };
}

async function waitFor(what: () => Promise<boolean> | boolean, ms: number): Promise<number | null> {
  const started = Date.now();
  while (Date.now() - started < ms) {
    if (await what()) return Date.now() - started;
    await sleep(250);
  }
  return null;
}

/**
 * Every kind of side effect survives its writer's kill -9 right after the commit (decision
 * 044): two processes on one PostgreSQL database; A is killed at `outbox-after-commit`, the
 * step after a write committed with its outbox events and before any of them was delivered,
 * once for a live event (a message), once for a cache tag (a follow, whose count B has kept)
 * and once for a mail (a reset link). B delivers each from the outbox alone.
 */
export async function outboxFaults(): Promise<Check[]> {
  const checks: Check[] = [];
  const add = (check: string, ok: boolean, detail: string) => checks.push({ scenario: SCENARIO, check, ok, detail });
  const baseUrl = process.env.TEST_DATABASE_URL ?? 'postgres://root@127.0.0.1:5432/test';
  const database = await createScratchDatabase(baseUrl, `tgs_faults_outbox_${randomBytes(4).toString('hex')}`);
  const dataDir = mkdtempSync(path.join(tmpdir(), 'tgs-faults-outbox-'));
  // Kept answers live an hour: B shows the new follower count only when the event clears it.
  const env = { DATA_DIR: dataDir, DATABASE_URL: database.url, SESSION_SECRET: randomBytes(32).toString('hex'), EVENTS: 'postgres', RATE_LIMIT_STORE: 'postgres', LIST_CACHE_SECONDS: '3600' };
  const a = new ServerProcess('outbox-a', await freePort(), env);
  const b = new ServerProcess('outbox-b', await freePort(), env);
  const db = new pg.Client({ connectionString: database.url });
  let stream: ReturnType<typeof liveStream> | null = null;
  try {
    await a.start();
    await b.start();
    await db.connect();
    const tag = randomBytes(3).toString('hex');
    const sender = await register(a.url, `ob_s_${tag}`);
    const receiver = await register(a.url, `ob_r_${tag}`);
    const followed = await register(a.url, `ob_f_${tag}`);

    /** Runs `write` through A armed at the fault point: the answer must be lost and A killed. */
    const killedWriting = async (label: string, write: () => Promise<unknown>) => {
      await a.kill();
      await a.start('outbox-after-commit');
      let answered = 'no answer';
      try {
        const res = (await write()) as { status?: number };
        answered = `answered ${res.status ?? '?'}`;
      } catch {
        // The connection died with the process, as it should.
      }
      await a.ended();
      add(`${label}: the writer died after the commit`, a.endings.at(-1) === 'SIGKILL' && answered === 'no answer', `A ended with ${a.endings.at(-1)}, ${answered}`);
    };

    // A live event: the receiver's stream on B hears a message A committed and never told.
    stream = liveStream(b.url, receiver.cookie);
    await sleep(500);
    const text = `after the kill ${tag}`;
    await killedWriting('a message', () => call(`${a.url}/api/messages`, { cookie: sender.cookie, body: { recipient_id: receiver.id, content: text } }));
    const stored = await db.query<{ n: string }>('select count(*) as n from messages where content = $1', [text]);
    add('a message: stored once', Number(stored.rows[0]?.n) === 1, `${stored.rows[0]?.n} rows`);
    const heard = await waitFor(() => stream?.frames.some((f) => f.type === 'message.created' && (f.data.message as { content?: string } | undefined)?.content === text) ?? false, DELIVERY_MS);
    add('a message: the receiver’s open stream on B hears it', heard !== null, heard === null ? `not within ${DELIVERY_MS / 1000} s; heard ${stream.frames.map((f) => f.type).join(', ') || 'nothing'}` : `after ${(heard / 1000).toFixed(1)} s`);
    const told = stream.frames.filter((f) => f.type === 'message.created' && (f.data.message as { content?: string } | undefined)?.content === text).length;
    add('a message: told once', told === 1, `${told} times`);

    // A cache tag: B keeps the followed profile's answer; the follow A committed clears it.
    const followers = async () => {
      const res = await call(`${b.url}/api/profile/${encodeURIComponent(`ob_f_${tag}`)}`);
      const body = res.body as { user?: { followers?: number }; followers?: number };
      return body.user?.followers ?? body.followers;
    };
    const before = [await followers(), await followers()];
    // A follow written past the app (no event) leaves B's kept answer as it was: the answer is kept.
    await db.query('insert into follows (follower_id, followed_id, created_at) values ($1, $2, $3)', [receiver.id, followed.id, new Date().toISOString()]);
    await sleep(3000);
    const kept = await followers();
    add('a follow: B keeps the profile’s answer (the control)', before.every((n) => n === 0) && kept === 0, `answered ${before.join(', ')}, then ${kept} with a follow written past the app`);
    await killedWriting('a follow', () => call(`${a.url}/api/follows/${followed.id}`, { method: 'PUT', cookie: sender.cookie }));
    const cleared = await waitFor(async () => (await followers()) === 2, DELIVERY_MS);
    add('a follow: B’s kept profile shows the new count', cleared !== null, cleared === null ? `still ${await followers()} after ${DELIVERY_MS / 1000} s` : `after ${(cleared / 1000).toFixed(1)} s`);

    // A mail: the reset link A committed to send arrives from B.
    const email = `ob_r_${tag}@example.test`;
    await killedWriting('a reset request', () => call(`${a.url}/api/auth/forgot-password`, { body: { email } }));
    const mailed = await waitFor(() => mailsTo(dataDir, email).some((m) => /token=/.test(m)), DELIVERY_MS);
    const mails = mailsTo(dataDir, email).length;
    add('a reset request: the mail leaves once, from B', mailed !== null && mails === 1, mailed === null ? `no mail within ${DELIVERY_MS / 1000} s` : `${mails} mail(s) after ${(mailed / 1000).toFixed(1)} s`);

    const left = await db.query<{ kind: string }>('select kind from outbox_events where delivered_at is null');
    add('nothing left undelivered', left.rows.length === 0, left.rows.length ? left.rows.map((r) => r.kind).join(', ') : 'every event delivered');
  } finally {
    await stream?.close();
    await a.kill();
    await b.kill();
    await db.end().catch(() => undefined);
    await database.drop().catch(() => undefined);
    rmSync(dataDir, { recursive: true, force: true });
  }
  return checks;
}
