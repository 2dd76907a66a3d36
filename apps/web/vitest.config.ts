import { defineConfig } from 'vitest/config';

// Pure web modules (conversions, storage, URL parsing) run under Node; screens are covered by e2e/.
export default defineConfig({ test: { name: 'web', include: ['src/**/*.test.ts'] } });
