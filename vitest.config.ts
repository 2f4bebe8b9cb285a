import { availableParallelism } from 'node:os';
import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    // vitest's default is one worker fewer than the cores, a single one on the 2-core CI machine, where the
    // files wait on PGlite, PostgreSQL and each other: two workers ran the PGlite step in 273 s instead of
    // 354 s and the PostgreSQL one in 93 s instead of 115 s (each file has its own database copy).
    maxWorkers: Math.max(2, availableParallelism() - 1),
    projects: [
      { test: { name: 'shared', root: 'packages/shared', environment: 'node', include: ['src/**/*.test.ts'] } },
      {
        test: {
          name: 'server',
          root: 'apps/server',
          environment: 'node',
          include: ['src/**/*.test.ts'],
          // The migrated and seeded database every file clones (src/test/database-template.ts).
          globalSetup: ['./src/test/database-template.ts'],
          testTimeout: 30000,
          hookTimeout: 60000,
          pool: 'forks',
          isolate: false,
        },
      },
      {
        extends: './apps/web/vite.config.ts',
        test: {
          name: 'web',
          root: 'apps/web',
          environment: 'jsdom',
          include: ['src/**/*.test.{ts,tsx}'],
          setupFiles: ['./src/test/setup.ts'],
          testTimeout: 20000,
        },
      },
    ],
  },
});
