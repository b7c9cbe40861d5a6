import { mkdtemp, readFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { Plugin } from 'vite';
import { HERO_IMAGE } from '../src/web/features/home/hero-image.js';
import { bin, run } from './run.js';

/**
 * The home page's hero picture: a generated tattoo photo, rendered when the web app is built
 * (scripts/render-hero.ts, in a process of its own so this config loads no server code) and
 * written beside the app; the dev server renders it once into a temporary folder and serves it
 * from there. Nothing binary lives in the repository.
 */
async function render(outDir: string): Promise<void> {
  const code = await run(bin('tsx'), ['scripts/render-hero.ts', outDir]);
  if (code !== 0) throw new Error(`rendering the hero picture failed (exit code ${code})`);
}

export function heroImage(): Plugin {
  let outDir = '';
  let ssr = false;
  let devDir: Promise<string> | null = null;
  return {
    name: 'tgs-hero-image',
    configResolved(config) {
      outDir = path.resolve(config.root, config.build.outDir);
      ssr = Boolean(config.build.ssr);
    },
    configureServer(server) {
      server.middlewares.use((req, res, next) => {
        const url = req.url?.split('?')[0] ?? '';
        if (!url.startsWith(`${HERO_IMAGE.dir}/`) || url.includes('..')) return next();
        devDir ??= mkdtemp(path.join(tmpdir(), 'tgs-hero-')).then(async (dir) => {
          await render(dir);
          return dir;
        });
        devDir
          .then((dir) => readFile(path.join(dir, url)))
          .then((bytes) => {
            res.setHeader('Content-Type', url.endsWith('.avif') ? 'image/avif' : 'image/webp');
            res.end(bytes);
          })
          .catch(() => next());
      });
    },
    async writeBundle() {
      // The server's build renders pages; it serves no files.
      if (!ssr) await render(outDir);
    },
  };
}
