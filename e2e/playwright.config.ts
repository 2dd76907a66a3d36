import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { defineConfig } from '@playwright/test';

/**
 * Journeys run against the production build with the demo seed, each server on a fresh embedded database.
 * Two servers: one on a Wednesday afternoon (every demo shop open) and one on a Monday (Belgrano closed).
 */
// E2E_PORT_BASE lets a second checkout run its journeys beside this one without a port clash
const PORT_BASE = Number(process.env.E2E_PORT_BASE ?? 4310);
export const WEDNESDAY = { port: PORT_BASE, now: '2026-11-18T15:00:00-03:00' };
export const MONDAY = { port: PORT_BASE + 1, now: '2026-11-16T15:00:00-03:00' };

const root = join(import.meta.dirname, '..');
const server = ({ port, now }: { port: number; now: string }) => ({
  command: `node --import tsx apps/server/src/main.ts`,
  cwd: root,
  url: `http://127.0.0.1:${port}/api/health`,
  reuseExistingServer: false,
  timeout: 120_000,
  stdout: 'ignore' as const,
  stderr: 'pipe' as const,
  env: {
    PORT: String(port),
    HOST: '127.0.0.1',
    NOW: now,
    NODE_ENV: 'test',
    DATA_DIR: mkdtempSync(join(tmpdir(), `comanda-e2e-${port}-`)),
    PUBLIC_URL: `http://127.0.0.1:${port}`,
  },
});

export default defineConfig({
  testDir: './tests',
  outputDir: './artifacts/results',
  timeout: 45_000,
  expect: { timeout: 10_000 },
  fullyParallel: false,
  workers: 1,
  retries: process.env.CI ? 1 : 0,
  reporter: [['list']],
  use: {
    baseURL: `http://127.0.0.1:${WEDNESDAY.port}`,
    viewport: { width: 390, height: 844 },
    deviceScaleFactor: 2,
    isMobile: true,
    hasTouch: true,
    locale: 'es-AR',
    timezoneId: 'America/Argentina/Buenos_Aires',
    trace: 'retain-on-failure',
    launchOptions: {
      executablePath: process.env.CHROME_PATH ?? '/usr/bin/chromium',
      args: [
        '--no-sandbox',
        '--disable-gpu',
        '--disable-background-networking',
        '--disable-component-update',
        '--no-first-run',
      ],
    },
  },
  webServer: [server(WEDNESDAY), server(MONDAY)],
});
