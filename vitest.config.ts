import { createRequire } from 'node:module';
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
        // The icons' ES build is a barrel of some 6,300 modules, which Node loads one by one for every test file
        // (2 s each time); their CommonJS build is one file (0.4 s). The app's build keeps the ES one, tree-shaken.
        resolve: { alias: { '@tabler/icons-react': createRequire(import.meta.url).resolve('@tabler/icons-react') } },
        test: {
          name: 'web',
          root: 'apps/web',
          environment: 'jsdom',
          include: ['src/**/*.test.{ts,tsx}'],
          setupFiles: ['./src/test/setup.ts'],
          testTimeout: 20000,
          // Each file in a VM context of its own (its own window, document and modules) inside long-lived workers,
          // instead of a new process per file that loads jsdom again: 183 s → 60 s for the 81 files, every file as
          // isolated from the others as before.
          pool: 'vmThreads',
        },
      },
    ],
  },
});
