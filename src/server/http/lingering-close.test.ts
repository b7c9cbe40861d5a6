import net from 'node:net';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BODY_LIMIT_BYTES } from '../../common/constants';
import { createTestApp, type TestApp } from '../test/app';

/** Everything a socket receives until `done` says the answer so far is whole. */
function readUntil(socket: net.Socket, done: (text: string) => boolean): Promise<string> {
  return new Promise((resolve, reject) => {
    let text = '';
    const onData = (chunk: Buffer) => {
      text += chunk.toString('latin1');
      if (done(text)) {
        socket.off('data', onData);
        resolve(text);
      }
    };
    socket.on('data', onData);
    socket.once('error', reject);
    socket.once('close', () => reject(new Error(`closed after: ${text.slice(0, 200)}`)));
  });
}

const whole = (text: string) => {
  const end = text.indexOf('\r\n\r\n');
  if (end < 0) return false;
  const length = Number(/content-length: (\d+)/i.exec(text.slice(0, end))?.[1] ?? 0);
  return text.length >= end + 4 + length;
};

// Over a real socket: the point is what happens to the connection, which inject does not have.
describe('a body refused while it is still arriving', () => {
  let t: TestApp;
  let port = 0;
  beforeAll(async () => {
    t = await createTestApp('sqlite');
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    port = (t.app.server.address() as AddressInfo).port;
  });
  afterAll(() => t.close());

  it('is answered 413 and read to its end on a connection that stays usable, so no reset can swallow the answer', async () => {
    const socket = net.connect(port, '127.0.0.1');
    await new Promise((r) => socket.once('connect', r));
    const length = BODY_LIMIT_BYTES * 2;
    socket.write(
      `POST /api/reviews/simple HTTP/1.1\r\nHost: 127.0.0.1\r\nOrigin: http://localhost:3000\r\nAccept-Language: de\r\nContent-Type: application/json\r\nContent-Length: ${length}\r\n\r\n`,
    );
    socket.write(Buffer.alloc(64 * 1024, 0x61));
    const refused = await readUntil(socket, whole);
    expect(refused).toMatch(/^HTTP\/1\.1 413 /);
    expect(refused).not.toMatch(/\r\nconnection: close\r\n/i);
    // The rest of the body still goes in, and the same connection answers the next request.
    await new Promise<void>((resolve, reject) => socket.write(Buffer.alloc(length - 64 * 1024, 0x61), (err) => (err ? reject(err) : resolve())));
    socket.write('GET /api/health HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n');
    const next = await readUntil(socket, whole);
    expect(next).toMatch(/^HTTP\/1\.1 200 /);
    socket.destroy();
  });
});
