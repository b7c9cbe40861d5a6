import type { KindStatus } from '../lib/outbox/index';

/** The `npm run outbox -- --status` table: one line per event kind with undelivered events. */
export function formatOutboxStatus(rows: KindStatus[]): string {
  if (rows.length === 0) return 'Outbox: every event delivered.';
  const header = ['kind', 'pending', 'retrying', 'failed', 'oldest'];
  const lines = rows.map((r) => [r.kind, String(r.pending), String(r.retrying), String(r.failed), r.oldest ?? '']);
  const widths = header.map((h, i) => Math.max(h.length, ...lines.map((l) => (l[i] as string).length)));
  const format = (cells: string[]) => cells.map((c, i) => (i === 0 || i === 4 ? c.padEnd(widths[i] as number) : c.padStart(widths[i] as number))).join('  ').trimEnd();
  return [format(header), ...lines.map(format)].join('\n');
}
