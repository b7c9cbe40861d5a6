import { Counter, Gauge, Histogram, Registry } from 'prom-client';

/** The first digit of a status as Prometheus dashboards group it: 2xx, 4xx, ... */
export type StatusClass = `${1 | 2 | 3 | 4 | 5}xx`;

export function statusClass(status: number): StatusClass {
  const digit = Math.min(5, Math.max(1, Math.floor(status / 100))) as 1 | 2 | 3 | 4 | 5;
  return `${digit}xx`;
}

/** Everything counted, with the labels each count takes. Label values come from short fixed sets (never a raw URL or an id). */
export interface CountLabels {
  /** Multipart answers of the upload routes. */
  uploads: { route: string; status: StatusClass };
  /** Answers with 429, whichever limit refused. */
  rateLimitRefusals: { route: string };
  /** What the payment provider answered to a capture (its order state). */
  paymentCaptures: { outcome: string };
  /** Runs of scheduled jobs (src/server/lib/jobs.ts). */
  jobRuns: { job: string; outcome: 'ok' | 'failed' };
  busEventsPublished: Record<never, never>;
  busEventsReceived: Record<never, never>;
}

export type CountName = keyof CountLabels;

type LabelArgs<K extends CountName> = keyof CountLabels[K] extends never ? [] : [labels: CountLabels[K]];

const COUNTERS: { [K in CountName]: { name: string; help: string; labels: (keyof CountLabels[K] & string)[] } } = {
  uploads: { name: 'tgs_uploads_total', help: 'Upload requests answered, by route and status class.', labels: ['route', 'status'] },
  rateLimitRefusals: { name: 'tgs_rate_limit_refusals_total', help: 'Requests refused with 429, by route.', labels: ['route'] },
  paymentCaptures: { name: 'tgs_payment_captures_total', help: "Captures at the payment provider, by the order state it answered.", labels: ['outcome'] },
  jobRuns: { name: 'tgs_job_runs_total', help: 'Runs of scheduled jobs, by job and outcome.', labels: ['job', 'outcome'] },
  busEventsPublished: { name: 'tgs_bus_events_published_total', help: 'Live events published on the event bus by this process.', labels: [] },
  busEventsReceived: { name: 'tgs_bus_events_received_total', help: 'Live events the bus handed to an open stream of this process, from any process.', labels: [] },
};

/** What a database pool reports; pg's Pool has these three. */
export interface PoolStats {
  totalCount: number;
  idleCount: number;
  waitingCount: number;
}

/**
 * One app's metrics in a registry of its own: the tests build many apps in one process, and
 * prom-client's global registry would refuse the second app's metrics of the same name.
 * Other code only calls `count`; the request hooks and the listener use the rest.
 */
export class Metrics {
  readonly registry = new Registry();
  readonly requestDuration = new Histogram({
    name: 'tgs_http_request_duration_seconds',
    help: 'Time from a request to its answer, by method, route pattern and status class.',
    labelNames: ['method', 'route', 'status'],
    buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10, 30],
    registers: [this.registry],
  });
  readonly inFlight = new Gauge({
    name: 'tgs_http_requests_in_flight',
    help: 'Requests whose answer is not finished yet; open live streams count until they end.',
    registers: [this.registry],
  });
  readonly liveStreams = new Gauge({
    name: 'tgs_live_streams_open',
    help: 'Live event streams (GET /api/events) open in this process.',
    registers: [this.registry],
  });
  private readonly counters = new Map<CountName, Counter>();
  /** Where the metrics listener took its port, once it listens (METRICS_PORT=0 picks a free one). */
  address: { host: string; port: number } | null = null;

  constructor() {
    for (const [key, spec] of Object.entries(COUNTERS) as [CountName, (typeof COUNTERS)[CountName]][]) {
      const counter = new Counter({ name: spec.name, help: spec.help, labelNames: spec.labels, registers: [this.registry] });
      this.counters.set(key, counter);
    }
  }

  /** Counts one occurrence; the labels are the ones `CountLabels` names for it. */
  count<K extends CountName>(name: K, ...labels: LabelArgs<K>): void {
    const counter = this.counters.get(name);
    if (labels[0]) counter?.inc(labels[0] as Record<string, string>);
    else counter?.inc();
  }

  /** Reads the pool at every scrape (PostgreSQL); SQLite has no pool and so no such gauges. */
  watchPool(pool: PoolStats): void {
    const gauge = (name: string, help: string, read: () => number) =>
      new Gauge({
        name,
        help,
        registers: [this.registry],
        collect() {
          this.set(read());
        },
      });
    gauge('tgs_db_pool_in_use', 'Database connections lent out to a query.', () => pool.totalCount - pool.idleCount);
    gauge('tgs_db_pool_idle', 'Database connections open and free.', () => pool.idleCount);
    gauge('tgs_db_pool_waiting', 'Queries waiting for a free connection.', () => pool.waitingCount);
  }
}
