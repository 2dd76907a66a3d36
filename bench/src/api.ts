/**
 * API throughput against the production server on PostgreSQL, each endpoint beside a bare Fastify
 * route answering the same bytes (a child process started in the same run).
 */
import { config, DEMO } from './config.ts';
import { alternateLoads, type LoadFigures, round } from './load.ts';
import { type BaselineRoute, pinLoadApart, startBaseline } from './processes.ts';
import { errorText, type ScenarioResult, scenario } from './report.ts';
import { type ApiScenario, apiScenarios, type Context, describe, isMissingRoute } from './scenarios.ts';

async function timed(url: string, headers: Record<string, string> = {}) {
  const start = performance.now();
  const res = await fetch(url, { headers });
  const body = await res.arrayBuffer();
  return { ms: round(performance.now() - start), status: res.status, bytes: body.byteLength };
}

/**
 * Cold menu: the first menu requests after the server started (its menu cache is empty), one per
 * order mode, then the same URL again (cached) for contrast. Must run before anything loads a menu.
 */
export async function coldMenu(ctx: Context): Promise<ScenarioResult> {
  const base = {
    id: 'api:menu-cold',
    section: 'api' as const,
    title: 'Menu (cold: first request after start)',
  };
  try {
    const url = (modeId: number) => `${ctx.baseUrl}/api/diner/${DEMO.contactAlias}/menu/${modeId}`;
    const first = await timed(url(ctx.deliveryModeId));
    if (first.status === 404)
      return scenario({ ...base, status: 'not-available', reason: 'menu endpoint answers 404' });
    if (first.status !== 200)
      return scenario({ ...base, status: 'error', reason: `menu answered ${first.status}` });
    const others: number[] = [];
    for (const m of ctx.modes.filter((m) => m.id !== ctx.deliveryModeId))
      others.push((await timed(url(m.id))).ms);
    const again = await timed(url(ctx.deliveryModeId));
    return scenario({
      ...base,
      metrics: {
        firstRequestMs: first.ms,
        otherModesFirstMs: others.length ? round(others.reduce((a, b) => a + b, 0) / others.length) : null,
        cachedSingleRequestMs: again.ms,
        bytes: first.bytes,
      },
      details: { otherModesMs: others },
    });
  } catch (error) {
    return scenario({ ...base, status: 'error', reason: errorText(error) });
  }
}

interface Prepared {
  s: ApiScenario;
  path: string;
  headers: Record<string, string>;
  baseline: BaselineRoute;
  bytes: number;
}

/** Headers Node writes per response or connection by itself; the baseline must not copy them. */
const PER_CONNECTION_HEADERS = new Set([
  'date',
  'connection',
  'keep-alive',
  'content-length',
  'transfer-encoding',
  'content-type', // the baseline sets it with the body
  'content-encoding',
]);
const IDENTITY = { 'accept-encoding': 'identity' };

function summarize(f: LoadFigures) {
  return {
    requestsPerSec: f.requestsPerSec,
    p50Ms: f.p50Ms,
    p99Ms: f.p99Ms,
  };
}

export async function apiThroughput(ctx: Context, serverPid?: number): Promise<ScenarioResult[]> {
  const results: ScenarioResult[] = [];
  const prepared: Prepared[] = [];
  for (const s of apiScenarios) {
    const path = s.path(ctx);
    const base = { id: s.id, section: 'api' as const, title: s.title, details: { path } };
    try {
      // the real answer: availability, and the exact bytes the baseline will send
      // identity, as autocannon asks: the baseline must send the very bytes the load run receives
      const first = await fetch(`${ctx.baseUrl}${path}`, { headers: IDENTITY });
      const firstBody = await first.text();
      const headers = s.headers?.(first.headers) ?? {};
      const res = Object.keys(headers).length
        ? await fetch(`${ctx.baseUrl}${path}`, { headers: { ...IDENTITY, ...headers } })
        : null;
      const status = res?.status ?? first.status;
      const body = res ? await res.text() : firstBody;
      let parsed: unknown = body;
      try {
        parsed = JSON.parse(body);
      } catch {}
      if (isMissingRoute(status, parsed) || status === 404) {
        results.push(
          scenario({ ...base, status: 'not-available', reason: `${path} answers 404 (${describe(parsed)})` }),
        );
        continue;
      }
      if (status !== s.expectStatus) {
        results.push(
          scenario({
            ...base,
            status: 'error',
            reason: `${path} answered ${status}, expected ${s.expectStatus}`,
          }),
        );
        continue;
      }
      // the same response on the wire: the real answer's headers too (for a 304 they are all of it)
      const baselineHeaders: Record<string, string> = {};
      for (const [name, value] of (res ?? first).headers) {
        if (!PER_CONNECTION_HEADERS.has(name)) baselineHeaders[name] = value;
      }
      prepared.push({
        s,
        path,
        headers,
        bytes: Buffer.byteLength(body),
        baseline: { path: `/baseline/${prepared.length}`, status, body, headers: baselineHeaders },
      });
    } catch (error) {
      results.push(scenario({ ...base, status: 'error', reason: errorText(error) }));
    }
  }
  if (!prepared.length) return results;

  const baseline = await startBaseline(prepared.map((p) => p.baseline));
  const pinning = pinLoadApart([serverPid, baseline.process.pid]);
  if (pinning.description) console.log(`  ${pinning.description}`);
  try {
    for (const p of prepared) {
      const id = p.s.id;
      try {
        console.log(`  ${id}: server and baseline, ${config.rounds} alternating rounds…`);
        const figures = await alternateLoads(
          { url: `${ctx.baseUrl}${p.path}`, headers: p.headers, pid: serverPid },
          { url: `${baseline.baseUrl}${p.baseline.path}`, pid: baseline.process.pid },
        );
        const { server, baseline: bare, ratio } = figures;
        // every round's answers count: one bad status anywhere is an error
        const statusCodes: Record<string, number> = {};
        for (const r of figures.rounds) {
          for (const [code, n] of Object.entries(r.server.statusCodes))
            statusCodes[code] = (statusCodes[code] ?? 0) + n;
        }
        const errors = figures.rounds.reduce((sum, r) => sum + r.server.errors, 0);
        const timeouts = figures.rounds.reduce((sum, r) => sum + r.server.timeouts, 0);
        const unexpected = Object.entries(statusCodes)
          .filter(([code]) => Number(code) !== p.s.expectStatus)
          .reduce((sum, [, n]) => sum + n, 0);
        const problems = [
          unexpected ? `${unexpected} answers other than ${p.s.expectStatus}` : '',
          errors ? `${errors} connection errors` : '',
          timeouts ? `${timeouts} timeouts` : '',
        ].filter(Boolean);
        results.push(
          scenario({
            id,
            section: 'api',
            title: p.s.title,
            status: problems.length ? 'error' : 'ok',
            ...(problems.length ? { reason: problems.join(', ') } : {}),
            metrics: {
              ...summarize(server),
              baselineRequestsPerSec: bare.requestsPerSec,
              baselineP50Ms: bare.p50Ms,
              baselineP99Ms: bare.p99Ms,
              ratioToBaseline: ratio,
              cpuUsPerRequest: server.cpuUsPerRequest,
              baselineCpuUsPerRequest: bare.cpuUsPerRequest,
              cpuRatioToBaseline: figures.cpuRatio,
              bytes: p.bytes,
            },
            details: {
              path: p.path,
              cpus: pinning.description ?? 'shared (not pinned)',
              server: { ...server },
              baseline: { ...bare },
              rounds: figures.rounds.map((r) => ({
                serverRequestsPerSec: r.server.requestsPerSec,
                baselineRequestsPerSec: r.baseline.requestsPerSec,
                ratio: r.ratio,
              })),
            },
          }),
        );
      } catch (error) {
        results.push(
          scenario({ id, section: 'api', title: p.s.title, status: 'error', reason: errorText(error) }),
        );
      }
    }
  } finally {
    pinning.release();
    await baseline.stop();
  }
  return apiScenarios.flatMap((s) => results.filter((r) => r.id === s.id));
}
