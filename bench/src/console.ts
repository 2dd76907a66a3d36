/**
 * The order console's live board (issue: new order to board event p99 < 1 s with 50 boards connected
 * while orders are placed at 100/s). The boards are held by a child process (console-worker.ts) on
 * the demo contact's order feed, signed in once as its staff; orders are then placed at a steady
 * rate through `POST /api/order`, and each is timed from just before its request to the arrival of
 * its card (`console-order`, matched by the order's code) at every board.
 */
import { type ChildProcess, fork } from 'node:child_process';
import { loadavg } from 'node:os';
import { config, DEMO } from './config.ts';
import { busyPercent, cpuMs, machineTicks } from './load.ts';
import { payload, prepare, readCode, type Setup } from './orders.ts';
import type { Child } from './processes.ts';
import { errorText, type ScenarioResult, scenario } from './report.ts';
import { type Context, describe, isMissingRoute, orderEndpointAvailable } from './scenarios.ts';
import { ask, percentile, round1, rssMb } from './tracking.ts';

const STAFF = { email: 'encargado@donmateo.com.ar', password: 'donmateo2026' };
const SESSION_COOKIE = 'staff_session';
const SNAPSHOT_EVENT = 'console-board';
const ORDER_EVENT = 'console-order';
/** Seconds of steady placement. */
const SECONDS = 10;
/** Orders placed one at a time before the measurement (catalogue caches, first cards); not timed. */
const WARMUP_ORDERS = 10;
/** How long the cards may still take after the last order was answered. */
const DRAIN_MS = 10_000;
/** While orders are placed, the staff's own calls: the board every this many ms, a sign-in every STAFF_LOGIN_MS. */
const STAFF_BOARD_MS = 500;
const STAFF_LOGIN_MS = 2000;

const now = () => Number(process.hrtime.bigint()) / 1e6;
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

interface Ready {
  type: 'ready';
  connected: number;
  failed: number;
  errors: Record<string, number>;
}
interface Collected {
  type: 'arrivals';
  streams: { arrivals: [string, number][]; repeats: number; unreadable: number }[];
}

interface Sent {
  startedAt: number;
  answeredAt: number | null;
  status: number | null;
  code: string | null;
}

/** Signs in once; every board stream travels with this one session cookie. */
export async function signIn(ctx: Context): Promise<{ cookie: string } | { missing: string }> {
  const res = await fetch(`${ctx.baseUrl}/api/console/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(STAFF),
    signal: AbortSignal.timeout(15_000),
  });
  const text = await res.text();
  let body: unknown = text;
  try {
    body = JSON.parse(text);
  } catch {}
  if (isMissingRoute(res.status, body))
    return { missing: `POST /api/console/login answers 404 (${describe(body)})` };
  if (res.status !== 200)
    throw new Error(`POST /api/console/login answered ${res.status} (${describe(body)})`);
  const contacts = (body as { contacts?: { id: number }[] }).contacts ?? [];
  if (!contacts.some((c) => c.id === ctx.contactId))
    throw new Error(`the staff session does not handle ${DEMO.contactAlias} (contact ${ctx.contactId})`);
  const cookie = res.headers
    .getSetCookie()
    .map((c) => c.split(';')[0] ?? '')
    .find((c) => c.startsWith(`${SESSION_COOKIE}=`));
  if (!cookie) throw new Error(`the sign-in set no ${SESSION_COOKIE} cookie`);
  return { cookie };
}

/** One order with a new customer (+54 9 11 8xxx-xxxx: clear of the demo's and the orders scenario's). */
function orderBody(ctx: Context, setup: Setup, n: number): string {
  const who = { phone: `+549118${String(n).padStart(7, '0')}`, name: `Tablero Bench ${n}` };
  return JSON.stringify(payload(ctx, setup, setup.linesDistinct, who, 0));
}

async function place(ctx: Context, body: string): Promise<Sent> {
  const sent: Sent = { startedAt: now(), answeredAt: null, status: null, code: null };
  try {
    const res = await fetch(`${ctx.baseUrl}/api/order`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body,
      signal: AbortSignal.timeout(15_000),
    });
    const text = await res.text();
    sent.answeredAt = now();
    sent.status = res.status;
    if (res.status < 300) {
      try {
        sent.code = readCode(JSON.parse(text));
      } catch {}
    }
  } catch {
    // no answer: counted as refused
  }
  return sent;
}

interface StaffCalls {
  statuses: Record<string, number>;
  ms: number[];
}

/**
 * The staff keeps working while the orders pour in: the board read again (`GET
 * /api/console/contacts/{id}/orders`) and a sign-in (`POST /api/console/login`; 20 per 5 minutes per
 * address, 6 in a run), each timed and its status counted, until `stop` is called.
 */
function staffAtWork(ctx: Context, cookie: string) {
  const board: StaffCalls = { statuses: {}, ms: [] };
  const login: StaffCalls = { statuses: {}, ms: [] };
  let stopped = false;
  const call = async (into: StaffCalls, url: string, init: RequestInit) => {
    const started = now();
    let key = 'no answer';
    try {
      const res = await fetch(url, { ...init, signal: AbortSignal.timeout(15_000) });
      await res.arrayBuffer();
      key = String(res.status);
    } catch {}
    into.ms.push(now() - started);
    into.statuses[key] = (into.statuses[key] ?? 0) + 1;
  };
  const loop = async (everyMs: number, once: () => Promise<void>) => {
    while (!stopped) {
      const started = now();
      await once();
      const wait = everyMs - (now() - started);
      if (wait > 0 && !stopped) await sleep(wait);
    }
  };
  const running = Promise.all([
    loop(STAFF_BOARD_MS, () =>
      call(board, `${ctx.baseUrl}/api/console/contacts/${ctx.contactId}/orders`, { headers: { cookie } }),
    ),
    loop(STAFF_LOGIN_MS, () =>
      call(login, `${ctx.baseUrl}/api/console/login`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify(STAFF),
      }),
    ),
  ]);
  return {
    async stop() {
      stopped = true;
      await running;
      const summary = (c: StaffCalls) => {
        const sorted = [...c.ms].sort((a, b) => a - b);
        return {
          calls: c.ms.length,
          statuses: c.statuses,
          p50Ms: round1(percentile(sorted, 50)),
          p99Ms: round1(percentile(sorted, 99)),
        };
      };
      return { board: summary(board), login: summary(login) };
    },
  };
}

function startWorker(): ChildProcess {
  return fork(new URL('./console-worker.ts', import.meta.url), [], {
    execArgv: ['--import', 'tsx'],
    stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
  });
}

export async function consoleBoards(ctx: Context, server: Child): Promise<ScenarioResult> {
  const boards = config.consoleBoards;
  const rate = config.consoleOrderRate;
  const base = {
    id: 'console:boards',
    section: 'console' as const,
    title: `Order console: ${boards} boards, orders at ${rate}/s, new order to board event`,
  };
  let worker: ChildProcess | null = null;
  try {
    const session = await signIn(ctx);
    if ('missing' in session) return scenario({ ...base, status: 'not-available', reason: session.missing });
    const probe = await orderEndpointAvailable(ctx);
    if (!probe.available) return scenario({ ...base, status: 'not-available', reason: probe.reason });
    const setup = await prepare(ctx);

    worker = startWorker();
    const rssBefore = rssMb(server.process.pid);
    const opening = now();
    const ready = await ask<Ready>(
      worker,
      {
        type: 'open',
        url: `${ctx.baseUrl}/api/events/console/${ctx.contactId}`,
        count: boards,
        headers: { cookie: session.cookie },
        snapshotEvent: SNAPSHOT_EVENT,
        event: ORDER_EVENT,
      },
      'ready',
      60_000,
    );
    const connectSeconds = (now() - opening) / 1000;
    if (ready.connected < boards)
      throw new Error(
        `${boards - ready.connected} of ${boards} boards could not connect (${JSON.stringify(ready.errors)})`,
      );

    let n = 0;
    const warm: Sent[] = [];
    for (let i = 0; i < WARMUP_ORDERS; i++) warm.push(await place(ctx, orderBody(ctx, setup, ++n)));

    // steady placement: order i leaves at start + i / rate, whatever the answers' times
    const total = Math.round(rate * SECONDS);
    const interval = 1000 / rate;
    const pending: Promise<Sent>[] = [];
    let maxLagMs = 0;
    const load1m = loadavg()[0] ?? null;
    const ticksBefore = machineTicks();
    const cpuBefore = cpuMs(server.process.pid);
    const staff = staffAtWork(ctx, session.cookie);
    const start = now();
    for (let i = 0; i < total; i++) {
      const body = orderBody(ctx, setup, ++n);
      const due = start + i * interval;
      const wait = due - now();
      if (wait >= 1) await sleep(wait);
      maxLagMs = Math.max(maxLagMs, now() - due);
      pending.push(place(ctx, body));
    }
    const lastSent = now();
    const sent = await Promise.all(pending);

    // every accepted order's card must reach every board: wait for them, then collect
    const placed = sent.filter((s): s is Sent & { code: string } => s.code !== null);
    const warmPlaced = warm.filter((s) => s.code !== null).length;
    const expected = boards * (placed.length + warmPlaced);
    const deadline = now() + DRAIN_MS;
    for (;;) {
      const { received } = await ask<{ type: 'counted'; received: number }>(
        worker,
        { type: 'count' },
        'counted',
        10_000,
      );
      if (received >= expected || now() > deadline) break;
      await sleep(200);
    }
    const busyMs = now() - start;
    const cpuAfter = cpuMs(server.process.pid);
    const ticksAfter = machineTicks();
    const staffCalls = await staff.stop();
    const staffFailures = [
      ...Object.entries(staffCalls.board.statuses).map(
        ([status, count]) => ['board', status, count] as const,
      ),
      ...Object.entries(staffCalls.login.statuses).map(
        ([status, count]) => ['sign-in', status, count] as const,
      ),
    ].filter(([, status]) => status !== '200');
    const collected = await ask<Collected>(worker, { type: 'collect' }, 'arrivals', 60_000);
    const rssAfter = rssMb(server.process.pid);

    const fromRequest: number[] = [];
    const fromAnswer: number[] = [];
    // by the second of the run the order was placed in: a slow start and a steady tail look different
    const bySecond: number[][] = Array.from({ length: SECONDS }, () => []);
    let missing = 0;
    const maps = collected.streams.map((s) => new Map(s.arrivals));
    for (const order of placed) {
      const second = bySecond[Math.min(SECONDS - 1, Math.floor((order.startedAt - start) / 1000))];
      for (const arrivals of maps) {
        const at = arrivals.get(order.code);
        if (at === undefined) missing++;
        else {
          fromRequest.push(at - order.startedAt);
          second?.push(at - order.startedAt);
          if (order.answeredAt !== null) fromAnswer.push(at - order.answeredAt);
        }
      }
    }
    fromRequest.sort((a, b) => a - b);
    fromAnswer.sort((a, b) => a - b);
    const answerMs = placed.map((s) => (s.answeredAt ?? s.startedAt) - s.startedAt).sort((a, b) => a - b);
    const refused = sent.length - placed.length;
    const statuses: Record<string, number> = {};
    for (const s of sent) {
      const key = s.status === null ? 'no answer' : String(s.status);
      statuses[key] = (statuses[key] ?? 0) + 1;
    }
    const repeats = collected.streams.reduce((t, s) => t + s.repeats, 0);
    const unreadable = collected.streams.reduce((t, s) => t + s.unreadable, 0);
    const reasons = [
      missing ? `${missing} of ${boards * placed.length} board events never arrived` : '',
      unreadable ? `${unreadable} cards without a readable code` : '',
      ...staffFailures.map(
        ([what, status, count]) => `the staff's ${what} answered ${status} ${count} times`,
      ),
    ].filter(Boolean);
    if (refused || placed.length === 0)
      throw new Error(`${refused} of ${sent.length} orders refused (${JSON.stringify(statuses)})`);
    return scenario({
      ...base,
      ...(reasons.length ? { reason: reasons.join('; ') } : {}),
      metrics: {
        boards: ready.connected,
        orders: placed.length,
        ordersPerSec: total > 1 ? round1((total - 1) / ((lastSent - start) / 1000)) : null,
        eventsExpected: boards * placed.length,
        eventsReceived: fromRequest.length,
        missingEvents: missing,
        p50Ms: round1(percentile(fromRequest, 50)),
        p99Ms: round1(percentile(fromRequest, 99)),
        maxMs: round1(fromRequest.at(-1) ?? Number.NaN),
        afterAnswerP99Ms: round1(percentile(fromAnswer, 99)),
        orderP50Ms: round1(percentile(answerMs, 50)),
        orderP99Ms: round1(percentile(answerMs, 99)),
        maxSendLagMs: round1(maxLagMs),
        connectSeconds: round1(connectSeconds),
        serverRssMb: rssAfter,
        staffFailedCalls: staffFailures.reduce((sum, [, , count]) => sum + count, 0),
        staffBoardP99Ms: staffCalls.board.p99Ms,
        staffLoginP99Ms: staffCalls.login.p99Ms,
      },
      details: {
        contactId: ctx.contactId,
        seconds: SECONDS,
        warmupOrders: WARMUP_ORDERS,
        scheduledAt: setup.scheduledAt,
        statuses,
        repeatedCards: repeats,
        unreadableCards: unreadable,
        afterAnswerP50Ms: round1(percentile(fromAnswer, 50)),
        p99BySecondMs: bySecond.map((l) =>
          round1(
            percentile(
              l.sort((a, b) => a - b),
              99,
            ),
          ),
        ),
        // the staff's board and sign-in while the orders were placed (statuses, p50/p99)
        staffCalls,
        // the machine's 1-minute load average as the placement starts, and the share of both CPUs busy
        // during it (the server, PostgreSQL, the bench, the boards' worker and anything else)
        loadAverage1m: load1m === null ? null : round1(load1m),
        machineBusyPct: busyPercent(ticksBefore, ticksAfter),
        // the server's CPU per order placed, its cards to every board included (hardly moved by the load)
        serverCpuMsPerOrder:
          cpuBefore !== null && cpuAfter !== null && placed.length + warmPlaced > 0
            ? round1((cpuAfter - cpuBefore) / placed.length)
            : null,
        // CPU the server used while the orders were placed and their cards delivered, per second of it
        serverCpuShare:
          cpuBefore !== null && cpuAfter !== null
            ? Math.round(((cpuAfter - cpuBefore) / busyMs) * 100) / 100
            : null,
        serverRssBeforeMb: rssBefore,
      },
    });
  } catch (error) {
    return scenario({ ...base, status: 'error', reason: errorText(error) });
  } finally {
    const w = worker;
    if (w) {
      if (w.connected) w.send({ type: 'close' });
      setTimeout(() => w.kill('SIGKILL'), 5000).unref();
    }
  }
}
