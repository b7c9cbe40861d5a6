/**
 * The development log: one short line per request ("14:02:11 GET /de/ 200 12 ms") and plain
 * lines for everything else, instead of pino's JSON, which production keeps for its log
 * collector. Written as a pino destination stream (no worker thread, no extra package).
 */

const LEVELS: Record<number, string> = { 10: 'TRACE', 20: 'DEBUG', 40: 'WARN', 50: 'ERROR', 60: 'FATAL' };

/** Requests waiting for their answer; a few thousand at most (one never answered is forgotten). */
const MAX_OPEN_REQUESTS = 2000;

interface Record_ {
  level?: number;
  time?: number;
  msg?: string;
  reqId?: string;
  req?: { method?: string; url?: string };
  res?: { statusCode?: number };
  responseTime?: number;
  err?: { message?: string; stack?: string };
}

const clock = (time: number | undefined) => new Date(time ?? Date.now()).toTimeString().slice(0, 8);

export function formatLogLine(line: string, open: Map<string, string>): string | null {
  let record: Record_;
  try {
    record = JSON.parse(line) as Record_;
  } catch {
    return line.trimEnd();
  }
  const { reqId, msg = '' } = record;
  // Fastify logs a request twice (incoming, completed); the development log prints it once, when answered.
  if (msg === 'incoming request' && reqId && record.req) {
    if (open.size >= MAX_OPEN_REQUESTS) open.delete(open.keys().next().value as string);
    open.set(reqId, `${record.req.method ?? ''} ${record.req.url ?? ''}`);
    return null;
  }
  if (msg === 'request completed' && reqId) {
    const request = open.get(reqId) ?? '';
    open.delete(reqId);
    const ms = record.responseTime === undefined ? '' : ` ${Math.round(record.responseTime)} ms`;
    return `${clock(record.time)} ${request} ${record.res?.statusCode ?? ''}${ms}`;
  }
  // The start banner names the address already.
  if (msg.startsWith('Server listening at')) return null;
  const level = LEVELS[record.level ?? 30];
  const detail = record.err ? `\n${record.err.stack ?? record.err.message ?? ''}` : '';
  return `${clock(record.time)} ${level ? `${level} ` : ''}${msg}${detail}`;
}

/** A pino destination that writes the short development lines to `out`. */
export function devLogStream(out: { write(text: string): unknown } = process.stdout): { write(line: string): void } {
  const open = new Map<string, string>();
  return {
    write(line) {
      const text = formatLogLine(line, open);
      if (text !== null) out.write(`${text}\n`);
    },
  };
}
