/**
 * Several machines behind a balancer, simulated on this one (issue 29, target 5; the network is in
 * multihost-net.ts): up to three app hosts, each a network namespace running the production server,
 * behind HAProxy with deploy/haproxy.cfg as shipped, on one PostgreSQL and one Redis.
 *
 * - `multihost:hosts-{1,2,3}`: orders/s through the balancer with 1, 2 and 3 hosts (the order placement's
 *   payload, a new customer and an Idempotency-Key per order; every 201 is then found in the database
 *   exactly once), with the ratio to one host, then SSE subscribers of the tracking page spread over
 *   the hosts and the rider's update-to-event p50/p99 (an update reaches the streams of the other hosts
 *   through Redis). The machine's load (`uptime`), its busy share and each process's CPU are recorded
 *   beside each figure: on a 2-core machine three hosts, the balancer, PostgreSQL and the load generator
 *   share two cores, so read the ratios with them.
 * - `multihost:kill`: under load (diners placing orders, each retrying with the same Idempotency-Key
 *   until answered, the rider moving every 250 ms, reconnecting SSE streams), one host is SIGKILLed.
 *   Afterwards every order a diner was told is placed must exist exactly once (by key and by phone),
 *   and every stream that was on the dead host must have reconnected to another and got the latest
 *   state: its snapshot first (no older than the last update committed before it asked), then every
 *   update after it, ending on the rider's last position.
 * - `multihost:drain`: the same with SIGTERM (graceful shutdown: not ready, then the streams end with a
 *   retry hint): no request may fail at all.
 */
import { type ChildProcess, execFileSync, fork } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { rmSync, writeFileSync } from 'node:fs';
import http from 'node:http';
import { loadavg } from 'node:os';
import { join } from 'node:path';
import postgres from 'postgres';
import { config, DEMO, RESULTS_DIR, WEB_DIST } from './config.ts';
import { httpCall } from './http-call.ts';
import { busyPercent, cpuMs, type LoadFigures, load, machineTicks, round } from './load.ts';
import {
  APP_PORT,
  BALANCER_CONFIG,
  HOSTS,
  type HostNet,
  haproxyCommand,
  haproxyVersion,
  Machines,
  relayConfig,
  type ServerStat,
  serverStats,
  unavailableReason,
} from './multihost-net.ts';
import type { Connection, OpenMessage } from './multihost-sse-worker.ts';
import { expectedTotal, payload, prepare, readCode, type Setup } from './orders.ts';
import { freePort, resetDatabase, seedDemo } from './processes.ts';
import { errorText, type ScenarioResult, scenario } from './report.ts';
import { type Context, lookupContext } from './scenarios.ts';
import { orderOnItsWay, percentile, riderToken, round1 } from './tracking.ts';

const SECTION = 'multihost' as const;
export const MULTIHOST_SCENARIOS = [
  ...[1, 2, 3].map((k) => ({
    id: `multihost:hosts-${k}`,
    section: SECTION,
    title: `${k} host${k > 1 ? 's' : ''} behind HAProxy: orders/s and SSE subscribers`,
  })),
  { id: 'multihost:kill', section: SECTION, title: 'A host killed (SIGKILL) under load' },
  { id: 'multihost:drain', section: SECTION, title: 'A host stopped (SIGTERM, graceful) under load' },
];
const [HOSTS_1, HOSTS_2, HOSTS_3, KILL, DRAIN] = MULTIHOST_SCENARIOS as [
  (typeof MULTIHOST_SCENARIOS)[number],
  (typeof MULTIHOST_SCENARIOS)[number],
  (typeof MULTIHOST_SCENARIOS)[number],
  (typeof MULTIHOST_SCENARIOS)[number],
  (typeof MULTIHOST_SCENARIOS)[number],
];

const TRACKING_EVENT = 'logistics-tracking-update';
/** The rider's positions: update i is at (BASE_LAT + i × STEP, BASE_LNG + i × STEP). */
const BASE_LAT = -34.5862;
const BASE_LNG = -58.4128;
const STEP = 0.0001;
const positionAt = (i: number) => ({ lat: BASE_LAT + i * STEP, lng: BASE_LNG + i * STEP });
const SSE_UPDATES = 20;
const SSE_UPDATE_INTERVAL_MS = 300;
const SSE_WORKERS = 2;
/** While a host is lost: the rider reports every this often, and the host goes this far into the load. */
const LOSS_UPDATE_INTERVAL_MS = 250;
const LOSS_AT_SHARE = 0.25;
/** A diner gives up an order after this long without an answer (counted as unconfirmed). */
const ORDER_DEADLINE_MS = 60_000;

const now = () => Number(process.hrtime.bigint()) / 1e6;
const sleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

/** The machine's load as `uptime` prints it, and the 1-minute average as a number. */
function machineLoad(): { uptime: string; load1m: number } {
  let uptime = '';
  try {
    uptime = execFileSync('uptime', { encoding: 'utf8' }).trim();
  } catch {
    uptime = `load average: ${loadavg()
      .map((n) => n.toFixed(2))
      .join(', ')}`;
  }
  return { uptime, load1m: round1(loadavg()[0] ?? 0) };
}

// ------------------------------------------------------------------------------------ the cluster

interface Host {
  net: HostNet;
  process: ChildProcess;
  exited: Promise<void>;
}

class Cluster {
  readonly machines = new Machines();
  // one run at a time (multihost-net.ts keeps others out): a fixed path, so none is left behind
  readonly socket = '/tmp/comanda-bench-haproxy.sock';
  readonly hosts = new Map<string, Host>();
  balancerUrl = '';
  balancer: ChildProcess | null = null;
  relay: ChildProcess | null = null;
  private readonly env: NodeJS.ProcessEnv;

  constructor(private readonly log: (text: string) => void) {
    this.env = {
      ...process.env,
      NODE_ENV: 'production',
      PORT: String(APP_PORT),
      HOST: '0.0.0.0',
      WEB_DIST,
      // every host alike, as behind a real balancer
      PAYMENTS_PROVIDER: 'sandbox',
      SANDBOX_PAYMENTS_SECRET: randomBytes(24).toString('base64url'),
      MESSAGING_PROVIDER: 'SANDBOX',
      PAYMENT_CREDENTIALS_KEY: randomBytes(32).toString('base64'),
      // the bench's own keys and channels in the shared Redis
      REDIS_PREFIX: `comanda-bench-${process.pid}:`,
      // the load comes from one address (the bench's, named by the balancer's X-Forwarded-For)
      ORDER_RATE_LIMIT: '100000000',
      STREAM_RATE_LIMIT: '100000000',
    };
    for (const key of ['NOW', 'DATA_DIR', 'WORKERS', 'SHUTDOWN_DELAY_MS', 'TRUST_PROXY'])
      delete this.env[key];
  }

  async start(): Promise<void> {
    this.machines.up();
    const db = new URL(config.databaseUrl);
    const redis = new URL(config.redisUrl);
    const relayFile = join(RESULTS_DIR, 'multihost-relay.cfg');
    writeFileSync(
      relayFile,
      relayConfig({
        postgres: { host: db.hostname, port: Number(db.port || 5432) },
        redis: { host: redis.hostname, port: Number(redis.port || 6379) },
      }),
    );
    this.relay = this.machines.spawn('haproxy', ['-db', '-f', relayFile], {
      env: process.env,
      log: 'multihost-relay.log',
    });
    const port = await freePort();
    this.balancerUrl = `http://127.0.0.1:${port}`;
    this.balancer = this.machines.spawn('haproxy', ['-db', '-f', BALANCER_CONFIG], {
      env: {
        ...process.env,
        COMANDA_BIND: `127.0.0.1:${port}`,
        COMANDA_HAPROXY_SOCKET: this.socket,
        ...Object.fromEntries(HOSTS.map((h) => [`COMANDA_APP${h.n}`, `${h.inside}:${APP_PORT}`])),
      },
      log: 'multihost-haproxy.log',
    });
    // every server out of rotation until its host runs
    await this.until(async () => (await serverStats(this.socket)).length === HOSTS.length, 10_000, 'HAProxy');
    for (const h of HOSTS) await haproxyCommand(this.socket, `disable server comanda/${h.name}`);
  }

  /** Starts the server of host n in its namespace and puts it into rotation once HAProxy sees it up. */
  async startHost(net: HostNet): Promise<void> {
    const db = new URL(config.databaseUrl);
    db.hostname = net.outside;
    const redis = new URL(config.redisUrl);
    redis.hostname = net.outside;
    const env = {
      ...this.env,
      DATABASE_URL: db.toString(),
      REDIS_URL: redis.toString(),
      PUBLIC_URL: this.balancerUrl,
      // the balancer connects from this machine's end of the link
      TRUST_PROXY: net.outside,
    };
    const child = this.machines.spawn(process.execPath, ['--import', 'tsx', 'apps/server/src/main.ts'], {
      netns: net.netns,
      env,
      log: `multihost-${net.name}.log`,
    });
    const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
    this.hosts.set(net.name, { net, process: child, exited });
    const url = `http://${net.inside}:${APP_PORT}/api/health/ready`;
    await this.until(
      async () => {
        if (child.exitCode !== null) throw new Error(`${net.name} exited with code ${child.exitCode}`);
        const res = await fetch(url, { signal: AbortSignal.timeout(2000) }).catch(() => null);
        return res?.status === 200;
      },
      120_000,
      `${net.name} (${url})`,
    );
    await haproxyCommand(this.socket, `enable server comanda/${net.name}`);
    await this.until(
      async () => (await serverStats(this.socket)).find((s) => s.name === net.name)?.status === 'UP',
      20_000,
      `HAProxy seeing ${net.name} up`,
    );
    this.log(`${net.name} up in ${net.netns} at ${net.inside}:${APP_PORT} (pid ${child.pid})`);
  }

  async stats(): Promise<ServerStat[]> {
    return serverStats(this.socket);
  }

  private async until(check: () => Promise<boolean>, timeoutMs: number, what: string): Promise<void> {
    const deadline = Date.now() + timeoutMs;
    let last: unknown = null;
    while (Date.now() < deadline) {
      try {
        if (await check()) return;
      } catch (error) {
        last = error;
        if ((error as Error).message.includes('exited with code')) throw error;
      }
      await sleep(250);
    }
    throw new Error(`${what} not ready within ${timeoutMs / 1000} s${last ? ` (${errorText(last)})` : ''}`);
  }

  /**
   * Waits until the balancer holds (almost) no session: streams a client closed stay open on the
   * server side until the server next writes (its 25 s ping), and `leastconn` would send a whole next
   * measurement to the hosts that have none. Answers the seconds it took.
   */
  async settle(timeoutMs = 45_000): Promise<number> {
    const started = Date.now();
    while (Date.now() - started < timeoutMs) {
      const stats = await this.stats();
      if (stats.every((s) => s.current <= 2)) break;
      await sleep(500);
    }
    return round1((Date.now() - started) / 1000);
  }

  /** CPU time so far of each process of the cluster (ms). */
  cpu(): Record<string, number | null> {
    const out: Record<string, number | null> = {
      balancer: cpuMs(this.balancer?.pid),
      relay: cpuMs(this.relay?.pid),
    };
    for (const [name, host] of this.hosts) out[name] = cpuMs(host.process.pid);
    return out;
  }

  async stop(): Promise<string[]> {
    await this.machines.teardown();
    rmSync(this.socket, { force: true });
    return Machines.leftovers();
  }
}

/** Each process's share of one CPU between two `cpu()` readings, in percent. */
function cpuShares(
  before: Record<string, number | null>,
  after: Record<string, number | null>,
  seconds: number,
): Record<string, number | null> {
  const out: Record<string, number | null> = {};
  for (const [name, ms] of Object.entries(after)) {
    const was = before[name];
    out[name] = ms === null || was === null || was === undefined ? null : round1((ms - was) / (seconds * 10));
  }
  return out;
}

// ------------------------------------------------------------------------------------------ orders

interface Intent {
  key: string;
  phone: string;
  body: unknown;
}

function intents(ctx: Context, setup: Setup, prefix: string, run: string) {
  let n = 0;
  return (): Intent => {
    n++;
    // +54 9 11 PPNN-NNNN: a new customer per order, clear of the demo's and the other sections' numbers
    const phone = `+54911${prefix}${String(n).padStart(6, '0')}`;
    return {
      key: `mh-${run}-${prefix}-${n}`,
      phone,
      body: payload(ctx, setup, setup.linesDistinct, { phone, name: `Cliente Multihost ${prefix}-${n}` }, 0),
    };
  };
}

interface StoredOrder {
  code: string;
  phone: string;
  key: string | null;
  total: number;
}

async function storedOrders(phonePrefix: string): Promise<StoredOrder[]> {
  const sql = postgres(config.databaseUrl, { max: 1, onnotice: () => {} });
  try {
    const rows = await sql<{ code: string; phone: string; idempotency_key: string | null; total: string }[]>`
      select code, phone, idempotency_key, total from orders where phone like ${`${phonePrefix}%`}`;
    return rows.map((r) => ({
      code: r.code,
      phone: r.phone,
      key: r.idempotency_key,
      total: Number(r.total),
    }));
  } finally {
    await sql.end({ timeout: 5 });
  }
}

/** Orders/s through the balancer (autocannon), then every 201 looked for in the database. */
async function ordersThrough(cluster: Cluster, ctx: Context, setup: Setup, prefix: string, run: string) {
  const next = intents(ctx, setup, prefix, run);
  const expected = expectedTotal(setup, setup.linesDistinct, 0).total;
  const codes: string[] = [];
  const byHost: Record<string, number> = {};
  const rejections: Record<string, number> = {};
  const measure = (duration: number) =>
    load({
      url: cluster.balancerUrl,
      connections: config.connections,
      duration,
      requests: [
        {
          method: 'POST',
          path: '/api/order',
          setupRequest: (req) => {
            const intent = next();
            return {
              ...req,
              headers: { 'content-type': 'application/json', 'idempotency-key': intent.key },
              body: JSON.stringify(intent.body),
            };
          },
          onResponse: (status, body, _context, headers) => {
            const host = Object.entries(headers ?? {}).find(
              ([name]) => name.toLowerCase() === 'x-comanda-host',
            )?.[1];
            const name = typeof host === 'string' ? host : 'none';
            byHost[name] = (byHost[name] ?? 0) + 1;
            let parsed: unknown = body;
            try {
              parsed = JSON.parse(body);
            } catch {}
            const code = status === 201 ? readCode(parsed) : null;
            if (code) codes.push(code);
            else {
              const key = `${status} ${(parsed as { code?: string } | null)?.code ?? ''}`.trim();
              rejections[key] = (rejections[key] ?? 0) + 1;
            }
          },
        },
      ],
    });
  await measure(config.warmup);
  const warmCodes = codes.length;
  for (const key of Object.keys(byHost)) delete byHost[key];
  const loadBefore = machineLoad();
  const ticksBefore = machineTicks();
  const cpuBefore = cluster.cpu();
  const totalsBefore = await cluster.stats();
  const figures: LoadFigures = await measure(config.duration);
  const totalsAfter = await cluster.stats();
  // the balancer's own count of the sessions each server took meanwhile
  const balancerSessions = Object.fromEntries(
    totalsAfter.map((s) => [s.name, s.total - (totalsBefore.find((b) => b.name === s.name)?.total ?? 0)]),
  );
  const cpu = cpuShares(cpuBefore, cluster.cpu(), figures.durationSeconds);
  const busy = busyPercent(ticksBefore, machineTicks());
  const loadAfter = machineLoad();
  const accepted = codes.length - warmCodes;
  // every 201 stored exactly once, at core's total
  const stored = await storedOrders(`+54911${prefix}`);
  const storedByCode = new Map(stored.map((o) => [o.code, o]));
  const missing = codes.filter((c) => !storedByCode.has(c)).length;
  const wrongTotal = stored.filter((o) => o.total !== expected).length;
  const phones = new Map<string, number>();
  for (const o of stored) phones.set(o.phone, (phones.get(o.phone) ?? 0) + 1);
  const doubled = [...phones.values()].filter((n) => n > 1).length;
  return {
    ordersPerSec: figures.durationSeconds > 0 ? round(accepted / figures.durationSeconds) : 0,
    p50Ms: figures.p50Ms,
    p99Ms: figures.p99Ms,
    accepted,
    rejected: figures.total - accepted,
    verified: missing === 0 && doubled === 0 && wrongTotal === 0 && accepted > 0,
    missing,
    doubled,
    wrongTotal,
    // placed by requests the run stopped waiting for (at most one per connection)
    storedBeyondAnswers: stored.length - codes.length,
    byHost,
    balancerSessions,
    rejections,
    cpuPct: cpu,
    machineBusyPct: busy,
    loadBefore,
    loadAfter,
    figures,
  };
}

// --------------------------------------------------------------------------------------------- SSE

function startWorker(): ChildProcess {
  return fork(new URL('./multihost-sse-worker.ts', import.meta.url), [], {
    execArgv: ['--import', 'tsx'],
    stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
  });
}

function ask<T>(worker: ChildProcess, message: unknown, answerType: string, timeoutMs: number): Promise<T> {
  return new Promise<T>((resolve, reject) => {
    const timer = setTimeout(
      () => reject(new Error(`SSE worker: no '${answerType}' within ${timeoutMs} ms`)),
      timeoutMs,
    );
    const listener = (answer: { type: string }) => {
      if (answer.type !== answerType) return;
      clearTimeout(timer);
      worker.off('message', listener);
      resolve(answer as T);
    };
    worker.on('message', listener);
    worker.send(message as object);
  });
}

interface Ready {
  type: 'ready';
  connected: number;
  failed: number;
  errors: Record<string, number>;
  byHost: Record<string, number>;
}

function closeWorkers(workers: ChildProcess[]) {
  for (const worker of workers) {
    if (worker.connected) worker.send({ type: 'close' });
    setTimeout(() => worker.kill('SIGKILL'), 5000).unref();
  }
}

function openMessage(url: string, count: number, reconnect: boolean, positions: number): OpenMessage {
  return {
    type: 'open',
    url,
    count,
    concurrency: 50,
    event: TRACKING_EVENT,
    reconnect,
    positions,
    baseLat: BASE_LAT,
    step: STEP,
  };
}

/** A rider update through the balancer, retried (it is idempotent) when the answer is lost. */
async function moveRider(
  baseUrl: string,
  token: string,
  index: number,
  agent: http.Agent,
): Promise<{ ok: boolean; attempts: number; failures: number }> {
  let failures = 0;
  for (let attempt = 1; attempt <= 10; attempt++) {
    const answer = await httpCall(`${baseUrl}/api/rider/location`, 'PUT', {
      agent,
      headers: { authorization: `Bearer ${token}` },
      json: positionAt(index),
      timeoutMs: 10_000,
    });
    if (answer.status === 200) return { ok: true, attempts: attempt, failures };
    failures++;
    if (answer.status > 0 && answer.status < 500 && answer.status !== 429)
      return { ok: false, attempts: attempt, failures };
    await sleep(100 * attempt);
  }
  return { ok: false, attempts: 10, failures };
}

/** S streams through the balancer, then 20 rider updates timed to every stream. */
async function sseThrough(cluster: Cluster, code: string, riderPhone: string, subscribers: number) {
  const url = `${cluster.balancerUrl}/api/events/tracking/${DEMO.contactAlias}/${code}`;
  const workers = Array.from({ length: SSE_WORKERS }, startWorker);
  const agent = new http.Agent({ keepAlive: true, maxSockets: 1 });
  try {
    const token = await riderToken(riderPhone);
    // the rider somewhere known first, so the snapshot's index is defined
    await moveRider(cluster.balancerUrl, token, 0, agent);
    const share = Math.ceil(subscribers / SSE_WORKERS);
    const opening = Date.now();
    const ready = await Promise.all(
      workers.map((worker, i) =>
        ask<Ready>(
          worker,
          openMessage(url, Math.min(share, subscribers - i * share), false, 2),
          'ready',
          300_000,
        ),
      ),
    );
    const connectSeconds = (Date.now() - opening) / 1000;
    const connected = ready.reduce((n, r) => n + r.connected, 0);
    const byHost: Record<string, number> = {};
    for (const r of ready) for (const [h, n] of Object.entries(r.byHost)) byHost[h] = (byHost[h] ?? 0) + n;
    const balancerSessions = Object.fromEntries((await cluster.stats()).map((s) => [s.name, s.current]));
    const loadAtStart = machineLoad();
    const ticksBefore = machineTicks();
    const cpuBefore = cluster.cpu();
    const started = Date.now();
    const sentAt: number[] = [];
    for (let i = 1; i <= SSE_UPDATES; i++) {
      sentAt[i] = now();
      const moved = await moveRider(cluster.balancerUrl, token, i, agent);
      if (!moved.ok) throw new Error(`rider update ${i} failed`);
      await sleep(SSE_UPDATE_INTERVAL_MS);
    }
    const cpu = cpuShares(cpuBefore, cluster.cpu(), (Date.now() - started) / 1000);
    const busy = busyPercent(ticksBefore, machineTicks());
    await sleep(2000);
    const collected = await Promise.all(
      workers.map((w) => ask<{ streams: Connection[][] }>(w, { type: 'collect' }, 'streams', 60_000)),
    );
    const latencies: number[] = [];
    let missing = 0;
    let positionsChecked = 0;
    let positionsWrong = 0;
    for (const { streams } of collected) {
      for (const connections of streams) {
        const connection = connections[0];
        if (!connection || connection.snapshotAt === null) continue;
        for (let i = 1; i <= SSE_UPDATES; i++) {
          const at = connection.arrivals[i - 1];
          if (at === undefined) missing++;
          else latencies.push(at - (sentAt[i] as number));
        }
        connection.indices.forEach((index, j) => {
          positionsChecked++;
          if (index !== j + 1) positionsWrong++;
        });
      }
    }
    latencies.sort((a, b) => a - b);
    return {
      subscribers: connected,
      failed: subscribers - connected,
      connectSeconds: round1(connectSeconds),
      p50Ms: round1(percentile(latencies, 50)),
      p99Ms: round1(percentile(latencies, 99)),
      maxMs: round1(latencies.at(-1) ?? Number.NaN),
      eventsReceived: latencies.length,
      missing,
      positionsChecked,
      positionsWrong,
      byHost,
      balancerSessions,
      cpuPct: cpu,
      machineBusyPct: busy,
      load: loadAtStart,
      errors: ready.map((r) => r.errors),
    };
  } finally {
    agent.destroy();
    closeWorkers(workers);
  }
}

// ---------------------------------------------------------------------------------- a host is lost

interface DinerTally {
  confirmed: Map<string, string>;
  unconfirmed: Intent[];
  refused: Record<string, number>;
  attempts: number;
  retries: number;
  /** answers that were not the order's: network errors, 5xx, 409 while another try was in flight */
  failedRequests: Record<string, number>;
  confirmMs: number[];
}

/** One diner's order, sent again with the same key until it is answered (or ORDER_DEADLINE_MS). */
async function placeUntilAnswered(baseUrl: string, intent: Intent, agent: http.Agent, tally: DinerTally) {
  const started = now();
  for (let attempt = 1; now() - started < ORDER_DEADLINE_MS; attempt++) {
    tally.attempts++;
    if (attempt > 1) tally.retries++;
    const answer = await httpCall(`${baseUrl}/api/order`, 'POST', {
      agent,
      headers: { 'idempotency-key': intent.key },
      json: intent.body,
      timeoutMs: 15_000,
    });
    const code = answer.status === 201 || answer.status === 200 ? readCode(answer.body) : null;
    if (code) {
      tally.confirmed.set(intent.key, code);
      tally.confirmMs.push(now() - started);
      return;
    }
    const errorCode = (answer.body as { code?: string } | null)?.code ?? '';
    const kind = `${answer.status} ${errorCode}`.trim();
    if (
      answer.status > 0 &&
      answer.status < 500 &&
      !(answer.status === 409 && errorCode === 'ORDER_IN_FLIGHT')
    ) {
      tally.refused[kind] = (tally.refused[kind] ?? 0) + 1;
      return;
    }
    tally.failedRequests[kind] = (tally.failedRequests[kind] ?? 0) + 1;
    // the server's Retry-After for a key in flight is 2 s; anything else is tried again soon
    await sleep(answer.status === 409 ? 2000 : Math.min(2000, 200 * attempt));
  }
  tally.unconfirmed.push(intent);
}

async function hostLoss(
  cluster: Cluster,
  ctx: Context,
  setup: Setup,
  order: { code: string; riderPhone: string },
  how: 'SIGKILL' | 'SIGTERM',
  victimName: string,
  prefix: string,
  run: string,
  log: (text: string) => void,
) {
  const victim = cluster.hosts.get(victimName);
  if (!victim) throw new Error(`${victimName} is not running`);
  const url = `${cluster.balancerUrl}/api/events/tracking/${DEMO.contactAlias}/${order.code}`;
  const worker = startWorker();
  const riderAgent = new http.Agent({ keepAlive: true, maxSockets: 1 });
  const dinerAgent = new http.Agent({ keepAlive: true, maxSockets: config.connections });
  try {
    const token = await riderToken(order.riderPhone);
    let index = 0;
    const updates: { index: number; doneAt: number }[] = [];
    let riderFailures = 0;
    const move = async () => {
      index++;
      const i = index;
      const moved = await moveRider(cluster.balancerUrl, token, i, riderAgent);
      riderFailures += moved.failures;
      if (moved.ok) updates.push({ index: i, doneAt: now() });
    };
    await move();
    const ready = await ask<Ready>(
      worker,
      // every stream reads positions (a count, not Infinity: IPC messages are JSON)
      openMessage(url, config.multihostLossStreams, true, config.multihostLossStreams),
      'ready',
      300_000,
    );
    const onVictim = ready.byHost[victimName] ?? 0;
    log(`  ${ready.connected} streams (${JSON.stringify(ready.byHost)}); ${how} ${victimName} under load`);
    // the rider keeps moving throughout
    let riding = true;
    const rider = (async () => {
      while (riding) {
        await move();
        await sleep(LOSS_UPDATE_INTERVAL_MS);
      }
    })();
    const tally: DinerTally = {
      confirmed: new Map(),
      unconfirmed: [],
      refused: {},
      attempts: 0,
      retries: 0,
      failedRequests: {},
      confirmMs: [],
    };
    const next = intents(ctx, setup, prefix, run);
    const loadSeconds = config.multihostLossSeconds;
    const stopAt = Date.now() + loadSeconds * 1000;
    const loadBefore = machineLoad();
    const ticksBefore = machineTicks();
    const diners = Array.from({ length: config.connections }, async () => {
      while (Date.now() < stopAt) {
        const intent = next();
        await placeUntilAnswered(cluster.balancerUrl, intent, dinerAgent, tally);
      }
    });
    await sleep(loadSeconds * 1000 * LOSS_AT_SHARE);
    const lostAt = now();
    const statsBefore = await cluster.stats();
    victim.process.kill(how);
    const exitStarted = Date.now();
    await Promise.race([victim.exited, sleep(30_000)]);
    const exitSeconds = round1((Date.now() - exitStarted) / 1000);
    const exitCode = victim.process.exitCode;
    const exitSignal = victim.process.signalCode;
    await Promise.all(diners);
    const busy = busyPercent(ticksBefore, machineTicks());
    const loadAfter = machineLoad();
    // the streams that were on the lost host come back within a few seconds (their retry hint)
    await sleep(Math.max(0, 12_000 - (now() - lostAt)));
    for (let i = 0; i < 4; i++) await sleep(LOSS_UPDATE_INTERVAL_MS);
    riding = false;
    await rider;
    await sleep(2000);
    const lastIndex = updates.at(-1)?.index ?? 0;
    const { streams } = await ask<{ streams: Connection[][] }>(
      worker,
      { type: 'collect' },
      'streams',
      60_000,
    );
    const statsAfter = await cluster.stats();

    // --- the streams
    const committedBefore = (t: number) => {
      let latest = 0;
      for (const u of updates) if (u.doneAt < t && u.index > latest) latest = u.index;
      return latest;
    };
    let victimStreams = 0;
    let reconnected = 0;
    let otherStreamsDisturbed = 0;
    const reconnectMs: number[] = [];
    // from the end of its stream on the lost host to the snapshot on another: time without updates
    const withoutStreamMs: number[] = [];
    const problems: string[] = [];
    let missedState = 0;
    for (const connections of streams) {
      const first = connections[0];
      if (!first || first.snapshotAt === null) continue;
      const wasOnVictim = first.host === victimName;
      if (wasOnVictim) victimStreams++;
      else if (connections.length > 1) otherStreamsDisturbed++;
      const last = connections.filter((c) => c.snapshotAt !== null).at(-1) as Connection;
      if (wasOnVictim) {
        if (last !== first && last.host !== victimName && last.snapshotAt !== null) {
          reconnected++;
          reconnectMs.push(last.snapshotAt - lostAt);
          if (first.endedAt !== null) withoutStreamMs.push(last.snapshotAt - first.endedAt);
        } else {
          missedState++;
          if (problems.length < 5) problems.push(`a stream on ${victimName} never reconnected elsewhere`);
          continue;
        }
      }
      // every connection's snapshot is no older than the last update committed before it asked, and
      // the last connection has every update after its snapshot, ending on the last one
      let stale = false;
      for (const c of connections) {
        if (c.snapshotAt === null) continue;
        if ((c.snapshot ?? -1) < committedBefore(c.requestedAt)) stale = true;
      }
      const seen = new Set(last.indices);
      const gap = updates.some((u) => u.index > (last.snapshot ?? 0) && !seen.has(u.index));
      const final = last.indices.at(-1) ?? last.snapshot;
      if (stale || gap || final !== lastIndex) {
        missedState++;
        if (problems.length < 5)
          problems.push(
            `a stream (${first.host} → ${last.host}) ${stale ? 'got an old snapshot' : gap ? 'missed an update after its snapshot' : `ended on update ${final} of ${lastIndex}`}`,
          );
      }
    }
    reconnectMs.sort((a, b) => a - b);
    withoutStreamMs.sort((a, b) => a - b);

    // --- the orders: every order a diner was told is placed exists exactly once
    const stored = await storedOrders(`+54911${prefix}`);
    const byKey = new Map<string, StoredOrder[]>();
    const byPhone = new Map<string, number>();
    for (const o of stored) {
      if (o.key) byKey.set(o.key, [...(byKey.get(o.key) ?? []), o]);
      byPhone.set(o.phone, (byPhone.get(o.phone) ?? 0) + 1);
    }
    let lost = 0;
    for (const [key, code] of tally.confirmed) {
      const found = byKey.get(key) ?? [];
      if (found.length !== 1 || found[0]?.code !== code) lost++;
    }
    const doubled = [...byPhone.values()].filter((n) => n > 1).length;
    // placed although the diner never heard (gave up): neither lost nor doubled, but reported
    const unconfirmedStored = tally.unconfirmed.filter((i) => byKey.has(i.key)).length;
    const failedRequests = Object.values(tally.failedRequests).reduce((a, b) => a + b, 0) + riderFailures;
    const confirmMs = [...tally.confirmMs].sort((a, b) => a - b);
    const refused = Object.values(tally.refused).reduce((a, b) => a + b, 0);
    const orderProblems = [
      lost ? `${lost} confirmed orders not found exactly once` : '',
      doubled ? `${doubled} customers with two orders` : '',
      tally.unconfirmed.length ? `${tally.unconfirmed.length} orders never answered within 60 s` : '',
      refused ? `${refused} orders refused (${JSON.stringify(tally.refused)})` : '',
    ].filter(Boolean);
    const sseCaughtUp = victimStreams > 0 && reconnected === victimStreams && missedState === 0;
    const noOrderLostOrDoubled = lost === 0 && doubled === 0 && tally.confirmed.size > 0;
    return {
      metrics: {
        noOrderLostOrDoubled,
        sseCaughtUp,
        ordersConfirmed: tally.confirmed.size,
        ordersLost: lost,
        ordersDoubled: doubled,
        ordersUnconfirmed: tally.unconfirmed.length,
        ordersRefused: refused,
        retries: tally.retries,
        failedRequests,
        confirmP50Ms: round1(percentile(confirmMs, 50)),
        confirmP99Ms: round1(percentile(confirmMs, 99)),
        confirmMaxMs: round1(confirmMs.at(-1) ?? Number.NaN),
        sseStreams: ready.connected,
        sseOnLostHost: victimStreams,
        sseReconnected: reconnected,
        sseStateMissed: missedState,
        sseOtherStreamsDisturbed: otherStreamsDisturbed,
        reconnectP50Ms: round1(percentile(reconnectMs, 50)),
        reconnectMaxMs: round1(reconnectMs.at(-1) ?? Number.NaN),
        withoutStreamP50Ms: round1(percentile(withoutStreamMs, 50)),
        withoutStreamMaxMs: round1(withoutStreamMs.at(-1) ?? Number.NaN),
        load1m: loadBefore.load1m,
      },
      problems: [...orderProblems, ...problems],
      details: {
        victim: victimName,
        signal: how,
        victimExit: { code: exitCode, signal: exitSignal, seconds: exitSeconds },
        lostAfterSeconds: round1(loadSeconds * LOSS_AT_SHARE),
        loadSeconds,
        diners: config.connections,
        attempts: tally.attempts,
        failedRequestsByKind: tally.failedRequests,
        riderRequestsFailed: riderFailures,
        unconfirmedButStored: unconfirmedStored,
        storedOrders: stored.length,
        riderUpdates: updates.length,
        lastRiderUpdate: lastIndex,
        streamsAtStart: ready.byHost,
        streamsOnVictimAtStart: onVictim,
        balancerBefore: statsBefore,
        balancerAfter: statsAfter,
        uptimeBefore: loadBefore.uptime,
        uptimeAfter: loadAfter.uptime,
        machineBusyPct: busy,
        streamProblems: problems,
      },
    };
  } finally {
    riderAgent.destroy();
    dinerAgent.destroy();
    closeWorkers([worker]);
  }
}

// ----------------------------------------------------------------------------------------- section

export async function multihostSection(log: (text: string) => void): Promise<ScenarioResult[]> {
  const reason = unavailableReason();
  if (reason) {
    log(`multihost skipped: ${reason}`);
    return MULTIHOST_SCENARIOS.map((s) => scenario({ ...s, status: 'not-available', reason }));
  }
  const order = orderOnItsWay();
  if (!order) {
    const why = 'no demo order on its way with a rider';
    return MULTIHOST_SCENARIOS.map((s) => scenario({ ...s, status: 'not-available', reason: why }));
  }
  const results: ScenarioResult[] = [];
  const cluster = new Cluster(log);
  const run = randomBytes(3).toString('hex');
  let leftovers: string[] = [];
  try {
    log('multihost: a fresh demo database, namespaces, the relay to PostgreSQL and Redis, HAProxy');
    await resetDatabase(config.databaseUrl);
    await seedDemo(config.databaseUrl);
    await cluster.start();
    const common = {
      haproxy: haproxyVersion(),
      balancerConfig: 'deploy/haproxy.cfg',
      hosts: HOSTS.map((h) => `${h.name}: ${h.netns} ${h.inside}:${APP_PORT}`),
    };
    let oneHost: number | null = null;
    let ctx: Context | null = null;
    let setup: Setup | null = null;
    for (const [i, base] of [HOSTS_1, HOSTS_2, HOSTS_3].entries()) {
      const k = i + 1;
      try {
        await cluster.startHost(HOSTS[i] as HostNet);
        ctx ??= await lookupContext(cluster.balancerUrl);
        setup ??= await prepare(ctx);
        // the previous phase's streams gone from the balancer first (leastconn counts them)
        const settleSeconds = await cluster.settle();
        log(`multihost: ${k} host(s): orders`);
        const orders = await ordersThrough(cluster, ctx, setup, `4${k}`, run);
        log(
          `  ${orders.ordersPerSec} orders/s, p99 ${orders.p99Ms} ms (${JSON.stringify(orders.byHost)}; ${orders.loadBefore.uptime})`,
        );
        log(`multihost: ${k} host(s): ${config.multihostSubscribers} SSE subscribers`);
        const sse = await sseThrough(cluster, order.code, order.riderPhone, config.multihostSubscribers);
        log(`  p99 ${sse.p99Ms} ms, ${JSON.stringify(sse.byHost)} (${sse.load.uptime})`);
        if (k === 1) oneHost = orders.ordersPerSec;
        const problems = [
          orders.verified
            ? ''
            : `orders not verified (missing ${orders.missing}, doubled ${orders.doubled}, wrong total ${orders.wrongTotal})`,
          orders.rejected ? `${orders.rejected} orders refused (${JSON.stringify(orders.rejections)})` : '',
          sse.failed ? `${sse.failed} streams could not connect` : '',
          sse.missing ? `${sse.missing} events never arrived` : '',
          sse.positionsWrong ? `${sse.positionsWrong} sampled events carried another position` : '',
        ].filter(Boolean);
        results.push(
          scenario({
            ...base,
            ...(problems.length ? { status: 'error' as const, reason: problems.join('; ') } : {}),
            metrics: {
              hosts: k,
              ordersPerSec: orders.ordersPerSec,
              ratioToOneHost: oneHost ? round(orders.ordersPerSec / oneHost, 2) : null,
              p50Ms: orders.p50Ms,
              p99Ms: orders.p99Ms,
              ordersVerified: orders.verified,
              sseSubscribers: sse.subscribers,
              sseP50Ms: sse.p50Ms,
              sseP99Ms: sse.p99Ms,
              sseConnectSeconds: sse.connectSeconds,
              load1m: orders.loadBefore.load1m,
              sseLoad1m: sse.load.load1m,
            },
            details: {
              ...common,
              balancerSettleSeconds: settleSeconds,
              orders: {
                byHost: orders.byHost,
                balancerSessions: orders.balancerSessions,
                rejections: orders.rejections,
                storedBeyondAnswers: orders.storedBeyondAnswers,
                cpuPctOfOneCore: orders.cpuPct,
                machineBusyPct: orders.machineBusyPct,
                uptimeBefore: orders.loadBefore.uptime,
                uptimeAfter: orders.loadAfter.uptime,
                load: orders.figures,
              },
              sse: {
                byHost: sse.byHost,
                balancerSessions: sse.balancerSessions,
                maxMs: sse.maxMs,
                eventsReceived: sse.eventsReceived,
                positionsChecked: sse.positionsChecked,
                cpuPctOfOneCore: sse.cpuPct,
                machineBusyPct: sse.machineBusyPct,
                uptime: sse.load.uptime,
                connectErrors: sse.errors,
              },
            },
          }),
        );
      } catch (error) {
        log(`multihost: ${k} host(s) FAILED: ${errorText(error)}`);
        results.push(scenario({ ...base, status: 'error', reason: errorText(error) }));
      }
    }
    for (const [base, how, victim, prefix] of [
      [KILL, 'SIGKILL', 'app2', '51'],
      [DRAIN, 'SIGTERM', 'app3', '52'],
    ] as const) {
      try {
        if (!ctx || !setup) throw new Error('the hosts did not start');
        const settleSeconds = await cluster.settle();
        log(`multihost: ${base.title}`);
        const outcome = await hostLoss(cluster, ctx, setup, order, how, victim, prefix, run, log);
        const m = outcome.metrics;
        log(
          `  orders confirmed ${m.ordersConfirmed}, lost ${m.ordersLost}, doubled ${m.ordersDoubled}, retries ${m.retries}, failed requests ${m.failedRequests}; streams on ${victim} ${m.sseOnLostHost}, reconnected ${m.sseReconnected}, missed state ${m.sseStateMissed}`,
        );
        // a graceful stop fails no request at all; a kill fails some, which the retries cover
        const problems = [
          ...outcome.problems,
          how === 'SIGTERM' && m.failedRequests
            ? `${m.failedRequests} requests failed during a graceful stop`
            : '',
        ].filter(Boolean);
        results.push(
          scenario({
            ...base,
            ...(problems.length ? { status: 'error' as const, reason: problems.join('; ') } : {}),
            metrics: outcome.metrics,
            details: { ...common, balancerSettleSeconds: settleSeconds, ...outcome.details },
          }),
        );
      } catch (error) {
        log(`multihost: ${base.title} FAILED: ${errorText(error)}`);
        results.push(scenario({ ...base, status: 'error', reason: errorText(error) }));
      }
    }
  } catch (error) {
    log(`multihost FAILED: ${errorText(error)}`);
    for (const s of MULTIHOST_SCENARIOS)
      if (!results.some((r) => r.id === s.id))
        results.push(scenario({ ...s, status: 'error', reason: errorText(error) }));
  } finally {
    leftovers = await cluster.stop().catch((error) => [`teardown failed: ${errorText(error)}`]);
    log(
      leftovers.length
        ? `multihost: LEFT BEHIND ${leftovers.join(', ')}`
        : 'multihost: namespaces, links, HAProxy and servers removed',
    );
  }
  for (const r of results) r.details = { ...r.details, leftovers };
  return results;
}
