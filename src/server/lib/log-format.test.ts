import { describe, expect, it } from 'vitest';
import { devLogStream } from './log-format';

function capture() {
  const lines: string[] = [];
  const stream = devLogStream({ write: (text: string) => lines.push(text) });
  const log = (record: Record<string, unknown>) => stream.write(`${JSON.stringify({ level: 30, time: Date.UTC(2026, 10, 24, 14, 2, 11), ...record })}\n`);
  return { lines, log };
}

describe('the development log', () => {
  it('prints a request once, when it is answered, as one short line', () => {
    const { lines, log } = capture();
    log({ reqId: 'req-1', req: { method: 'GET', url: '/de/' }, msg: 'incoming request' });
    log({ reqId: 'req-2', req: { method: 'POST', url: '/api/auth/login' }, msg: 'incoming request' });
    expect(lines).toEqual([]);
    log({ reqId: 'req-2', res: { statusCode: 401 }, responseTime: 3.4, msg: 'request completed' });
    log({ reqId: 'req-1', res: { statusCode: 200 }, responseTime: 12.6, msg: 'request completed' });
    expect(lines).toHaveLength(2);
    expect(lines[0]).toMatch(/^\d\d:\d\d:\d\d POST \/api\/auth\/login 401 3 ms\n$/);
    expect(lines[1]).toMatch(/^\d\d:\d\d:\d\d GET \/de\/ 200 13 ms\n$/);
  });

  it('names warnings and errors with their stack, and leaves out what the start banner says', () => {
    const { lines, log } = capture();
    log({ msg: 'Server listening at http://127.0.0.1:3000' });
    log({ level: 40, msg: 'slow query' });
    log({ level: 50, msg: 'server render failed', err: { message: 'boom', stack: 'Error: boom\n    at render' } });
    expect(lines).toEqual([expect.stringMatching(/ WARN slow query\n$/), expect.stringMatching(/ ERROR server render failed\nError: boom\n {4}at render\n$/)]);
  });
});
