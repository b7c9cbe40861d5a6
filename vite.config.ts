import { readdir, readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { promisify } from 'node:util';
import { brotliCompress, constants, gzip } from 'node:zlib';
import tailwindcss from '@tailwindcss/vite';
import react from '@vitejs/plugin-react';
import { defineConfig, runnerImport, type Plugin } from 'vite';

const API = 'http://127.0.0.1:3000';
const OUT_DIR = path.resolve(import.meta.dirname, 'dist/web');
const SHARED_MODULES = /src[\\/]web[\\/](ui|lib|i18n[\\/][a-z-]+\.tsx?$)|node_modules[\\/](@tanstack|lucide-react|clsx|tailwind-merge)[\\/]/;
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
 * The browser checks a new password with the server's rule, but of the 10,000 common passwords
 * only those meeting the other three rules can ever decide it: the common check runs last, and
 * lowercasing keeps letters, digits and symbols what they are. The build ships just those
 * (a handful) instead of the whole list (about 78 KB in the login and dashboard chunks).
 */
function commonPasswordsForTheBrowser(): Plugin {
  const file = path.resolve(import.meta.dirname, 'src/common/common-passwords.ts');
  let reachable: string[] = [];
  return {
    name: 'tgs-common-passwords',
    apply: 'build',
    async buildStart() {
      type Modules = [typeof import('./src/common/common-passwords'), typeof import('./src/common/password')];
      const [{ module: list }, { module: rule }] = (await Promise.all([
        runnerImport(file, { configFile: false }),
        runnerImport(path.resolve(import.meta.dirname, 'src/common/password.ts'), { configFile: false }),
      ])) as [{ module: Modules[0] }, { module: Modules[1] }];
      reachable = list.COMMON_PASSWORDS_TEXT.split('\n').filter((p) => p && rule.passwordRuleProblem(p) === null);
    },
    load(id) {
      if (id === file) return `export const COMMON_PASSWORDS_TEXT = ${JSON.stringify(`\n${reachable.join('\n')}\n`)};`;
    },
  };
}

export default defineConfig({
  root: path.resolve(import.meta.dirname, 'src/web'),
  plugins: [react(), tailwindcss(), commonPasswordsForTheBrowser(), precompress()],
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
        codeSplitting: {
          // Small shared modules (ui, lib, the translation layer, query and icon libraries) that
          // four or more chunks use go into one chunk: one compressed file of them is 4-14 KB
          // smaller than the dozens of tiny ones each page fetched, and rarely-shared parts stay
          // with the screens that need them (a lower count pulled those into every first load).
          groups: [{ name: 'shared', test: SHARED_MODULES, minShareCount: 4 }],
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
