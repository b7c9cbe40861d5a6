import type { OutgoingHttpHeaders } from 'node:http';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { RESYNC_EVENT, type LiveEvent } from '../../../common/schemas/messages';
import { AppError } from '../../errors';
import type { StreamSlot } from './streams';
import type { EventService } from './service';

// A browser that reads nothing for this long is dropped: it reconnects and refetches.
const MAX_BUFFERED_BYTES = 512 * 1024;
// The session behind a stream is looked up again every this many heartbeats (50 s).
const SESSION_CHECK_BEATS = 2;

/** One event in the text/event-stream format; JSON never holds a raw line break. */
export function frame(event: LiveEvent): string {
  return `event: ${event.type}\ndata: ${JSON.stringify(event)}\n\n`;
}

/**
 * Sent when events to this stream may have been missed (the link to the other processes
 * dropped and is back): the browser refetches what it shows, as after a reconnect of its own.
 */
export const RESYNC_FRAME = `event: ${RESYNC_EVENT}\ndata: {}\n\n`;

/**
 * Serves one user's stream on a hijacked reply: Fastify's onSend hooks (compression, the
 * API's no-store header) never see it, and the connection stays open until the browser
 * leaves, its session ends, the browser stops reading, or the app closes. A gap the bus reports
 * is told to the browser (a resync), and the session is looked up again: its end may be among
 * what was missed.
 */
export async function serveStream(
  request: FastifyRequest,
  reply: FastifyReply,
  events: EventService,
  userId: number,
  sessionValid: () => Promise<boolean>,
): Promise<void> {
  const res = reply.raw;
  let heartbeat: NodeJS.Timeout | undefined = undefined;
  let unsubscribe = () => {};
  let finished = false;
  let slot: StreamSlot | null = null;
  const finish = () => {
    if (finished) return;
    finished = true;
    clearInterval(heartbeat);
    unsubscribe();
    slot?.release();
  };
  const end = () => {
    finish();
    // Ended before it opened (the app closing while it waited): no half-made 200 goes out.
    if (!res.headersSent) res.destroy();
    else if (!res.writableEnded) res.end();
  };
  // One lookup at a time; a check asked for while one runs runs again after it, since the
  // running one may have read the session before it ended.
  let checking = false;
  let again = false;
  const check = (): void => {
    if (finished) return;
    if (checking) {
      again = true;
      return;
    }
    checking = true;
    sessionValid()
      .then(
        (valid) => valid || end(),
        // The database being away for a moment is no reason to drop the browser.
        (err: unknown) => request.log.warn({ err }, 'event stream: session not checked'),
      )
      .finally(() => {
        checking = false;
        if (!again) return;
        again = false;
        check();
      });
  };
  slot = events.streams.open(userId, { end, check });
  // Before the reply is hijacked, so the error handler answers it in the user's language.
  if (!slot) throw new AppError(429, 'tooManyStreams');

  reply.hijack();
  res.on('close', finish);
  res.on('error', finish);
  await events.ready();
  if (finished || res.destroyed) return;

  const write = (text: string) => {
    if (finished) return;
    if (res.writableLength > MAX_BUFFERED_BYTES) end();
    else res.write(text);
  };
  const resync = () => {
    write(RESYNC_FRAME);
    check();
  };
  unsubscribe = events.bus.subscribe(userId, (event) => write(frame(event)), resync);
  // The headers earlier hooks set (helmet's) go out too; a hijacked reply does not send them.
  const headers: OutgoingHttpHeaders = {};
  for (const [name, value] of Object.entries(reply.getHeaders())) if (value !== undefined) headers[name] = value;
  res.writeHead(200, {
    ...headers,
    'Content-Type': 'text/event-stream',
    'Cache-Control': 'no-cache',
    Connection: 'keep-alive',
    'X-Accel-Buffering': 'no',
  });
  // The first bytes tell the browser (and any proxy) the stream is open.
  write(': open\n\n');
  events.presence.touch(userId, request.log);
  let beats = 0;
  heartbeat = setInterval(() => {
    write(': heartbeat\n\n');
    events.presence.touch(userId, request.log);
    // A session ended elsewhere is usually heard of at once (the registry's session tags);
    // this catches what a dropped link missed, and sessions that simply expired.
    if (++beats % SESSION_CHECK_BEATS === 0) check();
  }, events.heartbeatMs);
}
