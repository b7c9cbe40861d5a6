import { createHash } from 'node:crypto';
import { readdirSync, readFileSync } from 'node:fs';
import { readdir, readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { promisify } from 'node:util';
import { brotliCompress, constants, gzip } from 'node:zlib';
import tailwindcss from '@tailwindcss/vite';
import react from '@vitejs/plugin-react';
import { defineConfig, rolldownVersion, version as viteVersion, type Plugin } from 'vite';
// `.js` resolves to the .ts file for TypeScript and Vite alike; without an extension Vite warns.
import { PUBLIC_PAGES } from './scripts/public-pages.js';
import { heroImage } from './scripts/hero-image.js';
import { BROWSER_SHARED_NAMESPACES } from './src/web/i18n/browser-namespaces.js';

const API = 'http://127.0.0.1:3000';
const OUT_DIR = path.resolve(import.meta.dirname, 'dist/web');
const SHARED_MODULES = /src[\\/]web[\\/](ui|lib|i18n[\\/][a-z-]+\.tsx?$)|node_modules[\\/](@tanstack|lucide-react|clsx|tailwind-merge)[\\/]/;
const LOCALE_DIRS = { web: 'src/web/i18n/locales', common: 'src/common/locales' } as const;
const LOCALE_FILE = /[\\/]src[\\/](web[\\/]i18n|common)[\\/]locales[\\/]([a-z]{2})[\\/]([A-Za-z]+)\.json$/;
const APP_SOURCE = /[\\/]src[\\/](web|common)[\\/]/;
const COMPRESSIBLE = /\.(js|mjs|css|svg|json|html|txt|xml|webmanifest)$/;

async function* files(dir: string): AsyncGenerator<string> {
  for (const entry of await readdir(dir, { withFileTypes: true })) {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) yield* files(full);
    else yield full;
  }
}

/**
 * Writes `.br` and `.gz` beside every text asset of the build, so the server sends the
 * smallest file straight from disk (@fastify/static `preCompressed`) instead of compressing
 * on every request.
 */
function precompress(): Plugin {
  const brotli = promisify(brotliCompress);
  const gz = promisify(gzip);
  // The resolved outDir, so `vite build --outDir /tmp/x` compresses that build, not dist/web.
  let outDir = OUT_DIR;
  return {
    name: 'tgs-precompress',
    apply: 'build',
    configResolved(config) {
      outDir = path.resolve(config.root, config.build.outDir);
    },
    async closeBundle() {
      const jobs: Promise<void>[] = [];
      for await (const file of files(outDir)) {
        if (!COMPRESSIBLE.test(file)) continue;
        jobs.push(
          readFile(file).then(async (source) => {
            const [br, gzipped] = await Promise.all([
              brotli(source, {
                params: {
                  [constants.BROTLI_PARAM_QUALITY]: constants.BROTLI_MAX_QUALITY,
                  [constants.BROTLI_PARAM_SIZE_HINT]: source.length,
                },
              }),
              gz(source, { level: constants.Z_BEST_COMPRESSION }),
            ]);
            await Promise.all([writeFile(`${file}.br`, br), writeFile(`${file}.gz`, gzipped)]);
          }),
        );
      }
      await Promise.all(jobs);
    },
  };
}

/**
 * One hash of every translation file with the tools that turn them into chunks: the folder the
 * browser's translation chunks live in. Their names inside it carry no hash of their own
 * (`<folder>/web/de/common.js`), so the loader map of all languages and namespaces that every
 * page ships (`import.meta.glob` in i18n/i18n.ts) repeats one string instead of some 140
 * incompressible per-file hashes: about 1 KB less on every first load. A changed text changes
 * the folder, so the assets stay safe to cache as immutable; the price is that a text change
 * makes returning visitors fetch the translations of the pages they open again.
 */
function localesFolder(): string {
  const hash = createHash('sha256').update(`vite ${viteVersion} rolldown ${rolldownVersion}\0`);
  for (const [kind, dir] of Object.entries(LOCALE_DIRS)) {
    const root = path.resolve(import.meta.dirname, dir);
    for (const lang of readdirSync(root).sort()) {
      for (const file of readdirSync(path.join(root, lang)).sort()) {
        hash.update(`${kind}/${lang}/${file}\0`).update(readFileSync(path.join(root, lang, file))).update('\0');
      }
    }
  }
  return `assets/locales-${hash.digest('base64url').slice(0, 10)}`;
}

/**
 * The translations as JSON files in `<localesFolder>/<web|common>/<lang>/<ns>.json`, which the
 * browser's translation layer fetches by language and namespace (src/web/i18n/i18n.ts): the
 * folder's name reaches it as `__TGS_LOCALES__`. Only the browser's build writes them; of the
 * texts shared with the server, only the namespaces the browser shows.
 */
function localeFiles(): Plugin {
  let folder = '';
  let ssr = false;
  return {
    name: 'tgs-locale-files',
    apply: 'build',
    config() {
      folder = localesFolder();
      return { define: { __TGS_LOCALES__: JSON.stringify(`/${folder}`) } };
    },
    configResolved(config) {
      ssr = Boolean(config.build.ssr);
    },
    generateBundle() {
      if (ssr) return;
      for (const [kind, dir] of Object.entries(LOCALE_DIRS)) {
        const root = path.resolve(import.meta.dirname, dir);
        for (const lang of readdirSync(root)) {
          for (const file of readdirSync(path.join(root, lang))) {
            if (!file.endsWith('.json') || (kind === 'common' && !BROWSER_SHARED_NAMESPACES.includes(file.slice(0, -'.json'.length)))) continue;
            const texts: unknown = JSON.parse(readFileSync(path.join(root, lang, file), 'utf8'));
            this.emitFile({ type: 'asset', fileName: `${folder}/${kind}/${lang}/${file}`, source: JSON.stringify(texts) });
          }
        }
      }
    },
  };
}

/**
 * The chunk names: translations (only the server render still imports them as modules) as `<localesFolder>/<web|common>/<lang>/<ns>.js`,
 * the rest as Vite names them by default.
 */
function chunkFileNames(): (chunk: { facadeModuleId: string | null }) => string {
  let folder: string | undefined;
  return ({ facadeModuleId }) => {
    const match = facadeModuleId ? LOCALE_FILE.exec(facadeModuleId) : null;
    if (!match) return 'assets/[name]-[hash].js';
    folder ??= localesFolder();
    return `${folder}/${match[1] === 'common' ? 'common' : 'web'}/${match[2]}/${match[3]}.js`;
  };
}

/**
 * How many of the public pages' first loads (scripts/public-pages.ts) reach each module: the
 * entry's static imports and each page's screen with its static imports, as the first-load
 * budget counts them. Worked out once the module graph is complete, before chunking, so the
 * chunk groups below can ask it.
 */
function publicFirstLoads(): { plugin: Plugin; pagesReaching(id: string): number; pagesOf(id: string): string; isEntry(id: string): boolean } {
  const pages = new Map<string, number>();
  const names = new Map<string, string[]>();
  const entry = new Set<string>();
  const plugin: Plugin = {
    name: 'tgs-public-first-loads',
    apply: 'build',
    buildEnd() {
      pages.clear();
      names.clear();
      entry.clear();
      const reach = (from: string[]): Set<string> => {
        const seen = new Set<string>();
        const stack = [...from];
        for (let id = stack.pop(); id !== undefined; id = stack.pop()) {
          if (seen.has(id)) continue;
          seen.add(id);
          stack.push(...(this.getModuleInfo(id)?.importedIds ?? []));
        }
        return seen;
      };
      const entries = [...this.getModuleIds()].filter((id) => this.getModuleInfo(id)?.isEntry);
      for (const id of entries) entry.add(id);
      const root = path.resolve(import.meta.dirname, 'src/web');
      for (const { name, screen } of PUBLIC_PAGES) {
        const id = path.join(root, screen);
        // A renamed screen would quietly leave the shared chunk to the entry's modules alone.
        if (!this.getModuleInfo(id)) this.error(`scripts/public-pages.ts names ${screen}, which the build does not have.`);
        for (const reached of reach([...entries, id])) {
          pages.set(reached, (pages.get(reached) ?? 0) + 1);
          names.set(reached, [...(names.get(reached) ?? []), name]);
        }
      }
    },
  };
  return {
    plugin,
    pagesReaching: (id) => pages.get(id) ?? 0,
    pagesOf: (id) => (names.get(id) ?? []).join('_').replaceAll(' ', '-'),
    isEntry: (id) => entry.has(id),
  };
}

const firstLoads = publicFirstLoads();

export default defineConfig({
  root: path.resolve(import.meta.dirname, 'src/web'),
  plugins: [react(), tailwindcss(), firstLoads.plugin, localeFiles(), precompress(), heroImage()],
  build: {
    outDir: OUT_DIR,
    emptyOutDir: true,
    assetsDir: 'assets',
    // Read by the first-load budget (scripts/bundle-budget.ts).
    manifest: true,
    // Every browser the app supports preloads modules itself; the polyfill would ship to all of them.
    modulePreload: { polyfill: false },
    rolldownOptions: {
      output: {
        chunkFileNames: chunkFileNames(),
        codeSplitting: {
          // Small shared modules (ui, lib, the translation layer, query and icon libraries) that
          // four or more chunks use go into one chunk: one compressed file of them is 4-14 KB
          // smaller than the dozens of tiny ones each page fetched, and rarely-shared parts stay
          // with the screens that need them (a lower count pulled those into every first load).
          // That chunk holds what four or five of the public pages load first anyway (also the
          // small app modules their screens share, each of which cost about 0.1 KB more as a
          // file of its own); shared parts that only logged-in screens use (forms, dialogs) go
          // into a chunk of their own, and those only one to three public pages use stay with
          // the chunks that need them. That took 1-3 KB off every public page's first load.
          groups: [
            {
              name: 'shared',
              test: (id: string) => firstLoads.pagesReaching(id) >= 4 && !firstLoads.isEntry(id),
              minShareCount: 4,
              priority: 5,
            },
            // The app's modules every public page loads that the entry shares with one to three
            // other chunks (theme, page title, language preference, not-found page, Instagram
            // icon): too few sharers for the group above, they were five files of their own.
            {
              name: 'shell',
              test: (id: string) => APP_SOURCE.test(id) && firstLoads.pagesReaching(id) === PUBLIC_PAGES.length && !firstLoads.isEntry(id),
              minShareCount: 2,
              priority: 5,
            },
            // The app's modules one to three public pages load first and other chunks share too:
            // one chunk for each set of pages instead of a file each (the profile loaded 15 of
            // them, a list 12), which the page's own lazy parts then find loaded. Larger sets
            // first, so a part of three pages is not pulled into a chunk of two with its importer.
            // 2-2.5 KB off the profile and the lists; screens outside the public pages that use
            // one such part load the whole set.
            ...[3, 2, 1].map((count) => ({
              name: (id: string) => (APP_SOURCE.test(id) && firstLoads.pagesReaching(id) === count ? `first-${firstLoads.pagesOf(id)}` : null),
              debugName: `first loads of ${count} public pages`,
              minShareCount: 2,
              priority: count + 1,
            })),
            { name: 'app-shared', test: (id: string) => SHARED_MODULES.test(id) && firstLoads.pagesReaching(id) === 0, minShareCount: 4, priority: 1 },
          ],
        },
      },
    },
  },
  server: {
    port: 5173,
    strictPort: true,
    proxy: {
      '/api': API,
      '/uploads': API,
      '/countries-cities-completed.json': API,
    },
  },
});
