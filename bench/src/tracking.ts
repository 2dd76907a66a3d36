/**
 * Live tracking (DESIGN.md: 5,000 SSE subscribers on one process; position update to event received
 * p99 < 200 ms). Subscribers are held by child processes (sse-worker.ts) on the tracking page's
 * stream of the demo order that is on its way; the rider's phone then reports positions through
 * `PUT /api/rider/location`, and each update is timed from just before the request to its arrival
 * at every subscriber.
 */
import { type ChildProcess, fork } from 'node:child_process';
import { createHash, randomBytes } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { loadavg } from 'node:os';
import postgres from 'postgres';
import { config, DEMO, ROOT } from './config.ts';
import { busyPercent, cpuMs, machineTicks } from './load.ts';
import { type Child, startSseBaseline } from './processes.ts';
import { errorText, type ScenarioResult, scenario } from './report.ts';
import { type Context, getJson, trackingScenario } from './scenarios.ts';
import type { Position } from './sse-worker.ts';

const EVENT = 'logistics-tracking-update';
const UPDATES = 20;
const UPDATE_INTERVAL_MS = 300;
const WORKERS = 2;
/** Streams per worker whose events are read for the rider's position (the rest are only timed). */
const SAMPLED_STREAMS = 2;
/** The positions the rider reports, one per update. */
const positionAt = (i: number) => ({ lat: -34.5862 + i * 0.0001, lng: -58.4128 + i * 0.0001 });

interface OnItsWay {
  code: string;
  riderPhone: string;
}

/** The demo order whose shipment is on its way with a rider (apps/server/src/db/demo/sabores.json). */
export function orderOnItsWay(): OnItsWay | null {
  const demo = JSON.parse(readFileSync(`${ROOT}apps/server/src/db/demo/sabores.json`, 'utf8')) as {
    branches: {
      contacts: {
        alias: string;
        orders?: { code: string; shipment?: { status: string; rider?: string } }[];
      }[];
    }[];
  };
  const contact = demo.branches.flatMap((b) => b.contacts).find((c) => c.alias === DEMO.contactAlias);
  const order = contact?.orders?.find(
    (o) => o.shipment?.rider && o.shipment.status === 'ON_ROUTE_TO_DROP_OFF',
  );
  return order?.shipment?.rider ? { code: order.code, riderPhone: order.shipment.rider } : null;
}

/** A bearer token for the rider, written the way the server stores them (only its SHA-256). */
export async function riderToken(phone: string): Promise<string> {
  const token = randomBytes(32).toString('base64url');
  const hash = createHash('sha256').update(token).digest('hex');
  const sql = postgres(config.databaseUrl, { max: 1, onnotice: () => {} });
  try {
    const [rider] = await sql<{ id: number }[]>`select id from riders where phone = ${phone} limit 1`;
    if (!rider) throw new Error(`no rider with phone ${phone} in the demo data`);
    await sql`insert into auth_sessions (token_hash, face, subject_id, created_at, expires_at)
      values (${hash}, 'RIDER', ${rider.id}, now(), now() + interval '1 day')`;
    return token;
  } finally {
    await sql.end({ timeout: 5 });
  }
}

export interface WorkerAnswer {
  type: string;
  connected?: number;
  failed?: number;
  errors?: Record<string, number>;
  arrivals?: number[][];
  /** Sampled streams: the rider's position each update carried. */
  positions?: Position[][];
}

function startWorker(): ChildProcess {
  return fork(new URL('./sse-worker.ts', import.meta.url), [], {
    execArgv: ['--import', 'tsx'],
    stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
  });
}

export function ask<T extends { type: string } = WorkerAnswer>(
  worker: ChildProcess,
  message: unknown,
  answerType: string,
  timeoutMs: number,
) {
  return new Promise<T>((resolve, reject) => {
    const timer = setTimeout(
      () => reject(new Error(`SSE worker: no '${answerType}' within ${timeoutMs} ms`)),
      timeoutMs,
    );
    const listener = (answer: T) => {
      if (answer.type !== answerType) return;
      clearTimeout(timer);
      worker.off('message', listener);
      resolve(answer);
    };
    worker.on('message', listener);
    worker.send(message as object);
  });
}

/** The workers' CPU time per update, together; null when a figure is missing. */
function workersCpuSpent(before: (number | null)[], after: (number | null)[]): number | null {
  let total = 0;
  for (let i = 0; i < before.length; i++) {
    const [b, a] = [before[i], after[i]];
    if (b === null || b === undefined || a === null || a === undefined) return null;
    total += a - b;
  }
  return round1(total / UPDATES);
}

export function percentile(sorted: number[], p: number): number {
  if (sorted.length === 0) return Number.NaN;
  const index = Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1);
  return sorted[Math.max(0, index)] as number;
}

export const round1 = (n: number) => Math.round(n * 10) / 10;

export function rssMb(pid: number | undefined): number | null {
  if (!pid) return null;
  try {
    const status = readFileSync(`/proc/${pid}/status`, 'utf8');
    const kb = /VmRSS:\s+(\d+)/.exec(status)?.[1];
    return kb ? Math.round(Number(kb) / 1024) : null;
  } catch {
    return null;
  }
}

/** One fan-out measured: subscribers opened on `streamUrl`, then UPDATES updates sent by `update`. */
interface FanOutRun {
  connected: number;
  failures: number;
  connectErrors: Record<string, number>[];
  connectSeconds: number;
  /** The publishing process's CPU while the streams opened, and during the updates. */
  connectCpuMs: number | null;
  updatesCpuMs: number | null;
  connectLoad1m: number | null;
  load1m: number | null;
  busyPct: number | null;
  workersCpuMsPerUpdate: number | null;
  /** Update-to-event times of every stream and update, sorted. */
  latencies: number[];
  missing: number;
  /** Sampled streams: the rider's position each update carried. */
  positions: Position[][];
  answerMs: number[];
}

async function runFanOut(
  streamUrl: string,
  publisherPid: number | undefined,
  update: (i: number) => Promise<void>,
): Promise<FanOutRun> {
  const workers = Array.from({ length: WORKERS }, startWorker);
  try {
    const connectCpuBefore = cpuMs(publisherPid);
    const connectLoad1m = loadavg()[0] ?? null;
    const opening = Date.now();
    const share = Math.ceil(config.sseSubscribers / WORKERS);
    const ready = await Promise.all(
      workers.map((worker, i) =>
        ask(
          worker,
          {
            type: 'open',
            url: streamUrl,
            count: Math.min(share, config.sseSubscribers - i * share),
            concurrency: 50,
            event: EVENT,
            sample: SAMPLED_STREAMS,
          },
          'ready',
          180_000,
        ),
      ),
    );
    const connectSeconds = (Date.now() - opening) / 1000;
    const connectCpuAfter = cpuMs(publisherPid);

    // the rider moves: each update is timed from just before its request
    const sentAt: number[] = [];
    const answerMs: number[] = [];
    // how busy the shared machine was meanwhile, and what the updates cost the publisher
    const load1m = loadavg()[0] ?? null;
    const ticksBefore = machineTicks();
    const cpuBefore = cpuMs(publisherPid);
    const workersCpuBefore = workers.map((w) => cpuMs(w.pid));
    for (let i = 0; i < UPDATES; i++) {
      const started = Number(process.hrtime.bigint()) / 1e6;
      sentAt.push(started);
      await update(i);
      answerMs.push(Number(process.hrtime.bigint()) / 1e6 - started);
      await new Promise((r) => setTimeout(r, UPDATE_INTERVAL_MS));
    }
    const ticksAfter = machineTicks();
    const cpuAfter = cpuMs(publisherPid);
    const workersCpuAfter = workers.map((w) => cpuMs(w.pid));
    await new Promise((r) => setTimeout(r, 2000));

    const collected = await Promise.all(workers.map((w) => ask(w, { type: 'collect' }, 'arrivals', 60_000)));
    const latencies: number[] = [];
    let missing = 0;
    for (const { arrivals = [] } of collected) {
      for (const stream of arrivals) {
        for (let i = 0; i < UPDATES; i++) {
          const at = stream[i];
          const sent = sentAt[i] as number;
          if (at === undefined) missing++;
          else latencies.push(at - sent);
        }
      }
    }
    latencies.sort((a, b) => a - b);
    return {
      connected: ready.reduce((n, r) => n + (r.connected ?? 0), 0),
      failures: ready.reduce((n, r) => n + (r.failed ?? 0), 0),
      connectErrors: ready.map((r) => r.errors ?? {}),
      connectSeconds,
      connectCpuMs:
        connectCpuBefore === null || connectCpuAfter === null ? null : connectCpuAfter - connectCpuBefore,
      updatesCpuMs: cpuBefore === null || cpuAfter === null ? null : cpuAfter - cpuBefore,
      connectLoad1m,
      load1m,
      busyPct: busyPercent(ticksBefore, ticksAfter),
      workersCpuMsPerUpdate: workersCpuSpent(workersCpuBefore, workersCpuAfter),
      latencies,
      missing,
      positions: collected.flatMap((c) => c.positions ?? []),
      answerMs,
    };
  } finally {
    for (const worker of workers) {
      if (worker.connected) worker.send({ type: 'close' });
      setTimeout(() => worker.kill('SIGKILL'), 5000).unref();
    }
  }
}

/**
 * The same subscribers and updates against the bare fan-out (sse-baseline-server.ts), after the
 * server's run: what writing one event to every stream costs on this machine, readers included.
 */
async function bareFanOut() {
  const bare = await startSseBaseline(EVENT);
  try {
    const run = await runFanOut(`${bare.baseUrl}/stream`, bare.process.pid, async (i) => {
      const { lat, lng } = positionAt(i);
      const res = await fetch(`${bare.baseUrl}/publish?lat=${lat}&lng=${lng}`, { method: 'PUT' });
      await res.arrayBuffer();
      if (res.status !== 200) throw new Error(`the bare server's publish answered ${res.status}`);
    });
    const lost = run.missing + (config.sseSubscribers - run.connected);
    return {
      subscribers: run.connected,
      ...(lost ? { missingEvents: lost } : {}),
      p50Ms: round1(percentile(run.latencies, 50)),
      p99Ms: round1(percentile(run.latencies, 99)),
      maxMs: round1(run.latencies.at(-1) ?? Number.NaN),
      connectSeconds: round1(run.connectSeconds),
      cpuMsPerUpdate: run.updatesCpuMs === null ? null : round1(run.updatesCpuMs / UPDATES),
      workersCpuMsPerUpdate: run.workersCpuMsPerUpdate,
      loadAverage1m: run.load1m === null ? null : round1(run.load1m),
      machineBusyPct: run.busyPct,
    };
  } finally {
    await bare.stop();
  }
}

export async function liveTracking(ctx: Context, server: Child): Promise<ScenarioResult> {
  const base = { ...trackingScenario, section: 'tracking' as const };
  const order = orderOnItsWay();
  if (!order)
    return scenario({ ...base, status: 'not-available', reason: 'no demo order on its way with a rider' });
  const streamUrl = `${ctx.baseUrl}/api/events/tracking/${DEMO.contactAlias}/${order.code}`;
  const probe = await getJson(
    `${ctx.baseUrl}/api/logisticsorder/tracking/${DEMO.contactAlias}/${order.code}`,
  );
  if (probe.status === 404 && typeof probe.body === 'object' && /ruta/.test(JSON.stringify(probe.body)))
    return scenario({ ...base, status: 'not-available', reason: 'the tracking endpoint does not exist' });

  try {
    const token = await riderToken(order.riderPhone);
    const rssBefore = rssMb(server.process.pid);
    let rssConnected: number | null = null;
    const run = await runFanOut(streamUrl, server.process.pid, async (i) => {
      if (i === 0) rssConnected = rssMb(server.process.pid);
      const res = await fetch(`${ctx.baseUrl}/api/rider/location`, {
        method: 'PUT',
        headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
        body: JSON.stringify(positionAt(i)),
      });
      await res.arrayBuffer();
      if (res.status !== 200) throw new Error(`PUT /api/rider/location answered ${res.status}`);
    });
    const { connected, latencies, missing } = run;
    // the floor on this machine, in the same run (BENCH_SSE_BASELINE=0 leaves it out)
    const bare = config.sseBaseline
      ? await bareFanOut().catch((error: unknown) => ({ error: errorText(error) }))
      : null;
    // the tracking page shows the rider only on the way to the drop-off: the events must still carry
    // the position just sent (update i, i-th event after the snapshot)
    let positionsChecked = 0;
    let positionsWrong = 0;
    const wrongSamples: string[] = [];
    for (const positions of run.positions) {
      for (let i = 0; i < UPDATES; i++) {
        const got = positions[i];
        if (got === undefined) continue; // counted as missing above
        positionsChecked++;
        const want = positionAt(i);
        if (!got || Math.abs(got.lat - want.lat) > 1e-7 || Math.abs(got.lng - want.lng) > 1e-7) {
          positionsWrong++;
          if (wrongSamples.length < 3)
            wrongSamples.push(`update ${i + 1}: ${got ? `${got.lat}, ${got.lng}` : 'no rider'}`);
        }
      }
    }
    const problems = [
      positionsChecked === 0 ? 'no event was read for the rider position' : '',
      positionsWrong
        ? `${positionsWrong} of ${positionsChecked} sampled events lack the rider position sent (${wrongSamples.join('; ')})`
        : '',
      connected < config.sseSubscribers
        ? `${config.sseSubscribers - connected} of ${config.sseSubscribers} subscribers could not connect`
        : '',
      missing ? `${missing} events never arrived` : '',
    ].filter(Boolean);
    const p99Ms = round1(percentile(latencies, 99));
    return scenario({
      ...base,
      ...(problems.length ? { status: 'error' as const, reason: problems.join('; ') } : {}),
      metrics: {
        subscribers: connected,
        updates: UPDATES,
        eventsReceived: latencies.length,
        p50Ms: round1(percentile(latencies, 50)),
        p99Ms,
        maxMs: round1(latencies.at(-1) ?? Number.NaN),
        updateRequestP50Ms: round1(
          percentile(
            [...run.answerMs].sort((a, b) => a - b),
            50,
          ),
        ),
        riderPositionsVerified: positionsChecked > 0 && positionsWrong === 0,
        connectSeconds: round1(run.connectSeconds),
        serverRssMb: rssConnected,
        // the server's p99 over the bare fan-out's, measured right after it (1 = at the floor)
        ...(bare && 'p99Ms' in bare && bare.p99Ms > 0
          ? { bareP99Ms: bare.p99Ms, p99OverBare: Math.round((p99Ms / bare.p99Ms) * 100) / 100 }
          : {}),
      },
      details: {
        order: order.code,
        failures: run.failures,
        connectErrors: run.connectErrors,
        serverRssBeforeMb: rssBefore,
        intervalMs: UPDATE_INTERVAL_MS,
        workers: WORKERS,
        positionsChecked,
        positionsWrong,
        // during the updates: the machine's 1-minute load average at their start, the share of both
        // CPUs busy (the server, the workers, this process and whatever else runs on the machine), and
        // the server's CPU time per update (a fan-out to every subscriber)
        loadAverage1m: run.load1m === null ? null : round1(run.load1m),
        machineBusyPct: run.busyPct,
        // while the streams opened: the machine's load then, and the server's CPU per stream opened
        // (its lookup, snapshot and headers), a figure the shared machine's load hardly moves
        connectLoadAverage1m: run.connectLoad1m === null ? null : round1(run.connectLoad1m),
        serverCpuMsPerConnection:
          run.connectCpuMs === null || connected === 0
            ? null
            : Math.round((run.connectCpuMs / connected) * 100) / 100,
        serverCpuMsPerUpdate: run.updatesCpuMs === null ? null : round1(run.updatesCpuMs / UPDATES),
        // what reading the events cost the subscribers' processes, which share the same two cores
        workersCpuMsPerUpdate: run.workersCpuMsPerUpdate,
        // the same subscribers and updates on a bare node:http fan-out (sse-baseline-server.ts)
        bareFanOut: bare,
      },
    });
  } catch (error) {
    return scenario({ ...base, status: 'error', reason: errorText(error) });
  }
}
