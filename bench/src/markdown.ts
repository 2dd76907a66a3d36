import type { Metric, Report, ScenarioResult } from './report.ts';

const dash = '—';
const ms = (v: Metric | undefined) => (typeof v === 'number' ? `${Math.round(v)} ms` : dash);
/** autocannon records whole milliseconds: 0 means under one. */
const msFine = (v: Metric | undefined) =>
  typeof v !== 'number' ? dash : v < 1 ? '<1 ms' : `${v.toFixed(Number.isInteger(v) || v >= 10 ? 0 : 1)} ms`;
const kb = (v: Metric | undefined) => (typeof v === 'number' ? `${(v / 1000).toFixed(1)} KB` : dash);
const n = (v: Metric | undefined, digits = 0) =>
  typeof v === 'number'
    ? v.toLocaleString('en-US', { maximumFractionDigits: digits, minimumFractionDigits: digits })
    : dash;

function table(head: string[], rows: string[][]): string {
  const esc = (c: string) => c.replaceAll('|', '\\|');
  return [
    `| ${head.join(' | ')} |`,
    `| ${head.map(() => '---').join(' | ')} |`,
    ...rows.map((r) => `| ${r.map(esc).join(' | ')} |`),
  ].join('\n');
}

function statusCell(s: ScenarioResult): string {
  if (s.status === 'ok') return 'ok';
  if (s.status === 'not-available') return 'not available';
  return 'ERROR';
}

export function toMarkdown(report: Report): string {
  const by = (section: ScenarioResult['section']) => report.scenarios.filter((s) => s.section === section);
  const out: string[] = [];
  const st = report.settings as {
    duration: number;
    warmup: number;
    rounds: number;
    connections: number;
    redeemConnections: number;
  };
  out.push('# Benchmark results', '');
  out.push(
    `${report.generatedAt} · commit ${report.git.commit?.slice(0, 10) ?? '?'}${report.git.dirty ? ' (dirty)' : ''} · ` +
      `${report.machine.cpus} CPUs · Node ${report.machine.node} · ${report.machine.chromium ?? 'no browser'} · ` +
      `run took ${Math.round(report.durationSeconds)} s`,
    '',
  );

  for (const w of report.warnings ?? []) out.push(`> **Warning:** ${w}`, '');
  out.push('## Budgets (DESIGN.md)', '');
  const icon = { pass: 'PASS', fail: 'FAIL', missing: 'missing' } as const;
  out.push(
    table(
      ['budget', 'result', 'detail'],
      report.budgets.map((b) => [b.description, icon[b.status], b.message]),
    ),
    '',
  );

  const pages = by('pages');
  if (pages.length) {
    out.push('## Page speed (Lighthouse, mobile, simulated throttling unless the page says otherwise)', '');
    out.push(
      table(
        [
          'page',
          'status',
          'score',
          'FCP',
          'LCP',
          'TBT',
          'CLS',
          'transfer',
          'JS transfer',
          'initial JS (gzip)',
        ],
        pages.map((p) => {
          const m = p.metrics;
          const ok = p.status === 'ok';
          return [
            p.title,
            statusCell(p),
            ok ? n(m.score) : dash,
            ok ? ms(m.fcpMs) : dash,
            ok ? ms(m.lcpMs) : dash,
            ok ? ms(m.tbtMs) : dash,
            ok ? n(m.cls, 3) : dash,
            ok ? kb(m.totalTransferBytes) : dash,
            ok ? kb(m.jsTransferBytes) : dash,
            ok ? kb(m.initialJsGzipBytes) : dash,
          ];
        }),
      ),
      '',
    );
    const medians = pages.flatMap((p) => {
      const scores = p.details?.scores as number[] | undefined;
      const load = typeof p.details?.loadAvg1m === 'number' ? ` (load ${p.details.loadAvg1m})` : '';
      return scores && scores.length > 1 ? [`${p.id.replace('page:', '')} ${scores.join(', ')}${load}`] : [];
    });
    if (medians.length) out.push(`Scores of the runs (the median is reported): ${medians.join('; ')}.`, '');
  }

  const routes = report.routes;
  if (routes.length) {
    out.push('## Initial JS per route (gzip -9, entry + static imports + lazy route chunk)', '');
    out.push(
      table(
        ['route', 'lazy module', 'gzip', 'raw'],
        routes.map((r) => [
          r.path,
          r.lazy.map((l) => l.replace(/^src\//, '')).join(', ') || dash,
          kb(r.gzipBytes),
          kb(r.rawBytes),
        ]),
      ),
      '',
    );
  }

  const api = by('api').filter((s) => s.id !== 'api:menu-cold');
  if (api.length) {
    out.push(
      `## API throughput (autocannon, ${st.connections} connections, ${st.warmup} s warm-up, then ${st.rounds} rounds of ${Math.max(1, Math.round(st.duration / st.rounds))} s alternating server and baseline; the round with the median ratio; baseline = bare Fastify, same bytes)`,
      '',
    );
    const cpus = api.find((s) => typeof s.details?.cpus === 'string')?.details?.cpus;
    if (cpus) out.push(`CPUs: ${cpus}.`, '');
    out.push(
      table(
        [
          'endpoint',
          'status',
          'bytes',
          'req/s',
          'p50',
          'p99',
          'baseline req/s',
          'baseline p50',
          'baseline p99',
          'ratio',
          'CPU µs/req (baseline)',
          'CPU ratio',
        ],
        api.map((a) => {
          const m = a.metrics;
          const shown = a.status !== 'not-available';
          return [
            a.title,
            statusCell(a),
            shown ? n(m.bytes) : dash,
            shown ? n(m.requestsPerSec) : dash,
            shown ? msFine(m.p50Ms) : dash,
            shown ? msFine(m.p99Ms) : dash,
            shown ? n(m.baselineRequestsPerSec) : dash,
            shown ? msFine(m.baselineP50Ms) : dash,
            shown ? msFine(m.baselineP99Ms) : dash,
            shown ? n(m.ratioToBaseline, 2) : dash,
            shown ? `${n(m.cpuUsPerRequest)} (${n(m.baselineCpuUsPerRequest)})` : dash,
            shown ? n(m.cpuRatioToBaseline, 2) : dash,
          ];
        }),
      ),
      '',
    );
  }
  const cold = report.scenarios.find((s) => s.id === 'api:menu-cold');
  if (cold?.status === 'ok') {
    out.push(
      `Cold menu (first request after start, empty cache): ${msFine(cold.metrics.firstRequestMs)}; ` +
        `first request of the other order modes: ${msFine(cold.metrics.otherModesFirstMs)} on average; ` +
        `the same URL once cached: ${msFine(cold.metrics.cachedSingleRequestMs)}.`,
      '',
    );
  }

  const orders = by('orders');
  if (orders.length) {
    out.push(`## Order placement (POST /api/order, ${st.duration} s)`, '');
    out.push(
      table(
        ['scenario', 'status', 'orders/s', 'p50', 'p99', 'accepted', 'refused', 'amounts verified'],
        orders.map((o) => {
          const m = o.metrics;
          const ok = o.status === 'ok';
          return [
            o.title,
            statusCell(o),
            ok ? n(m.ordersPerSec) : dash,
            ok ? msFine(m.p50Ms) : dash,
            ok ? msFine(m.p99Ms) : dash,
            ok ? n(m.accepted) : dash,
            ok ? n(m.rejected) : dash,
            ok ? (m.amountsVerified ? 'yes' : `NO: ${o.reason ?? ''}`) : dash,
          ];
        }),
      ),
      '',
    );
    // what an order costs beside the database's floor in the same run (issue 29), with the machine's load
    const distinct = orders.find((o) => o.id === 'orders:distinct' && o.status === 'ok');
    const m = distinct?.metrics;
    if (m && typeof m.baselineOrdersPerSec === 'number')
      out.push(
        `Cost per order: server ${n(m.serverCpuMsPerOrder, 2)} ms CPU, its PostgreSQL backends ` +
          `${n(m.databaseCpuMsPerOrder, 2)} ms CPU. The same order written by a bare transaction (BEGIN, the ` +
          `order row, its items, COMMIT; same clients, same database, right after): ` +
          `${n(m.baselineOrdersPerSec)} orders/s, p99 ${msFine(m.baselineP99Ms)}; POST /api/order reaches ` +
          `${n(m.throughputOfBaseline, 3)} of it. Load average (1 min) at the start: ${n(m.load1m, 2)}.`,
        '',
      );
  }

  const tracking = by('tracking').filter((t) => t.status === 'ok');
  if (tracking.length) {
    out.push('## Live tracking (SSE)', '');
    out.push(
      table(
        [
          'subscribers',
          'updates',
          'events',
          'p50',
          'p99',
          'max',
          'rider position',
          'connect',
          'server CPU per stream opened',
          'server CPU per update',
          'readers CPU per update',
          'server RSS',
          'load 1m (connect / updates)',
          'machine busy',
        ],
        tracking.map((t) => {
          const m = t.metrics;
          const busy = t.details?.machineBusyPct;
          const cpuPerStream = t.details?.serverCpuMsPerConnection;
          const cpuPerUpdate = t.details?.serverCpuMsPerUpdate;
          const readersCpu = t.details?.workersCpuMsPerUpdate;
          const load = (v: unknown) => (typeof v === 'number' ? v.toFixed(1) : dash);
          return [
            n(m.subscribers),
            n(m.updates),
            n(m.eventsReceived),
            msFine(m.p50Ms),
            msFine(m.p99Ms),
            msFine(m.maxMs),
            typeof m.riderPositionsVerified !== 'boolean'
              ? dash
              : m.riderPositionsVerified
                ? 'in every sampled event'
                : 'MISSING',
            `${n(m.connectSeconds)} s`,
            typeof cpuPerStream === 'number' ? `${cpuPerStream} ms` : dash,
            typeof cpuPerUpdate === 'number' ? `${cpuPerUpdate} ms` : dash,
            typeof readersCpu === 'number' ? `${readersCpu} ms` : dash,
            `${n(m.serverRssMb)} MB`,
            `${load(t.details?.connectLoadAverage1m)} / ${load(t.details?.loadAverage1m)}`,
            typeof busy === 'number' ? `${busy.toFixed(0)} %` : dash,
          ];
        }),
      ),
      '',
    );
    // the floor measured in the same run: a bare node:http fan-out to the same subscribers
    for (const t of tracking) {
      const bare = t.details?.bareFanOut as
        | {
            p50Ms?: number;
            p99Ms?: number;
            cpuMsPerUpdate?: number | null;
            workersCpuMsPerUpdate?: number | null;
            loadAverage1m?: number | null;
            machineBusyPct?: number | null;
            missingEvents?: number;
            error?: string;
          }
        | null
        | undefined;
      if (!bare) continue;
      if (bare.error) {
        out.push(`Bare fan-out baseline: failed (${bare.error}).`, '');
        continue;
      }
      out.push(
        `The same subscribers and updates on a bare node:http fan-out (no auth, database or Redis; one chunk written to every socket, src/sse-baseline-server.ts), right after: p50 ${msFine(bare.p50Ms)}, p99 ${msFine(bare.p99Ms)}, its CPU ${bare.cpuMsPerUpdate ?? dash} ms and the readers' ${bare.workersCpuMsPerUpdate ?? dash} ms per update, load ${bare.loadAverage1m ?? dash}, machine busy ${typeof bare.machineBusyPct === 'number' ? bare.machineBusyPct.toFixed(0) : dash} %${bare.missingEvents ? `, ${bare.missingEvents} events missing` : ''}; the server's p99 is ${t.metrics.p99OverBare ?? dash}× the bare one.`,
        '',
      );
    }
  }

  const boards = by('console').filter((c) => c.status === 'ok');
  if (boards.length) {
    out.push(
      '## Order console (SSE boards; new order to board event, from just before the POST to the card at each board)',
      '',
    );
    out.push(
      table(
        [
          'boards',
          'orders',
          'orders/s',
          'events',
          'missing',
          'p50',
          'p99',
          'max',
          'p99 after the 201',
          'POST p50',
          'POST p99',
          'connect',
          'server RSS',
          'staff board / sign-in p99 (failed calls)',
          'server CPU per order',
          'load 1m',
          'machine busy',
        ],
        boards.map((c) => {
          const m = c.metrics;
          const d = c.details ?? {};
          return [
            n(m.boards),
            n(m.orders),
            n(m.ordersPerSec, 1),
            `${n(m.eventsReceived)} of ${n(m.eventsExpected)}`,
            n(m.missingEvents),
            msFine(m.p50Ms),
            msFine(m.p99Ms),
            msFine(m.maxMs),
            msFine(m.afterAnswerP99Ms),
            msFine(m.orderP50Ms),
            msFine(m.orderP99Ms),
            `${n(m.connectSeconds, 1)} s`,
            `${n(m.serverRssMb)} MB`,
            `${msFine(m.staffBoardP99Ms)} / ${msFine(m.staffLoginP99Ms)} (${n(m.staffFailedCalls)})`,
            typeof d.serverCpuMsPerOrder === 'number' ? `${d.serverCpuMsPerOrder} ms` : dash,
            typeof d.loadAverage1m === 'number' ? d.loadAverage1m.toFixed(1) : dash,
            typeof d.machineBusyPct === 'number' ? `${d.machineBusyPct.toFixed(0)} %` : dash,
          ];
        }),
      ),
      '',
    );
  }

  const storms = by('riders').filter((r) => r.status === 'ok');
  if (storms.length) {
    out.push(
      '## Riders: accept storm (all riders take one shipment at once; latency of every accept request)',
      '',
    );
    out.push(
      table(
        [
          'riders',
          'rounds',
          'one winner',
          '409 taken',
          'other',
          '5xx',
          'p50',
          'p99',
          'max',
          'winner p50',
          'winner p99',
          'took',
        ],
        storms.map((r) => {
          const m = r.metrics;
          return [
            n(m.riders),
            n(m.rounds),
            n(m.singleWinnerRounds),
            n(m.shipmentTaken409),
            n(m.otherAnswers),
            n(m.serverErrors),
            msFine(m.p50Ms),
            msFine(m.p99Ms),
            msFine(m.maxMs),
            msFine(m.winnerP50Ms),
            msFine(m.winnerP99Ms),
            `${n(m.seconds)} s`,
          ];
        }),
      ),
      '',
    );
  }

  const payments = by('payments').filter((p) => p.status === 'ok');
  if (payments.length) {
    out.push(
      "## Card payments against the providers' fakes (sandbox and Mercado Pago: token to paid answer; Webpay: the return that commits)",
      '',
    );
    out.push(
      table(
        [
          'scenario',
          'payments',
          'errors',
          'p50',
          'p95',
          'p99',
          'max',
          'payments/s',
          'load 1m',
          'machine busy',
        ],
        payments.map((p) => {
          const m = p.metrics;
          const busy = p.details?.machineBusyPct;
          const load = p.details?.loadAverage1m;
          return [
            p.title,
            n(m.payments),
            n(m.errors),
            msFine(m.p50Ms),
            msFine(m.p95Ms),
            msFine(m.p99Ms),
            msFine(m.maxMs),
            n(m.paymentsPerSec, 1),
            typeof load === 'number' ? load.toFixed(2) : dash,
            typeof busy === 'number' ? `${busy.toFixed(0)} %` : dash,
          ];
        }),
      ),
      '',
    );
  }

  out.push(...multihostMarkdown(by('multihost')));

  const missing = report.scenarios.filter((s) => s.status !== 'ok');
  if (missing.length) {
    out.push('## Not measured', '');
    for (const s of missing) out.push(`- \`${s.id}\` ${s.status}: ${s.reason ?? ''}`);
    out.push('');
  }
  return out.join('\n');
}

/** The multihost section (bench/src/multihost.ts): the hosts' figures, then the lost hosts. */
function multihostMarkdown(scenarios: ScenarioResult[]): string[] {
  const out: string[] = [];
  // an error (a stream refused, an order not verified) still has its figures: shown with its status
  const phases = scenarios.filter(
    (s) => s.id.startsWith('multihost:hosts-') && s.metrics.hosts !== undefined,
  );
  const losses = scenarios.filter(
    (s) => !s.id.startsWith('multihost:hosts-') && s.status !== 'not-available',
  );
  if (!phases.length && !losses.length) return out;
  const busy = (v: unknown) => (typeof v === 'number' ? `${v.toFixed(0)} %` : dash);
  const shares = (v: unknown) =>
    v && typeof v === 'object'
      ? Object.entries(v as Record<string, number>)
          .map(([host, count]) => `${host} ${count}`)
          .join(', ')
      : dash;
  out.push(
    '## Several hosts behind HAProxy (network namespaces on this machine, one PostgreSQL and Redis)',
    '',
  );
  if (phases.length) {
    out.push(
      table(
        [
          'hosts',
          'status',
          'orders/s',
          '× one host',
          'p50',
          'p99',
          'orders by host',
          'load 1m',
          'machine busy',
          'SSE streams',
          'streams by host',
          'update p50',
          'update p99',
          'connect',
          'load 1m (SSE)',
        ],
        phases.map((p) => {
          const m = p.metrics;
          const orders = p.details?.orders as Record<string, unknown> | undefined;
          const sse = p.details?.sse as Record<string, unknown> | undefined;
          return [
            n(m.hosts),
            statusCell(p),
            n(m.ordersPerSec),
            n(m.ratioToOneHost, 2),
            msFine(m.p50Ms),
            msFine(m.p99Ms),
            shares(orders?.byHost),
            n(m.load1m, 2),
            busy(orders?.machineBusyPct),
            n(m.sseSubscribers),
            shares(sse?.byHost),
            msFine(m.sseP50Ms),
            msFine(m.sseP99Ms),
            `${n(m.sseConnectSeconds, 1)} s`,
            n(m.sseLoad1m, 2),
          ];
        }),
      ),
      '',
    );
    const uptimes = phases.map((p) => {
      const orders = p.details?.orders as Record<string, unknown> | undefined;
      return `${p.metrics.hosts} host(s): ${String(orders?.uptimeBefore ?? dash)}`;
    });
    out.push(`\`uptime\` before each orders run: ${uptimes.join('; ')}.`, '');
    const cpu = phases.map((p) => {
      const orders = p.details?.orders as Record<string, unknown> | undefined;
      return `${p.metrics.hosts} host(s): ${shares(orders?.cpuPctOfOneCore)}`;
    });
    out.push(`CPU while placing orders (% of one core): ${cpu.join('; ')}.`, '');
  }
  if (losses.length) {
    out.push(
      'Reconnect: from the kill (or SIGTERM) to the snapshot on another host; without a stream: from the end of the stream on the lost host to that snapshot.',
      '',
      table(
        [
          'host lost',
          'status',
          'orders confirmed',
          'lost',
          'doubled',
          'never answered',
          'retries',
          'failed requests',
          'confirm p99',
          'confirm max',
          'streams on it',
          'reconnected',
          'missed state',
          'reconnect p50',
          'reconnect max',
          'without a stream p50',
          'without a stream max',
          'load 1m',
        ],
        losses.map((l) => {
          const m = l.metrics;
          return [
            l.title,
            statusCell(l),
            n(m.ordersConfirmed),
            n(m.ordersLost),
            n(m.ordersDoubled),
            n(m.ordersUnconfirmed),
            n(m.retries),
            n(m.failedRequests),
            msFine(m.confirmP99Ms),
            msFine(m.confirmMaxMs),
            n(m.sseOnLostHost),
            n(m.sseReconnected),
            n(m.sseStateMissed),
            msFine(m.reconnectP50Ms),
            msFine(m.reconnectMaxMs),
            msFine(m.withoutStreamP50Ms),
            msFine(m.withoutStreamMaxMs),
            n(m.load1m, 2),
          ];
        }),
      ),
      '',
    );
  }
  return out;
}
