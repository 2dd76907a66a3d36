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
import type { Child } from './processes.ts';
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

  const workers = Array.from({ length: WORKERS }, startWorker);
  try {
    const token = await riderToken(order.riderPhone);
    const rssBefore = rssMb(server.process.pid);
    const connectCpuBefore = cpuMs(server.process.pid);
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
    const connectCpuAfter = cpuMs(server.process.pid);
    const connected = ready.reduce((n, r) => n + (r.connected ?? 0), 0);
    const failures = ready.reduce((n, r) => n + (r.failed ?? 0), 0);
    const rssConnected = rssMb(server.process.pid);

    // the rider moves: each update is timed from just before its request
    const sentAt: number[] = [];
    const answerMs: number[] = [];
    // how busy the shared machine was meanwhile, and what the updates cost the server
    const load1m = loadavg()[0] ?? null;
    const ticksBefore = machineTicks();
    const serverCpuBefore = cpuMs(server.process.pid);
    const workersCpuBefore = workers.map((w) => cpuMs(w.pid));
    for (let i = 0; i < UPDATES; i++) {
      const started = Number(process.hrtime.bigint()) / 1e6;
      sentAt.push(started);
      const res = await fetch(`${ctx.baseUrl}/api/rider/location`, {
        method: 'PUT',
        headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
        body: JSON.stringify(positionAt(i)),
      });
      await res.arrayBuffer();
      if (res.status !== 200) throw new Error(`PUT /api/rider/location answered ${res.status}`);
      answerMs.push(Number(process.hrtime.bigint()) / 1e6 - started);
      await new Promise((r) => setTimeout(r, UPDATE_INTERVAL_MS));
    }
    const ticksAfter = machineTicks();
    const serverCpuAfter = cpuMs(server.process.pid);
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
    // the tracking page shows the rider only on the way to the drop-off: the events must still carry
    // the position just sent (update i, i-th event after the snapshot)
    const sampledPositions = collected.flatMap((c) => c.positions ?? []);
    let positionsChecked = 0;
    let positionsWrong = 0;
    const wrongSamples: string[] = [];
    for (const positions of sampledPositions) {
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
    return scenario({
      ...base,
      ...(problems.length ? { status: 'error' as const, reason: problems.join('; ') } : {}),
      metrics: {
        subscribers: connected,
        updates: UPDATES,
        eventsReceived: latencies.length,
        p50Ms: round1(percentile(latencies, 50)),
        p99Ms: round1(percentile(latencies, 99)),
        maxMs: round1(latencies.at(-1) ?? Number.NaN),
        updateRequestP50Ms: round1(
          percentile(
            [...answerMs].sort((a, b) => a - b),
            50,
          ),
        ),
        riderPositionsVerified: positionsChecked > 0 && positionsWrong === 0,
        connectSeconds: round1(connectSeconds),
        serverRssMb: rssConnected,
      },
      details: {
        order: order.code,
        failures,
        connectErrors: ready.map((r) => r.errors ?? {}),
        serverRssBeforeMb: rssBefore,
        intervalMs: UPDATE_INTERVAL_MS,
        workers: WORKERS,
        positionsChecked,
        positionsWrong,
        // during the updates: the machine's 1-minute load average at their start, the share of both
        // CPUs busy (the server, the workers, this process and whatever else runs on the machine), and
        // the server's CPU time per update (a fan-out to every subscriber)
        loadAverage1m: load1m === null ? null : round1(load1m),
        machineBusyPct: busyPercent(ticksBefore, ticksAfter),
        // while the streams opened: the machine's load then, and the server's CPU per stream opened
        // (its lookup, snapshot and headers), a figure the shared machine's load hardly moves
        connectLoadAverage1m: connectLoad1m === null ? null : round1(connectLoad1m),
        serverCpuMsPerConnection:
          connectCpuBefore === null || connectCpuAfter === null || connected === 0
            ? null
            : Math.round(((connectCpuAfter - connectCpuBefore) / connected) * 100) / 100,
        serverCpuMsPerUpdate:
          serverCpuBefore === null || serverCpuAfter === null
            ? null
            : round1((serverCpuAfter - serverCpuBefore) / UPDATES),
        // what reading the events cost the subscribers' processes, which share the same two cores
        workersCpuMsPerUpdate: workersCpuSpent(workersCpuBefore, workersCpuAfter),
      },
    });
  } catch (error) {
    return scenario({ ...base, status: 'error', reason: errorText(error) });
  } finally {
    for (const worker of workers) {
      if (worker.connected) worker.send({ type: 'close' });
      setTimeout(() => worker.kill('SIGKILL'), 5000).unref();
    }
  }
}
