import { describe, expect, it } from 'vitest';
import { AppError } from '../../errors';
import { WorkQueue } from './queue';

function gate() {
  let open!: () => void;
  const opened = new Promise<void>((resolve) => (open = resolve));
  return { open, opened };
}

describe('WorkQueue', () => {
  it('runs at most `concurrency` jobs at once, the waiting ones in order', async () => {
    const queue = new WorkQueue(2, 10);
    let running = 0;
    let peak = 0;
    const order: number[] = [];
    const jobs = Array.from({ length: 8 }, (_, i) =>
      queue.run(async () => {
        running++;
        peak = Math.max(peak, running);
        order.push(i);
        await new Promise((resolve) => setTimeout(resolve, 5));
        running--;
        return i;
      }),
    );
    expect(queue.running).toBe(2);
    expect(queue.queued).toBe(6);
    expect(await Promise.all(jobs)).toEqual([0, 1, 2, 3, 4, 5, 6, 7]);
    expect(peak).toBe(2);
    expect(order).toEqual([0, 1, 2, 3, 4, 5, 6, 7]);
    expect([queue.running, queue.queued]).toEqual([0, 0]);
  });

  it('refuses a job beyond the backlog with 503 and a Retry-After, without running it', async () => {
    const queue = new WorkQueue(1, 1);
    const first = gate();
    const running = queue.run(() => first.opened);
    const waiting = queue.run(async () => 'second');
    let ran = false;
    const refused = await queue
      .run(async () => {
        ran = true;
      })
      .catch((err: unknown) => err);
    expect(refused).toBeInstanceOf(AppError);
    expect(refused).toMatchObject({ status: 503, code: 'imageQueueFull', extra: { retryAfter: expect.any(Number) } });
    expect((refused as AppError).extra.retryAfter).toBeGreaterThanOrEqual(1);
    expect(ran).toBe(false);
    first.open();
    await running;
    expect(await waiting).toBe('second');
    expect(await queue.run(async () => 'room again')).toBe('room again');
  });

  it('frees the slot of a failed job', async () => {
    const queue = new WorkQueue(1, 0);
    await expect(queue.run(() => Promise.reject(new Error('broken image')))).rejects.toThrow('broken image');
    expect(queue.running).toBe(0);
    expect(await queue.run(async () => 42)).toBe(42);
  });
});
