/** What the soak reads from a process's metrics listener at each sample. */
export interface Sample {
  /** Seconds since the steady phase began (negative before it). */
  t: number;
  heapUsed: number;
  /** The old generation as the last full collection left it (0 before the first). */
  heapKept: number;
  /** Full (major) collections since the process started. */
  fullCollections: number;
  rss: number;
  lagP99: number;
  handles: number;
  sockets: number;
  /** Null on SQLite, which has no pool. */
  poolWaiting: number | null;
  poolInUse: number | null;
  liveStreams: number;
  /** Answers with a 5xx status the process counted itself, since it started. */
  server5xx: number;
}

type Series = { labels: string; value: number }[];

/** Prometheus text format, as far as the soak needs it: metric name to its labelled values. */
export function parseMetrics(text: string): Map<string, Series> {
  const out = new Map<string, Series>();
  for (const line of text.split('\n')) {
    if (!line || line.startsWith('#')) continue;
    const match = /^([a-zA-Z_:][\w:]*)(\{[^}]*\})?\s+(\S+)/.exec(line);
    if (!match) continue;
    const series = out.get(match[1] as string) ?? [];
    series.push({ labels: match[2] ?? '', value: Number(match[3]) });
    out.set(match[1] as string, series);
  }
  return out;
}

const total = (metrics: Map<string, Series>, name: string, labels?: RegExp): number | null => {
  const series = metrics.get(name);
  if (!series) return null;
  return series.filter((s) => !labels || labels.test(s.labels)).reduce((sum, s) => sum + s.value, 0);
};

export async function takeSample(metricsUrl: string, t: number): Promise<Sample> {
  const res = await fetch(metricsUrl, { signal: AbortSignal.timeout(10_000) });
  if (!res.ok) throw new Error(`metrics at ${metricsUrl}: ${res.status}`);
  const m = parseMetrics(await res.text());
  const need = (name: string, labels?: RegExp) => {
    const value = total(m, name, labels);
    if (value === null) throw new Error(`metrics at ${metricsUrl} lack ${name}`);
    return value;
  };
  return {
    t,
    heapUsed: need('nodejs_heap_size_used_bytes'),
    heapKept: need('tgs_heap_kept_bytes'),
    fullCollections: need('nodejs_gc_duration_seconds_count', /kind="major"/),
    rss: need('process_resident_memory_bytes'),
    lagP99: need('nodejs_eventloop_lag_p99_seconds'),
    handles: need('nodejs_active_handles_total'),
    sockets: total(m, 'nodejs_active_handles', /type="Socket"/) ?? 0,
    poolWaiting: total(m, 'tgs_db_pool_waiting'),
    poolInUse: total(m, 'tgs_db_pool_in_use'),
    liveStreams: need('tgs_live_streams_open'),
    server5xx: total(m, 'tgs_http_request_duration_seconds_count', /status="5xx"/) ?? 0,
  };
}
