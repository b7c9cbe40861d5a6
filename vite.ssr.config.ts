import path from 'node:path';
import { defineConfig, type PluginOption, type UserConfig } from 'vite';
import base from './vite.config.ts';

const onlyForTheBrowser = new Set(['tgs-precompress', 'tgs-public-first-loads']);

function keep(plugins: PluginOption[] = []): PluginOption[] {
  return plugins.flat().filter((p) => !(p && typeof p === 'object' && 'name' in p && onlyForTheBrowser.has(p.name)));
}

/**
 * The server's build of the web app (`vite build --config vite.ssr.config.ts`): the same
 * sources and plugins (less the compression of browser assets), one entry
 * (src/web/entry-server.tsx) for Node, written to dist/ssr. The server renders public pages
 * with it; without it they stay the empty shell.
 */
export default defineConfig({
  ...(base as UserConfig),
  plugins: keep((base as UserConfig).plugins),
  build: {
    ssr: path.resolve(import.meta.dirname, 'src/web/entry-server.tsx'),
    outDir: path.resolve(import.meta.dirname, 'dist/ssr'),
    emptyOutDir: true,
    copyPublicDir: false,
    rollupOptions: { output: { entryFileNames: 'entry-server.js' } },
  },
});
