import { AppError } from '../../errors';

/**
 * Runs jobs with bounded parallelism and a bounded backlog. A job beyond the backlog is refused
 * at once with 503 and a Retry-After estimated from recent job times: a burst of uploads then
 * costs a fixed amount of memory instead of one decoded image per request.
 */
export class WorkQueue {
  private active = 0;
  private readonly waiting: Array<() => void> = [];
  // A first guess until real jobs were measured: a large photo takes about a second.
  private averageMs = 1000;

  constructor(
    readonly concurrency: number,
    readonly maxWaiting: number,
  ) {
    if (concurrency < 1 || maxWaiting < 0) throw new RangeError('WorkQueue needs a concurrency of at least 1');
  }

  /** Jobs running now. */
  get running(): number {
    return this.active;
  }

  /** Jobs waiting for a free slot. */
  get queued(): number {
    return this.waiting.length;
  }

  async run<T>(job: () => Promise<T>): Promise<T> {
    if (this.active < this.concurrency) {
      this.active++;
    } else {
      if (this.waiting.length >= this.maxWaiting) throw this.busy();
      // release() hands its slot over, so `active` already counts this job when it resumes.
      await new Promise<void>((resolve) => this.waiting.push(resolve));
    }
    const started = performance.now();
    try {
      return await job();
    } finally {
      this.averageMs = this.averageMs * 0.8 + (performance.now() - started) * 0.2;
      this.release();
    }
  }

  private release(): void {
    const next = this.waiting.shift();
    if (next) next();
    else this.active--;
  }

  private busy(): AppError {
    const seconds = Math.max(1, Math.ceil(((this.waiting.length + 1) / this.concurrency) * (this.averageMs / 1000)));
    return new AppError(503, 'imageQueueFull', { seconds }, { retryAfter: seconds });
  }
}
