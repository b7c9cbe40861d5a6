import { availableParallelism } from 'node:os';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vitest/config';

// Vitest's default leaves one core free, which is one worker on a two-core machine: the files
// ran one after another and the suite took 18 minutes. The tests are parallel-safe (each app has
// a database of its own), and much of their time is spent waiting on PostgreSQL and sharp.
const workers = Math.max(2, availableParallelism() - 1);

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
