import { existsSync, readdirSync, statSync } from 'node:fs';
import path from 'node:path';

const SOURCES = ['src/web', 'src/common', 'vite.config.ts', 'vite.ssr.config.ts', 'scripts/public-pages.ts', 'package-lock.json'];

function newestMtime(entry: string): number {
  if (!existsSync(entry)) return 0;
  const stat = statSync(entry);
  if (!stat.isDirectory()) return stat.mtimeMs;
  let newest = 0;
  for (const name of readdirSync(entry)) {
    if (name === 'node_modules' || name.endsWith('.test.ts') || name.endsWith('.test.tsx')) continue;
    newest = Math.max(newest, newestMtime(path.join(entry, name)));
  }
  return newest;
}

/** Whether the web build is missing or older than any of its sources. */
export function buildIsStale(root = process.cwd()): boolean {
  const built = path.join(root, 'dist/web/index.html');
  if (!existsSync(built) || !existsSync(path.join(root, 'dist/ssr/entry-server.js'))) return true;
  const builtAt = statSync(built).mtimeMs;
  return SOURCES.some((s) => newestMtime(path.join(root, s)) > builtAt);
}
