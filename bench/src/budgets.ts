/**
 * The budgets of DESIGN.md ("Performance budgets"), as checks on the report's scenarios.
 * 1 KB = 1000 bytes (as Vite reports sizes).
 */
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { ROOT } from './config.ts';
import { dinerPages } from './diner-pages.ts';
import type { BudgetOutcome, Metric, ScenarioResult } from './report.ts';

export interface Budget {
  id: string;
  /** The DESIGN.md line it comes from, shortened. */
  description: string;
  scenario: string;
  metric: string;
  op: '<=' | '>=' | '<' | '==';
  limit: number | boolean;
  unit?: string;
}

export const LIMITS = {
  /** DESIGN.md gives both for the menu route; issue 16 applies them to every diner page. */
  pageInitialJsKB: 150,
  pageLighthouseScore: 95,
  /**
   * Issue 29's margins on every diner page: a busy machine then still reads DESIGN.md's 95. The CI
   * bundle check (bundle-check.ts) holds the 130 KB.
   */
  targetPageInitialJsKB: 130,
  targetPageLighthouseScore: 97,
  /** "within 1.25x of a bare Fastify route": at least 1/1.25 of its throughput. */
  menuApiSlowdown: 1.25,
  ordersPerSec: 500,
  ordersP99Ms: 100,
  /** Issue 29's targets for order placement, above DESIGN.md's. */
  targetOrdersPerSec: 1000,
  targetOrdersP99Ms: 50,
  /**
   * The riders issue raises DESIGN.md's 5,000 to 10,000 subscribers on one process; issue 29 lowers
   * DESIGN.md's p99 < 200 ms to < 100 ms and asks them connected within 20 s.
   */
  sseSubscribers: 10000,
  sseP99Ms: 100,
  sseConnectSeconds: 20,
  /**
   * The console issue's: 50 boards, orders placed at 100/s, new order to board event p99 < 1 s;
   * issue 29 lowers it to < 250 ms, with the staff's sign-in and board answering meanwhile (no 503).
   */
  consoleBoards: 50,
  consoleOrdersPerSec: 100,
  consoleP99Ms: 250,
  /** The riders issue's accept storm: every one of 100 rounds of 20 riders has exactly one winner. */
  riderRounds: 100,
  riderCount: 20,
};

/** DESIGN.md's own figure, which the drift check compares (the bench asks for more: LIMITS.sseSubscribers). */
export const DESIGN_SSE_SUBSCRIBERS = 5000;
/** DESIGN.md's own SSE p99, which the drift check compares (issue 29 asks for LIMITS.sseP99Ms). */
export const DESIGN_SSE_P99_MS = 200;

const thousands = (n: number) => n.toLocaleString('en-US');

/** The diner pages' two budgets (DESIGN.md gives them for the menu; issue 16 for every diner page). */
function pageBudgets(): Budget[] {
  return dinerPages().flatMap((page): Budget[] => [
    {
      id: `${page.key}-initial-js`,
      description: `${page.key} route (${page.pattern}) initial JS ≤ ${LIMITS.pageInitialJsKB} KB gzip`,
      scenario: `bundle:${page.key}`,
      metric: 'initialJsGzipBytes',
      op: '<=',
      limit: LIMITS.pageInitialJsKB * 1000,
      unit: 'bytes',
    },
    {
      id: `${page.key}-lighthouse`,
      description: `Lighthouse mobile performance ≥ ${LIMITS.pageLighthouseScore} on ${page.key} (${page.pattern})`,
      scenario: `page:${page.key}`,
      metric: 'score',
      op: '>=',
      limit: LIMITS.pageLighthouseScore,
    },
    {
      id: `${page.key}-target-initial-js`,
      description: `${page.key} route initial JS ≤ ${LIMITS.targetPageInitialJsKB} KB gzip (issue 29's target)`,
      scenario: `bundle:${page.key}`,
      metric: 'initialJsGzipBytes',
      op: '<=',
      limit: LIMITS.targetPageInitialJsKB * 1000,
      unit: 'bytes',
    },
    {
      id: `${page.key}-target-lighthouse`,
      description: `Lighthouse mobile performance ≥ ${LIMITS.targetPageLighthouseScore} on ${page.key}, median of the runs (issue 29's target)`,
      scenario: `page:${page.key}`,
      metric: 'score',
      op: '>=',
      limit: LIMITS.targetPageLighthouseScore,
    },
  ]);
}

export const BUDGETS: Budget[] = [
  ...pageBudgets(),
  {
    id: 'menu-api-throughput',
    description: `menu API (200, cached) throughput ≥ baseline / ${LIMITS.menuApiSlowdown}`,
    scenario: 'api:menu-warm',
    metric: 'ratioToBaseline',
    op: '>=',
    limit: Math.round((1 / LIMITS.menuApiSlowdown) * 1000) / 1000,
  },
  {
    id: 'menu-api-304-throughput',
    description: `menu API (304 on If-None-Match) throughput ≥ baseline / ${LIMITS.menuApiSlowdown}`,
    scenario: 'api:menu-304',
    metric: 'ratioToBaseline',
    op: '>=',
    limit: Math.round((1 / LIMITS.menuApiSlowdown) * 1000) / 1000,
  },
  {
    id: 'orders-throughput',
    description: `order placement ≥ ${LIMITS.ordersPerSec} orders/s`,
    scenario: 'orders:distinct',
    metric: 'ordersPerSec',
    op: '>=',
    limit: LIMITS.ordersPerSec,
    unit: 'orders/s',
  },
  {
    id: 'orders-p99',
    description: `order placement p99 < ${LIMITS.ordersP99Ms} ms`,
    scenario: 'orders:distinct',
    metric: 'p99Ms',
    op: '<',
    limit: LIMITS.ordersP99Ms,
    unit: 'ms',
  },
  {
    id: 'orders-target-throughput',
    description: `order placement ≥ ${LIMITS.targetOrdersPerSec} orders/s (issue 29's target)`,
    scenario: 'orders:distinct',
    metric: 'ordersPerSec',
    op: '>=',
    limit: LIMITS.targetOrdersPerSec,
    unit: 'orders/s',
  },
  {
    id: 'orders-target-p99',
    description: `order placement p99 < ${LIMITS.targetOrdersP99Ms} ms (issue 29's target)`,
    scenario: 'orders:distinct',
    metric: 'p99Ms',
    op: '<',
    limit: LIMITS.targetOrdersP99Ms,
    unit: 'ms',
  },
  {
    id: 'orders-verified',
    description: 'every order amount verified against core',
    scenario: 'orders:distinct',
    metric: 'amountsVerified',
    op: '==',
    limit: true,
  },
  {
    id: 'points-verified',
    description: 'concurrent redemptions: no negative balance, totals verified',
    scenario: 'orders:redeem',
    metric: 'amountsVerified',
    op: '==',
    limit: true,
  },
  {
    id: 'tracking-sse-subscribers',
    description: `${thousands(LIMITS.sseSubscribers)} SSE subscribers held by one server process`,
    scenario: 'tracking:sse',
    metric: 'subscribers',
    op: '>=',
    limit: LIMITS.sseSubscribers,
  },
  {
    id: 'tracking-sse',
    description: `${thousands(LIMITS.sseSubscribers)} SSE subscribers, update-to-event p99 < ${LIMITS.sseP99Ms} ms`,
    scenario: 'tracking:sse',
    metric: 'p99Ms',
    op: '<',
    limit: LIMITS.sseP99Ms,
    unit: 'ms',
  },
  {
    id: 'tracking-sse-connect',
    description: `${thousands(LIMITS.sseSubscribers)} SSE subscribers connected within ${LIMITS.sseConnectSeconds} s`,
    scenario: 'tracking:sse',
    metric: 'connectSeconds',
    op: '<',
    limit: LIMITS.sseConnectSeconds,
    unit: 's',
  },
  {
    id: 'console-boards',
    description: `${LIMITS.consoleBoards} console boards connected to one contact's order feed`,
    scenario: 'console:boards',
    metric: 'boards',
    op: '>=',
    limit: LIMITS.consoleBoards,
  },
  {
    id: 'console-board',
    description: `${LIMITS.consoleBoards} console boards, orders at ${LIMITS.consoleOrdersPerSec}/s, new order to board event p99 < ${LIMITS.consoleP99Ms} ms`,
    scenario: 'console:boards',
    metric: 'p99Ms',
    op: '<',
    limit: LIMITS.consoleP99Ms,
    unit: 'ms',
  },
  {
    id: 'console-board-complete',
    description: 'console boards: every new order reaches every board (no missing events)',
    scenario: 'console:boards',
    metric: 'missingEvents',
    op: '==',
    limit: 0,
  },
  {
    id: 'console-staff-up',
    description: "console load: the staff's sign-in and board answer every call (no 503)",
    scenario: 'console:boards',
    metric: 'staffFailedCalls',
    op: '==',
    limit: 0,
  },
  {
    id: 'riders-one-winner',
    description: `${LIMITS.riderCount} riders accept one shipment at once: exactly one winner in all ${LIMITS.riderRounds} rounds`,
    scenario: 'riders:accept-storm',
    metric: 'singleWinnerRounds',
    op: '>=',
    limit: LIMITS.riderRounds,
  },
  {
    id: 'riders-no-5xx',
    description: `${LIMITS.riderCount}-rider accept storm: no 5xx (nor lost request)`,
    scenario: 'riders:accept-storm',
    metric: 'serverErrors',
    op: '==',
    limit: 0,
  },
  ...multihostBudgets(),
];

/** Issue 29's several hosts behind a balancer (bench/src/multihost.ts): what losing one must not do. */
function multihostBudgets(): Budget[] {
  const loss = [
    ['kill', 'a host killed (SIGKILL) under load'],
    ['drain', 'a host stopped gracefully (SIGTERM) under load'],
  ] as const;
  return loss.flatMap(([id, what]): Budget[] => [
    {
      id: `multihost-${id}-orders`,
      description: `${what}: no order lost or doubled (retries with the same Idempotency-Key)`,
      scenario: `multihost:${id}`,
      metric: 'noOrderLostOrDoubled',
      op: '==',
      limit: true,
    },
    {
      id: `multihost-${id}-sse`,
      description: `${what}: its SSE clients reconnect to another host and miss no state`,
      scenario: `multihost:${id}`,
      metric: 'sseCaughtUp',
      op: '==',
      limit: true,
    },
    ...(id === 'drain'
      ? [
          {
            id: 'multihost-drain-no-failure',
            description: `${what}: no request fails`,
            scenario: 'multihost:drain',
            metric: 'failedRequests',
            op: '==' as const,
            limit: 0,
          },
        ]
      : []),
  ]);
}

function show(value: Metric | number | boolean, unit?: string): string {
  if (typeof value !== 'number') return String(value);
  if (unit === 'bytes') return `${(value / 1000).toFixed(1)} KB`;
  const text = Number.isInteger(value) ? String(value) : value.toFixed(value < 10 ? 3 : 1);
  return unit ? `${text} ${unit}` : text;
}

function shortfall(actual: number, limit: number, unit?: string): string {
  const diff = Math.abs(actual - limit);
  const pct = limit !== 0 ? ` (${((diff / Math.abs(limit)) * 100).toFixed(1)}%)` : '';
  return `${show(diff, unit)}${pct}`;
}

export function evaluate(scenarios: ScenarioResult[]): BudgetOutcome[] {
  return BUDGETS.map((b): BudgetOutcome => {
    const base = { id: b.id, description: b.description, scenario: b.scenario, limit: b.limit };
    const s = scenarios.find((x) => x.id === b.scenario);
    if (!s) {
      const server = scenarios.find((x) => x.id === 'server' && x.status === 'error');
      if (server && !b.scenario.startsWith('bundle:')) {
        return {
          ...base,
          status: 'fail',
          message: `not measured: the server failed (${server.reason ?? ''})`,
        };
      }
      return { ...base, status: 'missing', message: 'missing: not measured in this run' };
    }
    if (s.status === 'not-available') {
      return { ...base, status: 'missing', message: `missing (not built yet): ${s.reason ?? ''}` };
    }
    if (s.status === 'error')
      return { ...base, status: 'fail', message: `scenario failed: ${s.reason ?? 'error'}` };
    const actual = s.metrics[b.metric];
    if (actual === undefined || actual === null) {
      return { ...base, status: 'fail', actual: null, message: `no ${b.metric} figure in the report` };
    }
    let ok: boolean;
    if (b.op === '==') ok = actual === b.limit;
    else if (typeof actual !== 'number' || typeof b.limit !== 'number') ok = false;
    else if (b.op === '<=') ok = actual <= b.limit;
    else if (b.op === '<') ok = actual < b.limit;
    else ok = actual >= b.limit;
    const got = `${show(actual, b.unit)} (budget ${b.op} ${show(b.limit, b.unit)})`;
    if (ok) return { ...base, status: 'pass', actual, message: got };
    let by = '';
    if (typeof actual === 'number' && typeof b.limit === 'number') {
      by = `, ${b.op.startsWith('>') ? 'short' : 'over'} by ${shortfall(actual, b.limit, b.unit)}`;
    } else if (s.reason) by = `: ${s.reason}`;
    return { ...base, status: 'fail', actual, message: `${got}${by}` };
  });
}

/**
 * The numbers above are copied from DESIGN.md; when the document is at hand (BENCH_DESIGN_MD, or a
 * DESIGN.md at or beside the repository root) a changed number is reported so this file is updated.
 */
export function designDrift(): string[] {
  const candidates = [
    process.env.BENCH_DESIGN_MD,
    join(ROOT, 'DESIGN.md'),
    join(ROOT, '../shared/DESIGN.md'),
  ];
  const file = candidates.find((f): f is string => !!f && existsSync(f));
  if (!file) return [];
  const text = readFileSync(file, 'utf8');
  const section = text.slice(text.indexOf('Performance budgets'));
  const checks: [string, RegExp, number][] = [
    ['initial JS KB', /initial JS at most ([\d.]+) KB/, LIMITS.pageInitialJsKB],
    ['Lighthouse score', /performance score at least (\d+)/, LIMITS.pageLighthouseScore],
    ['menu API slowdown', /within ([\d.]+)x of a\s+bare Fastify/, LIMITS.menuApiSlowdown],
    ['orders/s', /at least ([\d,]+) orders\/s/, LIMITS.ordersPerSec],
    ['order p99 ms', /orders\/s[\s\S]*?p99 under (\d+) ms/, LIMITS.ordersP99Ms],
    ['SSE subscribers', /([\d,]+) SSE subscribers/, DESIGN_SSE_SUBSCRIBERS],
    ['SSE p99 ms', /SSE[\s\S]*?p99 < (\d+) ms/, DESIGN_SSE_P99_MS],
  ];
  const out: string[] = [];
  for (const [name, re, mine] of checks) {
    const m = re.exec(section);
    if (!m?.[1]) out.push(`${name}: not found in ${file}`);
    else if (Number(m[1].replaceAll(',', '')) !== mine)
      out.push(`${name}: DESIGN.md says ${m[1]}, bench uses ${mine}`);
  }
  return out;
}
