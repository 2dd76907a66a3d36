import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    projects: ['packages/core', 'apps/server', 'apps/web'],
    // two cores on the CI machine: PGlite is single-threaded WASM, so one worker per core
    maxWorkers: 2,
  },
});
