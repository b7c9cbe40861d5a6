import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { collectDefaultMetrics, type Registry } from 'prom-client';
import { watchHeapKept } from './heap-kept';

/**
 * Serves `GET /metrics` (and HEAD) on a listener of its own and nothing else. Behind a proxy
 * every request to the public port comes from the proxy's address, so "only from loopback"
 * there would protect nothing: the metrics are kept off that port altogether.
 */
export async function startMetricsListener(registry: Registry, at: { port: number; host: string }): Promise<Server> {
  // Event-loop lag, heap, RSS, handles: read from the process at each scrape, here only, so an
  // app without a metrics port (a test, a CLI) starts no event-loop monitor.
  collectDefaultMetrics({ register: registry });
  const stopWatchingHeap = watchHeapKept(registry);
  const server = createServer((req, res) => {
    const path = (req.url ?? '').split('?')[0];
    if (path !== '/metrics' || (req.method !== 'GET' && req.method !== 'HEAD')) {
      res.writeHead(404, { 'Content-Type': 'text/plain; charset=utf-8' }).end('Not found\n');
      return;
    }
    registry.metrics().then(
      (text) => {
        res.writeHead(200, { 'Content-Type': registry.contentType, 'Cache-Control': 'no-store' });
        res.end(req.method === 'HEAD' ? undefined : text);
      },
      () => res.writeHead(500, { 'Content-Type': 'text/plain; charset=utf-8' }).end('Metrics could not be collected\n'),
    );
  });
  server.once('close', stopWatchingHeap);
  // A scraper that keeps its connection open must not hold the app's close.
  server.keepAliveTimeout = 5000;
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(at.port, at.host, () => {
      server.off('error', reject);
      resolve();
    });
  });
  return server;
}

export async function stopMetricsListener(server: Server): Promise<void> {
  await new Promise<void>((resolve) => {
    server.close(() => resolve());
    server.closeAllConnections();
  });
}

export function addressOf(server: Server): { host: string; port: number } {
  const address = server.address() as AddressInfo;
  return { host: address.address, port: address.port };
}
