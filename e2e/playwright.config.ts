import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { defineConfig } from '@playwright/test';
import { e2ePortBase, fakeProviders } from './global-setup.ts';

/**
 * Journeys run against the production build with the demo seed, each server on a fresh embedded database.
 * Two servers: one on a Wednesday afternoon (every demo shop open) and one on a Monday (Belgrano closed).
 *
 * Each worker drives a pair of its own, so the orders, sign-ins and rate limits of the journeys in one
 * worker never reach another's: worker n (its parallel index, 0 to WORKERS - 1) uses ports
 * PORT_BASE + 2n (Wednesday) and PORT_BASE + 2n + 1 (Monday). Playwright sets TEST_PARALLEL_INDEX in a
 * worker before it loads this file; the runner itself (no index) starts every pair. The runner also
 * starts the fake payment providers (PORT_BASE + 90 and + 91, global-setup.ts) and one Chilean server
 * shared by the workers (PORT_BASE + 92, CHILE below).
 */
// E2E_PORT_BASE lets a second checkout run its journeys beside this one without a port clash
const PORT_BASE = e2ePortBase();
// two workers on the two-core CI machine; E2E_WORKERS changes it (not --workers, which starts no servers)
const WORKERS = Number(process.env.E2E_WORKERS ?? 2);
const IN_WORKER = process.env.TEST_PARALLEL_INDEX !== undefined;
const PARALLEL_INDEX = Number(process.env.TEST_PARALLEL_INDEX ?? 0);
if (!(PARALLEL_INDEX < WORKERS))
  throw new Error(`worker ${PARALLEL_INDEX} has no servers: set E2E_WORKERS instead of --workers`);

const pairOf = (index: number) => ({
  wednesday: { port: PORT_BASE + 2 * index, now: '2026-11-18T15:00:00-03:00' },
  monday: { port: PORT_BASE + 2 * index + 1, now: '2026-11-16T15:00:00-03:00' },
});
/** This worker's servers (in the runner, the first pair's). */
export const WEDNESDAY = pairOf(PARALLEL_INDEX).wednesday;
export const MONDAY = pairOf(PARALLEL_INDEX).monday;
/** The fake payment providers every server is pointed at (global-setup.ts starts them in the runner). */
export const FAKES = fakeProviders(PORT_BASE);

/**
 * An owner for La Casona Providencia (Chile, CLP: the demo shop Webpay can charge), whose demo has no
 * staff. One more server, shared by the workers, for the journeys that need it: before it starts, its
 * database gets the demo and this account the way an operator gives a business its first owner,
 * `npm run seed` then `npm run staff:create` (seeded before the server's start, so its demo orders are
 * dated from the real clock, not NOW: the Wednesday pairs keep theirs).
 */
export const LACASONA_OWNER = {
  email: 'duena@lacasona.cl',
  password: 'lacasona-2026',
  name: 'Dueña La Casona',
};
export const CHILE = { port: PORT_BASE + 92, now: '2026-11-18T15:00:00-03:00' };

const root = join(import.meta.dirname, '..');
/** A journeys' server; `before` runs first in its shell (on its fresh database), with `env` too. */
const server = (
  { port, now }: { port: number; now: string },
  { before = [], env = {} }: { before?: string[]; env?: Record<string, string> } = {},
) => ({
  command: [...before, `node --import tsx apps/server/src/main.ts`].join(' && '),
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
    // made by the runner, which starts the servers (a worker only reads their ports)
    DATA_DIR: IN_WORKER ? '' : mkdtempSync(join(tmpdir(), `comanda-e2e-${port}-`)),
    PUBLIC_URL: `http://127.0.0.1:${port}`,
    MERCADO_PAGO_BASE_URL: FAKES.mercadoPago.url,
    TRANSBANK_ENVIRONMENT_URL: FAKES.transbank.url,
    ...env,
  },
});

export default defineConfig({
  testDir: './tests',
  outputDir: './artifacts/results',
  // generous for a shared two-core machine: a journey that takes 18 s alone took 46 s beside the other
  // worker on a slow day (2026-11-26); a broken journey still fails, only later
  timeout: 90_000,
  expect: { timeout: 20_000 },
  fullyParallel: false,
  workers: WORKERS,
  retries: process.env.CI ? 1 : 0,
  reporter: [['list']],
  globalSetup: './global-setup.ts',
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
  webServer: [
    ...Array.from({ length: WORKERS }, (_, index) => [
      server(pairOf(index).wednesday),
      server(pairOf(index).monday),
    ]).flat(),
    server(CHILE, {
      before: [
        'node --import tsx apps/server/src/db/seed-cli.ts',
        `node --import tsx apps/server/src/features/console/staff-create-cli.ts --branch lacasona --role OWNER --email ${LACASONA_OWNER.email} --name '${LACASONA_OWNER.name}'`,
      ],
      env: { STAFF_PASSWORD: LACASONA_OWNER.password },
    }),
  ],
});
