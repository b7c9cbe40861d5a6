import { buildIsStale } from './build-state';
import { bin, run } from './run';

// `npm start` must work right after `npm install`: build the web app when missing or stale,
// then the server migrates, seeds and serves.
if (buildIsStale()) {
  console.log('Building the web app (missing or older than its sources)...');
  const code = await run(bin('vite'), ['build', '--logLevel', 'warn']);
  if (code !== 0) process.exit(code);
  // The server's build of the same app, which renders the public pages (docs/decisions/018).
  const ssr = await run(bin('vite'), ['build', '--config', 'vite.ssr.config.ts', '--logLevel', 'warn']);
  if (ssr !== 0) process.exit(ssr);
}
await import('../src/server/main');
