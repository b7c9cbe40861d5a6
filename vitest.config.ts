import { availableParallelism } from 'node:os';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vitest/config';

// Vitest's default leaves one core free, which is one worker on a two-core machine: the files
// ran one after another and the suite took 18 minutes. The tests are parallel-safe (each app has
// a database of its own), and much of their time is spent waiting on PostgreSQL and sharp.
const workers = Math.max(2, availableParallelism() - 1);

// Server test files share one module graph per worker (isolate: false): each file importing the
// whole app anew cost more than its tests. Files that measure the process's memory need a
// process of their own, where no other file's heap is counted (the heap-kept test also turns on
// V8's gc() for itself, which no shared worker should carry).
const ISOLATED = [
  'src/server/modules/gallery/uploads.memory.test.ts',
  'src/server/modules/gallery/uploads.concurrency.test.ts',
  'src/server/lib/metrics/heap-kept.test.ts',
];

export default defineConfig({
  plugins: [react()],
  test: {
    maxWorkers: workers,
    projects: [
      {
        extends: true,
        test: {
          name: 'server',
          environment: 'node',
          include: ['src/server/**/*.test.ts', 'src/common/**/*.test.ts', 'scripts/**/*.test.ts'],
          exclude: ISOLATED,
          testTimeout: 30_000,
          hookTimeout: 60_000,
          globalSetup: ['src/server/test/global-setup.ts'],
          isolate: false,
        },
      },
      {
        extends: true,
        test: {
          name: 'server-isolated',
          environment: 'node',
          include: ISOLATED,
          testTimeout: 30_000,
          hookTimeout: 60_000,
          globalSetup: ['src/server/test/global-setup.ts'],
        },
      },
      {
        extends: true,
        test: {
          name: 'web',
          environment: 'jsdom',
          include: ['src/web/**/*.test.{ts,tsx}'],
          setupFiles: ['src/web/test/setup.ts'],
        },
      },
    ],
  },
});
