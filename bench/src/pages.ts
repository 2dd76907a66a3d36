/**
 * Page speed: Lighthouse (mobile form factor, default simulated throttling) in Debian's Chromium.
 * A page is measured only when it is built: its route-specific marker shows and no status screen
 * (not found, error) does.
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import { loadavg } from 'node:os';
import * as chromeLauncher from 'chrome-launcher';
import lighthouse from 'lighthouse';
import puppeteer, { type Browser } from 'puppeteer-core';
import { matchRoute, type RouteBundle } from './bundle.ts';
import { config, RESULTS_DIR } from './config.ts';
import { errorText, type ScenarioResult, scenario } from './report.ts';
import { type Context, type PageScenario, pageScenarios } from './scenarios.ts';

interface Probe {
  available: boolean;
  reason?: string;
  httpStatus: number | null;
  pageErrors: string[];
}

async function probe(browser: Browser, url: string, markers: { selectors?: string[]; texts?: string[] }) {
  const page = await browser.newPage();
  const pageErrors: string[] = [];
  page.on('pageerror', (e) => pageErrors.push(errorText(e)));
  try {
    await page.setViewport({ width: 412, height: 823, isMobile: true, deviceScaleFactor: 1.75 });
    // 'load', not network idle: the tracking page keeps its live stream open for as long as it is shown
    const response = await page.goto(url, { waitUntil: 'load', timeout: 30_000 });
    const check = (m: { selectors?: string[]; texts?: string[] }) => {
      const status = document.querySelector('.status-screen');
      // rendered text: a hidden element must not count as the page's marker
      const text = document.body?.innerText ?? '';
      const marker =
        (m.selectors ?? []).some((s) => document.querySelector(s)) ||
        (m.texts ?? []).some((t) => text.includes(t));
      return {
        status: status ? (status.querySelector('h1')?.textContent ?? 'status screen').trim() : null,
        marker,
        empty: !document.getElementById('root')?.childElementCount,
      };
    };
    // the markers may appear a moment after the network is idle (lazy route + data)
    await page
      .waitForFunction(
        (m: { selectors?: string[]; texts?: string[] }) =>
          document.querySelector('.status-screen') ||
          (m.selectors ?? []).some((s) => document.querySelector(s)) ||
          (m.texts ?? []).some((t) => document.body?.innerText.includes(t)),
        { timeout: 5000 },
        markers,
      )
      .catch(() => {});
    const state = await page.evaluate(check, markers);
    const httpStatus = response?.status() ?? null;
    let reason: string | undefined;
    if (httpStatus !== null && httpStatus >= 400) reason = `the page answers HTTP ${httpStatus}`;
    else if (state.status) reason = `the app shows the status screen "${state.status}"`;
    else if (state.empty) reason = 'the app renders nothing';
    else if (!state.marker) {
      const wanted = [...(markers.selectors ?? []), ...(markers.texts ?? []).map((t) => `"${t}"`)];
      reason = `route marker not found (${wanted.join(' or ') || 'none defined'})`;
    }
    return { available: !reason, reason, httpStatus, pageErrors } satisfies Probe;
  } finally {
    await page.close();
  }
}

/** Writes localStorage entries for the server's origin, as a diner's earlier visit would have. */
async function seedStorage(port: number, baseUrl: string, entries: Record<string, string>): Promise<void> {
  const browser = await puppeteer.connect({ browserURL: `http://127.0.0.1:${port}` });
  const page = await browser.newPage();
  try {
    await page.goto(`${baseUrl}/api/health`);
    await page.evaluate((items: Record<string, string>) => {
      for (const [key, value] of Object.entries(items)) localStorage.setItem(key, value);
    }, entries);
    // Lighthouse keeps the storage and then the HTTP cache too: clear the cache here, a cold load
    const cdp = await page.createCDPSession();
    await cdp.send('Network.clearBrowserCache');
    await cdp.detach();
  } finally {
    await page.close();
    await browser.disconnect();
  }
}

interface LighthouseFigures {
  score: number | null;
  lcpMs: number | null;
  tbtMs: number | null;
  cls: number | null;
  fcpMs: number | null;
  speedIndexMs: number | null;
  totalTransferBytes: number | null;
  jsTransferBytes: number | null;
  requests: number | null;
}

async function runLighthouse(
  port: number,
  url: string,
  saveAs: string,
  throttlingMethod: 'simulate' | 'devtools' = 'simulate',
  keepStorage = false,
): Promise<LighthouseFigures> {
  const result = await lighthouse(url, {
    port,
    output: 'json',
    logLevel: 'error',
    onlyCategories: ['performance'],
    throttlingMethod,
    // a seeded localStorage (the cart) must survive; caches are still cleared
    disableStorageReset: keepStorage,
  });
  if (!result) throw new Error('Lighthouse returned no result');
  const { lhr } = result;
  writeFileSync(saveAs, typeof result.report === 'string' ? result.report : JSON.stringify(lhr));
  if (lhr.runtimeError) throw new Error(`Lighthouse: ${lhr.runtimeError.code} ${lhr.runtimeError.message}`);
  const audit = (id: string) => lhr.audits[id]?.numericValue ?? null;
  const items = ((lhr.audits['network-requests']?.details as { items?: unknown[] } | undefined)?.items ??
    []) as { resourceType?: string; transferSize?: number }[];
  return {
    score:
      lhr.categories.performance?.score == null ? null : Math.round(lhr.categories.performance.score * 100),
    lcpMs: audit('largest-contentful-paint'),
    tbtMs: audit('total-blocking-time'),
    cls: audit('cumulative-layout-shift'),
    fcpMs: audit('first-contentful-paint'),
    speedIndexMs: audit('speed-index'),
    totalTransferBytes: audit('total-byte-weight'),
    jsTransferBytes: items
      .filter((i) => i.resourceType === 'Script')
      .reduce((sum, i) => sum + (i.transferSize ?? 0), 0),
    requests: items.length,
  };
}

/**
 * chrome-launcher's default flags, without the features config.chromeFeaturesKeptOn leaves on and with
 * config.chromeFeaturesDisabled added to its one --disable-features (Chrome keeps only the last one).
 */
function launcherFlags(): string[] {
  const keep = new Set(config.chromeFeaturesKeptOn);
  const defaults = chromeLauncher.Launcher.defaultFlags();
  const launcherDisabled = defaults
    .filter((flag) => flag.startsWith('--disable-features='))
    .flatMap((flag) => flag.slice('--disable-features='.length).split(','));
  const disabled = [...new Set([...launcherDisabled, ...config.chromeFeaturesDisabled])].filter(
    (f) => f && !keep.has(f),
  );
  return [
    ...defaults.filter((flag) => !flag.startsWith('--disable-features=')),
    ...(disabled.length ? [`--disable-features=${disabled.join(',')}`] : []),
  ];
}

function median<T>(runs: T[], key: (t: T) => number): T {
  const sorted = [...runs].sort((a, b) => key(a) - key(b));
  return sorted[Math.floor((sorted.length - 1) / 2)] as T;
}

export async function pageSpeed(
  ctx: Context,
  bundles: RouteBundle[] | null,
): Promise<{ results: ScenarioResult[]; chromium: string | null }> {
  const dir = `${RESULTS_DIR}lighthouse/`;
  mkdirSync(dir, { recursive: true });
  const chrome = await chromeLauncher.launch({
    chromePath: config.chromePath,
    chromeFlags: [...launcherFlags(), ...config.chromeFlags],
    ignoreDefaultFlags: true,
  });
  const results: ScenarioResult[] = [];
  let chromium: string | null = null;
  // BENCH_PAGES=checkout,cart measures only those pages (while working on them)
  const scenarios = pageScenarios.filter(
    (s) => !config.pages || config.pages.includes(s.id.replace(/^page:/, '')),
  );
  try {
    const browser = await puppeteer.connect({ browserURL: `http://127.0.0.1:${chrome.port}` });
    chromium = await browser.version();
    const probes = new Map<PageScenario, { url: string | null; probe: Probe | null; error?: string }>();
    for (const s of scenarios) {
      const path = s.path(ctx);
      if (!path) {
        probes.set(s, { url: null, probe: null, error: 'no demo order in the seed data' });
        continue;
      }
      const url = `${ctx.baseUrl}${path}`;
      try {
        if (s.localStorage) await seedStorage(chrome.port, ctx.baseUrl, await s.localStorage(ctx));
        probes.set(s, { url, probe: await probe(browser, url, s.markers(ctx)) });
      } catch (error) {
        probes.set(s, { url, probe: null, error: errorText(error) });
      }
    }
    await browser.disconnect();

    for (const s of scenarios) {
      const { url, probe: p, error } = probes.get(s) ?? { url: null, probe: null };
      const path = url ? url.slice(ctx.baseUrl.length) : null;
      const bundle = path && bundles ? matchRoute(bundles, path) : undefined;
      const base = {
        id: s.id,
        section: 'pages' as const,
        title: s.title,
        details: {
          url: path,
          route: bundle?.path ?? null,
          pageErrors: p?.pageErrors ?? [],
        } as Record<string, unknown>,
        metrics: { initialJsGzipBytes: bundle?.gzipBytes ?? null } as ScenarioResult['metrics'],
      };
      if (!url || !p) {
        results.push(
          scenario({
            ...base,
            status: error === 'no demo order in the seed data' ? 'not-available' : 'error',
            reason: error,
          }),
        );
        continue;
      }
      if (!p.available) {
        results.push(scenario({ ...base, status: 'not-available', reason: p.reason }));
        continue;
      }
      const runs: LighthouseFigures[] = [];
      // the shared machine's load when the page's runs start (2 CPUs: above 2 the runs wait for a CPU)
      const loadAvg1m = Math.round((loadavg()[0] ?? 0) * 100) / 100;
      try {
        const n = s.runs === 'budget' ? config.lighthouseRuns : 1;
        for (let i = 0; i < n; i++) {
          const file = `${dir}${s.id.replace(':', '-')}-${i + 1}.json`;
          if (s.localStorage) await seedStorage(chrome.port, ctx.baseUrl, await s.localStorage(ctx));
          runs.push(await runLighthouse(chrome.port, url, file, s.throttling, Boolean(s.localStorage)));
          console.log(`  ${s.id} run ${i + 1}/${n}: score ${runs.at(-1)?.score}`);
        }
      } catch (e) {
        results.push(scenario({ ...base, status: 'error', reason: errorText(e) }));
        continue;
      }
      const chosen = median(runs, (r) => r.score ?? -1);
      results.push(
        scenario({
          ...base,
          metrics: { ...base.metrics, ...chosen },
          details: { ...base.details, runs: runs.length, scores: runs.map((r) => r.score), loadAvg1m },
        }),
      );
    }
  } finally {
    chrome.kill();
  }
  return { results, chromium };
}
