import type { LightMyRequestResponse } from 'fastify';
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { IMAGE_QUEUE_MAX_WAITING, imageQueue } from '../../lib/images/index';
import { useTestApp } from '../../test/app';
import { createArtist } from '../../test/factories';
import { multipartBody } from '../../test/multipart';

const MB = 1024 * 1024;
const UPLOADS = 60;

/**
 * Image work, not the database, decides the memory here, so one engine is enough; the file is
 * its own process, so what other cases once allocated does not count.
 */
describe('memory of parallel uploads of large images', () => {
  const t = useTestApp('sqlite');

  it(`decodes ${UPLOADS} accepted large images a few at a time and refuses the excess with 503`, async () => {
    // 16 megapixels each, within every limit: 48 MB apiece if all were decoded at once.
    const large = await sharp({ create: { width: 4000, height: 4000, channels: 3, background: '#2266aa' } }).png({ compressionLevel: 9 }).toBuffer();
    // Two users, so the per-user limit (30 a minute) lets every upload reach the image queue.
    const users = [await createArtist(t.app), await createArtist(t.app)];
    const bodies = await Promise.all(users.map(() => multipartBody({}, { data: large, type: 'image/png', filename: 'big.png' })));
    const send = (i: number) => {
      const body = bodies[i % 2] as { payload: Buffer; headers: Record<string, string> };
      const user = users[i % 2] as (typeof users)[number];
      return t.app.inject({ method: 'POST', url: '/api/gallery', payload: body.payload, headers: { ...body.headers, cookie: user.cookie } });
    };

    const baseline = process.memoryUsage().rss;
    let peak = baseline;
    const timer = setInterval(() => (peak = Math.max(peak, process.memoryUsage().rss)), 5);
    let responses: LightMyRequestResponse[];
    try {
      responses = await Promise.all(Array.from({ length: UPLOADS }, (_, i) => send(i)));
    } finally {
      clearInterval(timer);
    }

    const counts: Record<number, number> = {};
    for (const res of responses) counts[res.statusCode] = (counts[res.statusCode] ?? 0) + 1;
    expect(Object.keys(counts).every((s) => ['201', '503'].includes(s)), JSON.stringify(counts)).toBe(true);
    expect(counts[201]).toBeGreaterThan(1);
    // With fewer cores than this the queue cannot take all uploads at once.
    if (imageQueue.concurrency + IMAGE_QUEUE_MAX_WAITING < UPLOADS) {
      expect(counts[503]).toBe(UPLOADS - imageQueue.concurrency - IMAGE_QUEUE_MAX_WAITING);
      const busy = responses.find((r) => r.statusCode === 503) as LightMyRequestResponse;
      expect(busy.json().code).toBe('imageQueueFull');
      expect(Number(busy.headers['retry-after'])).toBeGreaterThanOrEqual(1);
    }
    // A pipeline at a time per core: memory follows the cores, not the number of requests.
    expect((peak - baseline) / MB).toBeLessThan(150 + 100 * imageQueue.concurrency);
    expect(peak / MB).toBeLessThan(600);
  }, 120_000);
});
