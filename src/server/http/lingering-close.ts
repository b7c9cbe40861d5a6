import type { IncomingMessage, ServerResponse } from 'node:http';
import { Socket } from 'node:net';

/** How long a refused body may keep arriving after its answer before the connection is cut. */
export const LINGER_MS = 10_000;

/**
 * Fastify answers a body it refuses (over the limit, unreadable) with `Connection: close` while the
 * client is still sending it. Closing a socket that holds unread bytes sends a reset, and a reset
 * makes the peer drop what it has not read yet: through HAProxy about one such 413 in twenty
 * reached the client as a hung-up connection. So the answer keeps the connection, Node reads and
 * discards the rest of the body (as it does for any request a route leaves unread), and a body
 * still arriving after LINGER_MS is cut off: a lingering close, as nginx and Apache do it.
 */
export function keepRefusedBodyConnection(req: IncomingMessage, res: ServerResponse, connectionHeader: unknown): boolean {
  // Only a real socket lingers: an injected request (the tests' app.inject) has none to keep.
  if (req.complete || connectionHeader !== 'close' || !(req.socket instanceof Socket)) return false;
  res.once('finish', () => {
    if (req.complete) return;
    const timer = setTimeout(() => {
      if (!req.complete) req.socket.destroy();
    }, LINGER_MS);
    timer.unref();
    req.once('end', () => clearTimeout(timer));
    req.socket.once('close', () => clearTimeout(timer));
  });
  return true;
}
