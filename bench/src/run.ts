/**
 * `npm run bench`: builds the web app, starts the production server on a fresh PostgreSQL database,
 * and measures bundle size, page speed, API throughput, live updates and order placement, writing
 * results/latest.json and results/latest.md. Not part of `npm test`.
 */
import { execFileSync, spawnSync } from 'node:child_process';
import { mkdirSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { apiThroughput, coldMenu } from './api.ts';
import { evaluate } from './budgets.ts';
import { matchRoute, type RouteBundle, routeBundles } from './bundle.ts';
import { config, RESULTS_DIR, ROOT, WEB_DIST } from './config.ts';
import { consoleBoards } from './console.ts';
import { type DinerPage, dinerPages } from './diner-pages.ts';
import { toMarkdown } from './markdown.ts';
import { multihostSection } from './multihost.ts';
import { orderPlacement } from './orders.ts';
import { pageSpeed } from './pages.ts';
import { cardPayments, type PaymentFakes, startPaymentFakes } from './payments.ts';
import { type Child, startProductionServer } from './processes.ts';
import { errorText, type Report, type ScenarioResult, scenario } from './report.ts';
import { riderStorm } from './riders.ts';
import { lookupContext, pageScenarios } from './scenarios.ts';
import { liveTracking } from './tracking.ts';

const started = Date.now();
const log = (text: string) =>
  console.log(`[bench ${((Date.now() - started) / 1000).toFixed(0).padStart(3)} s] ${text}`);
const scenarios: ScenarioResult[] = [];
let routes: RouteBundle[] | null = null;
let chromium: string | null = null;
const warnings: string[] = [];

function git(): Report['git'] {
  try {
    const commit = execFileSync('git', ['rev-parse', 'HEAD'], { cwd: ROOT, encoding: 'utf8' }).trim();
    const dirty =
      execFileSync('git', ['status', '--porcelain'], { cwd: ROOT, encoding: 'utf8' }).trim() !== '';
    return { commit, dirty };
  } catch {
    return { commit: null, dirty: null };
  }
}

function sectionError(
  ids: { id: string; section: ScenarioResult['section']; title: string }[],
  error: unknown,
) {
  for (const s of ids) {
    if (!scenarios.some((x) => x.id === s.id))
      scenarios.push(scenario({ ...s, status: 'error', reason: errorText(error) }));
  }
}

mkdirSync(RESULTS_DIR, { recursive: true });
let buildOk = true;
if (!config.skipBuild) {
  log(`building the web app into ${WEB_DIST}`);
  rmSync(WEB_DIST, { recursive: true, force: true });
  const build = spawnSync(
    join(ROOT, 'node_modules/.bin/vite'),
    ['build', '--outDir', WEB_DIST, '--emptyOutDir'],
    {
      cwd: join(ROOT, 'apps/web'),
      encoding: 'utf8',
    },
  );
  if (build.status !== 0) {
    buildOk = false;
    console.error(build.stdout, build.stderr);
    warnings.push(
      `the web build failed: ${(build.stderr || build.stdout).trim().split('\n').slice(-3).join(' ')}`,
    );
    log('web build FAILED: bundle and page figures are skipped');
  }
}

// the initial JS of every diner page (its own budget each: 150 KB gzip)
const bundlePages = dinerPages();
const bundleIdOf = (page: DinerPage) => ({
  id: `bundle:${page.key}`,
  section: 'bundle' as const,
  title: `Initial JS of the ${page.key} route (${page.pattern})`,
});
const bundleScenarios = bundlePages.map(bundleIdOf);
if (buildOk) {
  try {
    routes = routeBundles();
    for (const page of bundlePages) {
      const ids = bundleIdOf(page);
      const route = page.path ? matchRoute(routes, page.path) : undefined;
      if (!config.sections.includes('bundle')) continue;
      if (!page.path) {
        scenarios.push(
          scenario({ ...ids, status: 'not-available', reason: 'no demo order in the seed data' }),
        );
        continue;
      }
      if (!route) {
        scenarios.push(
          scenario({ ...ids, status: 'error', reason: `no route of router.tsx matches ${page.path}` }),
        );
        continue;
      }
      scenarios.push(
        scenario({
          ...ids,
          status: route.missing.length ? 'error' : 'ok',
          ...(route.missing.length
            ? { reason: `lazy module(s) not in the manifest: ${route.missing.join(', ')}` }
            : {}),
          metrics: { initialJsGzipBytes: route.gzipBytes, initialJsRawBytes: route.rawBytes },
          details: { route: route.path, files: route.files },
        }),
      );
      log(`${page.key} route initial JS: ${(route.gzipBytes / 1000).toFixed(1)} KB gzip`);
    }
  } catch (error) {
    // no web build (BENCH_SKIP_BUILD without one) fails the bundle only when the bundle was asked for
    if (config.sections.includes('bundle')) sectionError(bundleScenarios, error);
  }
} else sectionError(bundleScenarios, new Error('the web build failed'));

let server: Child | null = null;
let paymentFakes: PaymentFakes | null = null;
// only the bundle or multihost (which starts its own servers): the one production server is not started
class NoOneServer extends Error {}
try {
  if (!config.sections.some((s) => s !== 'bundle' && s !== 'multihost')) throw new NoOneServer();
  if (config.sections.includes('payments')) {
    // the server is started once for every section: with the fakes' URLs when they are measured
    paymentFakes = await startPaymentFakes();
    log(
      `payment providers' fakes: Mercado Pago ${paymentFakes.mercadoPago.baseUrl}, Transbank ${paymentFakes.transbank.baseUrl}`,
    );
  }
  log('starting the production server on a fresh database');
  server = await startProductionServer(paymentFakes?.serverOptions);
  const ctx = await lookupContext(server.baseUrl);
  log(
    `server at ${server.baseUrl}; contact ${ctx.contactId}, branch ${ctx.branchId}, mode ${ctx.deliveryModeId}`,
  );

  if (config.sections.includes('api')) {
    // before anything else asks for a menu: the server's menu cache is still empty
    scenarios.push(await coldMenu(ctx));
    log('API throughput');
    scenarios.push(...(await apiThroughput(ctx, server.process.pid)));
  }
  if (config.sections.includes('pages')) {
    log('page speed');
    if (buildOk) {
      try {
        const pages = await pageSpeed(ctx, routes);
        scenarios.push(...pages.results);
        chromium = pages.chromium;
      } catch (error) {
        sectionError(
          pageScenarios.map((p) => ({ id: p.id, section: 'pages', title: p.title })),
          error,
        );
      }
    } else {
      sectionError(
        pageScenarios.map((p) => ({ id: p.id, section: 'pages', title: p.title })),
        new Error('the web build failed'),
      );
    }
  }
  if (config.sections.includes('tracking')) {
    log('live tracking (SSE)');
    scenarios.push(await liveTracking(ctx, server));
  }
  if (config.sections.includes('console')) {
    // before the order placement: its thousands of orders would swell every board's first snapshot
    log('order console boards (SSE)');
    scenarios.push(await consoleBoards(ctx, server));
  }
  if (config.sections.includes('riders')) {
    // before the order placement too: its orders stay on the console's board
    log('riders: accept storm');
    scenarios.push(await riderStorm(ctx));
  }
  if (config.sections.includes('orders')) {
    log('order placement');
    scenarios.push(...(await orderPlacement(ctx, server.process.pid)));
  }
  if (config.sections.includes('payments')) {
    // last: it connects other payment accounts for a while (the demo's sandbox ones again at its end)
    log("card payments against the providers' fakes");
    scenarios.push(...(await cardPayments(ctx, server, paymentFakes)));
  }
} catch (error) {
  if (!(error instanceof NoOneServer)) {
    log(`FAILED: ${errorText(error)}`);
    scenarios.push(
      scenario({
        id: 'server',
        section: 'api',
        title: 'Production server',
        status: 'error',
        reason: errorText(error),
      }),
    );
  }
} finally {
  if (server?.unexpectedExit) {
    warnings.push(
      `the production server exited during the run (${server.unexpectedExit}): figures after that are invalid`,
    );
  }
  await server?.stop();
  await paymentFakes?.close();
}
if (config.sections.includes('multihost')) {
  // last and alone: its hosts, balancer and load take the whole machine (the one server has stopped)
  log('several hosts behind HAProxy (network namespaces)');
  scenarios.push(...(await multihostSection(log)));
}
const report: Report = {
  generatedAt: new Date().toISOString(),
  durationSeconds: (Date.now() - started) / 1000,
  git: git(),
  machine: {
    cpus: config.cpus,
    node: process.version,
    chromium,
    platform: `${process.platform} ${process.arch}`,
  },
  settings: {
    duration: config.duration,
    warmup: config.warmup,
    rounds: config.rounds,
    connections: config.connections,
    redeemConnections: config.redeemConnections,
    lighthouseRuns: config.lighthouseRuns,
    consoleBoards: config.consoleBoards,
    consoleOrderRate: config.consoleOrderRate,
    sseSubscribers: config.sseSubscribers,
    multihostSubscribers: config.multihostSubscribers,
    multihostLossStreams: config.multihostLossStreams,
    multihostLossSeconds: config.multihostLossSeconds,
    sections: config.sections,
  },
  routes: (routes ?? []).map((r) => ({
    path: r.path,
    lazy: r.lazy,
    gzipBytes: r.gzipBytes,
    rawBytes: r.rawBytes,
  })),
  scenarios,
  budgets: evaluate(scenarios),
  warnings,
};
writeFileSync(join(RESULTS_DIR, 'latest.json'), `${JSON.stringify(report, null, 2)}\n`);
const markdown = toMarkdown(report);
writeFileSync(join(RESULTS_DIR, 'latest.md'), markdown);
console.log(`\n${markdown}`);
log(`wrote ${join(RESULTS_DIR, 'latest.json')} and latest.md`);
