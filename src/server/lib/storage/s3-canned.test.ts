import { Readable } from 'node:stream';
import { describe, expect, it } from 'vitest';
import { S3Storage } from './s3';

// What the fake S3 server does not do (suffix ranges, conditional writes, S3's XML errors, a
// dropped connection) is answered here by a request handler in place of the network.

interface SentRequest {
  method: string;
  path: string;
  query: Record<string, string | string[] | null>;
  headers: Record<string, string>;
}

interface Canned {
  statusCode: number;
  headers?: Record<string, string>;
  body?: string | Buffer;
}

function cannedStorage(answer: (request: SentRequest) => Canned | Error) {
  const sent: SentRequest[] = [];
  const requestHandler = {
    async handle(request: SentRequest) {
      sent.push(request);
      const canned = answer(request);
      if (canned instanceof Error) throw canned;
      const body = canned.body ?? '';
      return { response: { statusCode: canned.statusCode, headers: canned.headers ?? {}, body: Readable.from([Buffer.from(body)]) } };
    },
  };
  const storage = new S3Storage(
    { bucket: 'tgs-canned', region: 'eu-central-1', endpoint: 'http://s3.invalid', forcePathStyle: true, reads: 'proxy', credentials: { accessKeyId: 'a', secretAccessKey: 'b' } },
    { requestHandler: requestHandler as never, maxAttempts: 2 },
  );
  return { storage, sent };
}

const xmlError = (code: string, message = code) =>
  `<?xml version="1.0" encoding="UTF-8"?><Error><Code>${code}</Code><Message>${message}</Message><RequestId>r1</RequestId></Error>`;

describe('S3Storage with canned S3 answers', () => {
  it('passes a suffix range on and reports the partial answer', async () => {
    const { storage, sent } = cannedStorage(() => ({
      statusCode: 206,
      headers: { 'content-range': 'bytes 6-9/10', 'content-length': '4', etag: '"e1"' },
      body: '6789',
    }));
    const read = await storage.open('gallery/1/a-large.webp', { range: 'bytes=-4' });
    expect(sent[0]?.headers.range).toBe('bytes=-4');
    expect(read).toMatchObject({ status: 206, contentRange: 'bytes 6-9/10', contentLength: 4, etag: '"e1"' });
  });

  it('writes with If-None-Match: * and its sha256, and takes 412 for the same bytes already there', async () => {
    const digest = '0e4e5a7d1b0c4f1f6b2c9b3a8e9b0c1d2e3f405162738495a6b7c8d9e0f1a2b3';
    const { storage, sent } = cannedStorage((request) =>
      request.method === 'PUT' ? { statusCode: 412, body: xmlError('PreconditionFailed') } : { statusCode: 200, headers: { 'x-amz-meta-sha256': digest } },
    );
    await expect(storage.put('gallery/1/b-large.webp', Buffer.from('other bytes'), 'image/webp')).rejects.toThrow(/refusing to overwrite/);
    expect(sent[0]?.headers['if-none-match']).toBe('*');
    expect(sent[0]?.headers['x-amz-meta-sha256']).toMatch(/^[0-9a-f]{64}$/);
    const same = cannedStorage((request) =>
      request.method === 'PUT' ? { statusCode: 412, body: xmlError('PreconditionFailed') } : { statusCode: 200, headers: { 'x-amz-meta-sha256': String(sent[0]?.headers['x-amz-meta-sha256']) } },
    );
    await expect(same.storage.put('gallery/1/b-large.webp', Buffer.from('other bytes'), 'image/webp')).resolves.toBeUndefined();
  });

  it('reads NoSuchKey as a missing object', async () => {
    const { storage } = cannedStorage(() => ({ statusCode: 404, body: xmlError('NoSuchKey') }));
    expect(await storage.get('gallery/1/c-large.webp')).toBeNull();
    expect(await storage.open('gallery/1/c-large.webp')).toBeNull();
  });

  it.each([
    ['SlowDown', 503],
    ['AccessDenied', 403],
    ['InternalError', 500],
  ])('turns %s into a 503 with its cause kept', async (code, status) => {
    const { storage, sent } = cannedStorage(() => ({ statusCode: status, body: xmlError(code) }));
    const err = await storage.get('gallery/1/d-large.webp').catch((e: unknown) => e);
    expect(err).toMatchObject({ status: 503, code: 'storageUnavailable' });
    expect((err as { cause?: { name?: string } }).cause?.name).toBe(code);
    await expect(storage.open('gallery/1/d-large.webp')).rejects.toMatchObject({ status: 503 });
    await expect(storage.ping()).rejects.toMatchObject({ status: 503 });
    // Throttling and server errors are retried before the answer gives up.
    if (status !== 403) expect(sent.length).toBeGreaterThan(3);
  });

  it('turns a connection reset into a 503', async () => {
    const reset = Object.assign(new Error('socket hang up'), { code: 'ECONNRESET' });
    const { storage } = cannedStorage(() => reset);
    await expect(storage.get('gallery/1/e-large.webp')).rejects.toMatchObject({ status: 503, code: 'storageUnavailable' });
    await expect(storage.put('gallery/1/e-large.webp', Buffer.from('x'), 'image/webp')).rejects.toMatchObject({ status: 503 });
    await expect(storage.delete(['gallery/1/e-large.webp'])).rejects.toMatchObject({ status: 503 });
  });

  it('answers 416 for a range past the end', async () => {
    const { storage } = cannedStorage(() => ({ statusCode: 416, body: xmlError('InvalidRange') }));
    await expect(storage.open('gallery/1/f-large.webp', { range: 'bytes=50-60' })).rejects.toMatchObject({ status: 416 });
  });

  it('refuses a batch delete that S3 answers with errors for some keys, but not for keys already gone', async () => {
    const body = `<?xml version="1.0" encoding="UTF-8"?><DeleteResult><Deleted><Key>gallery/1/g-large.webp</Key></Deleted><Error><Key>hidden/gallery/1/g-large.webp</Key><Code>AccessDenied</Code><Message>no</Message></Error></DeleteResult>`;
    const { storage } = cannedStorage(() => ({ statusCode: 200, body }));
    await expect(storage.delete(['gallery/1/g-large.webp'])).rejects.toMatchObject({ status: 503 });
    const fine = cannedStorage(() => ({ statusCode: 200, body: '<DeleteResult><Deleted><Key>gallery/1/g-large.webp</Key></Deleted></DeleteResult>' }));
    await expect(fine.storage.delete(['gallery/1/g-large.webp'])).resolves.toBeUndefined();
  });
});
