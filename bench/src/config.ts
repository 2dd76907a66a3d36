import { cpus } from 'node:os';
import { resolve, sep } from 'node:path';
import { fileURLToPath } from 'node:url';

/** Repository root (bench/ sits directly below it). */
export const ROOT = fileURLToPath(new URL('../../', import.meta.url));
/**
 * Where a run writes its report, server log and Lighthouse reports; `BENCH_RESULTS_DIR` moves it (two
 * runs at once on the shared machine then do not overwrite each other's files).
 */
export const RESULTS_DIR = process.env.BENCH_RESULTS_DIR
  ? `${resolve(process.env.BENCH_RESULTS_DIR)}${sep}`
  : fileURLToPath(new URL('../results/', import.meta.url));
/**
 * The bench builds the web app into its own folder (same `vite build`, other outDir) and points the
 * server at it, so a concurrent `npm run build` cannot swap the assets in the middle of a run.
 */
export const WEB_DIST = `${RESULTS_DIR}web-dist`;

function num(name: string, fallback: number): number {
  const raw = process.env[name];
  if (raw === undefined || raw === '') return fallback;
  const value = Number(raw);
  if (!Number.isFinite(value) || value <= 0)
    throw new Error(`${name} must be a positive number, got "${raw}"`);
  return value;
}

export type Section =
  | 'bundle'
  | 'api'
  | 'pages'
  | 'tracking'
  | 'console'
  | 'riders'
  | 'orders'
  | 'payments'
  | 'multihost';
const SECTIONS: Section[] = [
  'bundle',
  'api',
  'pages',
  'tracking',
  'console',
  'riders',
  'orders',
  'payments',
  'multihost',
];

function sections(): Section[] {
  const raw = process.env.BENCH_ONLY;
  if (!raw) return SECTIONS;
  const wanted = raw.split(',').map((s) => s.trim());
  const unknown = wanted.filter((s) => !SECTIONS.includes(s as Section));
  if (unknown.length) throw new Error(`BENCH_ONLY: unknown section(s) ${unknown.join(', ')}`);
  return wanted as Section[];
}

/** Everything tunable comes from the environment; defaults keep `npm run bench` near 5 minutes. */
export const config = {
  /** Seconds of each autocannon measurement. */
  duration: num('BENCH_DURATION', 10),
  /** Seconds of the warm-up run before each measurement. */
  warmup: num('BENCH_WARMUP', 2),
  /**
   * API scenarios alternate server and baseline this many times (each round BENCH_DURATION / rounds
   * seconds), so a change of load on the shared machine hits both sides of a ratio alike.
   */
  rounds: Math.max(1, Math.round(num('BENCH_ROUNDS', 9))),
  connections: Math.round(num('BENCH_CONNECTIONS', 20)),
  /** Clients of the "50 clients redeeming one customer's points" scenario. */
  redeemConnections: Math.round(num('BENCH_REDEEM_CONNECTIONS', 50)),
  /** SSE subscribers of the live-tracking scenario (the riders issue's budget: 10,000 on one process). */
  sseSubscribers: Math.round(num('BENCH_SSE_SUBSCRIBERS', 10000)),
  /** The tracking scenario also measures the bare fan-out floor (sse-baseline-server.ts); 0 leaves it out. */
  sseBaseline: process.env.BENCH_SSE_BASELINE !== '0',
  /** Order-console boards (SSE streams of one contact's order feed) of the console scenario. */
  consoleBoards: Math.round(num('BENCH_CONSOLE_BOARDS', 50)),
  /** Orders per second placed while the boards watch (for 10 s). */
  consoleOrderRate: num('BENCH_CONSOLE_RATE', 100),
  /** Lighthouse runs of each budgeted diner page (the median score is reported and checked). */
  lighthouseRuns: Math.round(num('BENCH_LH_RUNS', 3)),
  /** Only these pages (`menu,checkout`, the ids without `page:`) in the pages section; all when unset. */
  pages: process.env.BENCH_PAGES ? process.env.BENCH_PAGES.split(',').map((p) => p.trim()) : null,
  chromePath: process.env.CHROME_PATH || '/usr/bin/chromium',
  chromeFlags: [
    '--headless=new',
    '--no-sandbox',
    '--disable-gpu',
    '--disable-background-networking',
    '--disable-component-update',
    '--no-first-run',
  ],
  /**
   * Features chrome-launcher turns off that the bench leaves on, as Chrome ships them (pages.ts takes
   * them out of chrome-launcher's --disable-features). RenderDocument: chrome-launcher 1.2 turns it off
   * for Lighthouse's own CI (Lighthouse PR 16363); then a navigation keeps the about:blank page's
   * compositor frame sink, whose BeginFrames headless Chrome has slowed to one a second, and the page's
   * first paint waits for the next one. The observed first paint of one static HTML page with five
   * stylesheets came out at 0.2, 1.2 or 2.2 s from run to run (ready at 0.3 s), and Lantern turns that
   * into a simulated FCP, LCP and speed index seconds late (Lighthouse issue 17148, PSI too). With
   * RenderDocument on, every run paints at once, and a page that showed no delay scores the same.
   * BENCH_LAUNCHER_FEATURES=1 keeps chrome-launcher's list as it is.
   */
  chromeFeaturesKeptOn: process.env.BENCH_LAUNCHER_FEATURES === '1' ? [] : ['RenderDocument'],
  /**
   * Features of Chrome's own window the runs turn off, added to chrome-launcher's --disable-features
   * (Chrome keeps only the last such flag, so they must go in the same list). Chromium 156 builds the
   * desktop omnibox popup's WebUI (chrome://omnibox-popup.top-chrome and its AI-mode page) for every
   * new window, headless too: about 1.3 CPU-s per window on the CI machine, while the measured page
   * loads beside it. No phone does that. BENCH_LAUNCHER_FEATURES=1 leaves them on.
   */
  chromeFeaturesDisabled:
    process.env.BENCH_LAUNCHER_FEATURES === '1' ? [] : ['WebUIOmniboxPopup', 'WebUIOmniboxAimPopup'],
  databaseUrl: process.env.BENCH_DATABASE_URL || 'postgres://postgres@127.0.0.1:5432/comanda_bench',
  /** Redis for the multihost section's servers (their shared bus and limits, under a prefix of the run's own). */
  redisUrl: process.env.BENCH_REDIS_URL || 'redis://127.0.0.1:6379',
  /** SSE streams of the tracking page held through the balancer with 1, 2 and 3 hosts. */
  multihostSubscribers: Math.round(num('BENCH_MULTIHOST_SSE', 2000)),
  /** SSE streams (reconnecting, as EventSource does) watching while a host is lost. */
  multihostLossStreams: Math.round(num('BENCH_MULTIHOST_LOSS_SSE', 600)),
  /** Seconds of orders placed while a host is lost (it goes a quarter of the way in). */
  multihostLossSeconds: num('BENCH_MULTIHOST_LOSS_SECONDS', 20),
  skipBuild: process.env.BENCH_SKIP_BUILD === '1',
  sections: sections(),
  cpus: cpus().length,
};

/** The demo business every scenario uses (apps/server/src/db/demo/sabores.json). */
export const DEMO = {
  contactAlias: 'donmateo-palermo',
  modeSegment: 'Delivery',
  /** Where the branch-contact list is asked from (Palermo). */
  lat: -34.585,
  lng: -58.42,
  loyaltyPhone: '+5491155550101',
};
