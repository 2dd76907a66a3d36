/**
 * The riders' accept storm (riders issue: 20 riders accept one shipment at the same moment; exactly
 * one wins, the others answer 409 SHIPMENT_TAKEN). 20 riders register through the API; then, round
 * after round, the shop places a delivery order, accepts it and asks for a rider ('Pedir repartidor'),
 * and all 20 riders take the shipment at once (`PUT /api/shipments/{id}` ON_ROUTE_TO_PICK_UP, requests
 * started in one tick on warm keep-alive sockets). The winner gives it up (DRIVER_CANCELED) so every
 * rider is free for the next round.
 */
import http from 'node:http';
import { loadavg } from 'node:os';
import { LIMITS } from './budgets.ts';
import { DEMO } from './config.ts';
import { signIn } from './console.ts';
import { type CallAnswer, httpCall } from './http-call.ts';
import { busyPercent, machineTicks } from './load.ts';
import { type Destination, delivering, payload, prepare, type Setup } from './orders.ts';
import { errorText, type ScenarioResult, scenario } from './report.ts';
import { type Context, describe, isMissingRoute, orderEndpointAvailable } from './scenarios.ts';
import { percentile, round1 } from './tracking.ts';

const RIDER_ROUNDS = LIMITS.riderRounds;
const RIDER_COUNT = LIMITS.riderCount;
/** The demo contact's code riders register with (apps/server/src/db/demo/sabores.json). */
const SECURITY_CODE = '4321';
/**
 * East of the shop, away from the demo's shipments still looking for a driver: a new shipment is
 * stacked with a waiting one going the same way, and a stack is taken through another route.
 */
const DESTINATION: Destination = {
  street: 'Av. Bench Oriente',
  number: '100',
  betweenStreets: 'Charcas y Güemes',
  lat: -34.588,
  lng: -58.403,
};
/** `PUT /api/shipments/{id}` allows 60 a minute per rider token (shipments/routes.ts). */
const PUT_LIMIT = 60;
const PUT_WINDOW_MS = 60_000;
/** Kept below the limit: the fixed window of @fastify/rate-limit starts at a rider's first PUT. */
const PUT_MARGIN_MS = 1_500;

const now = () => Number(process.hrtime.bigint()) / 1e6;
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

type Answer = CallAnswer;

interface Rider {
  id: number;
  token: string;
  agent: http.Agent;
  /** Each rider connects from its own loopback address (127.0.0.N), as riders' phones would. */
  localAddress: string;
  /** Times of this rider's shipment PUTs (for the per-token limit). */
  puts: number[];
}

/** One request on the given agent (keep-alive); resolves with its status, JSON body and time. */
function call(
  url: string,
  method: string,
  options: { agent?: http.Agent; localAddress?: string; headers?: Record<string, string>; body?: unknown },
): Promise<Answer> {
  const { body, ...rest } = options;
  return httpCall(url, method, { ...rest, ...(body === undefined ? {} : { json: body }), timeoutMs: 15_000 });
}

const codeOf = (body: unknown) => (body as { code?: unknown } | null)?.code;

/** Waits until every rider may send two more PUTs (the accept and, if it wins, the give-up). */
async function paceForLimit(riders: Rider[]): Promise<number> {
  let waited = 0;
  for (let i = 0; i < 200; i++) {
    const t = now();
    let wait = 0;
    for (const rider of riders) {
      rider.puts = rider.puts.filter((at) => at > t - PUT_WINDOW_MS - PUT_MARGIN_MS);
      const over = rider.puts.length - (PUT_LIMIT - 2);
      if (over >= 0) {
        const expires = (rider.puts[over] as number) + PUT_WINDOW_MS + PUT_MARGIN_MS;
        wait = Math.max(wait, expires - t);
      }
    }
    if (wait <= 0) return waited;
    await sleep(wait + 5);
    waited += wait + 5;
  }
  throw new Error('the per-rider PUT limit never cleared');
}

async function registerRiders(ctx: Context): Promise<Rider[] | { missing: string }> {
  const riders: Rider[] = [];
  for (let i = 1; i <= RIDER_COUNT; i++) {
    const agent = new http.Agent({ keepAlive: true, maxSockets: 1 });
    // 127.0.0.0/8 is all loopback on Linux: the route's limit of 20 per address leaves no room on one
    const localAddress = `127.0.0.${10 + i}`;
    const res = await call(`${ctx.baseUrl}/api/rider/createwithcode`, 'POST', {
      agent,
      localAddress,
      body: {
        name: `Repartidor Bench ${i}`,
        phone: `+54911610000${String(i).padStart(2, '0')}`,
        securityCode: SECURITY_CODE,
        active: true,
        riderUser: { branchContact: { id: ctx.contactId } },
      },
    });
    if (i === 1 && isMissingRoute(res.status, res.body)) {
      agent.destroy();
      return { missing: `POST /api/rider/createwithcode answers 404 (${describe(res.body)})` };
    }
    const body = res.body as { id?: number; token?: string } | null;
    if (res.status !== 201 || typeof body?.token !== 'string' || typeof body.id !== 'number') {
      agent.destroy();
      for (const r of riders) r.agent.destroy();
      throw new Error(`registering rider ${i}: ${res.status} (${describe(res.body)})`);
    }
    riders.push({ id: body.id, token: body.token, agent, localAddress, puts: [] });
  }
  // each rider's socket is open before the first storm: the rounds time requests, not TCP handshakes
  for (const rider of riders) {
    const res = await call(`${ctx.baseUrl}/api/whoami`, 'GET', {
      agent: rider.agent,
      localAddress: rider.localAddress,
      headers: { authorization: `Bearer ${rider.token}` },
    });
    if (res.status !== 200) throw new Error(`GET /api/whoami answered ${res.status} for rider ${rider.id}`);
  }
  return riders;
}

/** A new delivery order, accepted by the staff, with a shipment looking for a driver: its id. */
async function newShipment(
  ctx: Context,
  setup: Setup,
  cookie: string,
  round: number,
): Promise<{ shipmentId: number; stackId: number | null }> {
  const who = { phone: `+549116200${String(round).padStart(4, '0')}`, name: `Reparto Bench ${round}` };
  const placed = await call(`${ctx.baseUrl}/api/order`, 'POST', {
    body: payload(ctx, setup, setup.linesDistinct, who, 0),
  });
  const id = (placed.body as { data?: { id?: unknown } } | null)?.data?.id;
  if (placed.status !== 201 || typeof id !== 'number')
    throw new Error(`POST /api/order answered ${placed.status} (${describe(placed.body)})`);
  const staff = { headers: { cookie } };
  const accepted = await call(`${ctx.baseUrl}/api/console/orders/${id}/status`, 'PUT', {
    ...staff,
    body: { status: 'ACCEPTED' },
  });
  if (accepted.status !== 200)
    throw new Error(`accepting order ${id}: ${accepted.status} (${describe(accepted.body)})`);
  const asked = await call(`${ctx.baseUrl}/api/console/orders/${id}/shipment`, 'POST', staff);
  const shipment = (asked.body as { shipment?: { id?: unknown; shipmentStackId?: number | null } } | null)
    ?.shipment;
  if (asked.status !== 201 || typeof shipment?.id !== 'number')
    throw new Error(`asking a rider for order ${id}: ${asked.status} (${describe(asked.body)})`);
  return { shipmentId: shipment.id, stackId: shipment.shipmentStackId ?? null };
}

export async function riderStorm(ctx: Context): Promise<ScenarioResult> {
  const base = {
    id: 'riders:accept-storm',
    section: 'riders' as const,
    title: `Riders: ${RIDER_COUNT} accept one shipment at once, ${RIDER_ROUNDS} rounds`,
  };
  let riders: Rider[] = [];
  try {
    const session = await signIn(ctx);
    if ('missing' in session) return scenario({ ...base, status: 'not-available', reason: session.missing });
    const probe = await orderEndpointAvailable(ctx);
    if (!probe.available) return scenario({ ...base, status: 'not-available', reason: probe.reason });
    const setup = await delivering(ctx, await prepare(ctx, 'DELIVERY'), DESTINATION);
    const registered = await registerRiders(ctx);
    if ('missing' in registered)
      return scenario({ ...base, status: 'not-available', reason: registered.missing });
    riders = registered;

    const acceptMs: number[] = [];
    /** The winning request's own time, one per round with a winner. */
    const winnerMs: number[] = [];
    /** Storm requests that had to open a connection (the riders' sockets are opened beforehand). */
    let freshConnections = 0;
    const cancelMs: number[] = [];
    const setupMs: number[] = [];
    const statuses: Record<string, number> = {};
    const cancels: Record<string, number> = {};
    const winnersPerRound: number[] = [];
    const wins = new Map<number, number>();
    const samples: string[] = [];
    let stacked = 0;
    let pacedMs = 0;
    const started = now();
    const load1m = loadavg()[0] ?? null;
    const ticksBefore = machineTicks();
    for (let round = 1; round <= RIDER_ROUNDS; round++) {
      pacedMs += await paceForLimit(riders);
      const before = now();
      const { shipmentId, stackId } = await newShipment(ctx, setup, session.cookie, round);
      setupMs.push(now() - before);
      if (stackId !== null) stacked++;
      const url = `${ctx.baseUrl}/api/shipments/${shipmentId}`;
      // the storm: every request started in this one synchronous loop, beginning with another rider
      // each round (the first request sent is the likeliest winner)
      const lineup = riders.map((_, k) => riders[(k + round) % riders.length] as Rider);
      const storm = lineup.map((rider) => {
        rider.puts.push(now());
        return call(url, 'PUT', {
          agent: rider.agent,
          localAddress: rider.localAddress,
          headers: { authorization: `Bearer ${rider.token}` },
          body: { status: 'ON_ROUTE_TO_PICK_UP', id: shipmentId },
        });
      });
      const answers = await Promise.all(storm);
      const winners: Rider[] = [];
      answers.forEach((answer, i) => {
        acceptMs.push(answer.ms);
        if (!answer.reused) freshConnections++;
        const key = answer.status === 200 ? '200' : `${answer.status} ${String(codeOf(answer.body) ?? '')}`;
        statuses[key] = (statuses[key] ?? 0) + 1;
        if (answer.status === 200) {
          winners.push(lineup[i] as Rider);
          winnerMs.push(answer.ms);
        } else if (!(answer.status === 409 && codeOf(answer.body) === 'SHIPMENT_TAKEN') && samples.length < 5)
          samples.push(`round ${round}: ${answer.status} ${describe(answer.body)}`);
      });
      winnersPerRound.push(winners.length);
      // the winner(s) give it up, so nobody is busy in the next round
      for (const winner of winners) {
        wins.set(winner.id, (wins.get(winner.id) ?? 0) + 1);
        winner.puts.push(now());
        const gaveUp = await call(url, 'PUT', {
          agent: winner.agent,
          localAddress: winner.localAddress,
          headers: { authorization: `Bearer ${winner.token}` },
          body: { status: 'DRIVER_CANCELED', id: shipmentId },
        });
        cancelMs.push(gaveUp.ms);
        cancels[String(gaveUp.status)] = (cancels[String(gaveUp.status)] ?? 0) + 1;
        if (gaveUp.status !== 200 && samples.length < 5)
          samples.push(`round ${round}, give-up: ${gaveUp.status} ${describe(gaveUp.body)}`);
      }
    }
    const seconds = (now() - started) / 1000;
    const machineBusyPct = busyPercent(ticksBefore, machineTicks());
    acceptMs.sort((a, b) => a - b);
    cancelMs.sort((a, b) => a - b);
    setupMs.sort((a, b) => a - b);
    winnerMs.sort((a, b) => a - b);
    const single = winnersPerRound.filter((n) => n === 1).length;
    const serverErrors = Object.entries(statuses)
      .concat(Object.entries(cancels))
      .filter(([k]) => k.startsWith('5') || k.startsWith('0'))
      .reduce((t, [, n]) => t + n, 0);
    const taken = statuses['409 SHIPMENT_TAKEN'] ?? 0;
    const otherAnswers = acceptMs.length - (statuses['200'] ?? 0) - taken;
    const failedCancels = Object.entries(cancels)
      .filter(([k]) => k !== '200')
      .reduce((t, [, n]) => t + n, 0);
    const problems = [
      single < RIDER_ROUNDS
        ? `${RIDER_ROUNDS - single} rounds without exactly one winner (${winnersPerRound
            .map((n, i) => [n, i + 1])
            .filter(([n]) => n !== 1)
            .slice(0, 5)
            .map(([n, r]) => `round ${r}: ${n}`)
            .join(', ')})`
        : '',
      serverErrors ? `${serverErrors} server errors or lost requests` : '',
      stacked ? `${stacked} shipments were stacked with another` : '',
      otherAnswers ? `${otherAnswers} accepts answered neither 200 nor 409 SHIPMENT_TAKEN` : '',
      failedCancels ? `${failedCancels} give-ups refused` : '',
    ].filter(Boolean);
    return scenario({
      ...base,
      ...(problems.length ? { reason: problems.join('; ') } : {}),
      metrics: {
        rounds: winnersPerRound.length,
        riders: riders.length,
        singleWinnerRounds: single,
        requests: acceptMs.length,
        shipmentTaken409: taken,
        otherAnswers,
        serverErrors,
        p50Ms: round1(percentile(acceptMs, 50)),
        p99Ms: round1(percentile(acceptMs, 99)),
        maxMs: round1(acceptMs.at(-1) ?? Number.NaN),
        winnerP50Ms: round1(percentile(winnerMs, 50)),
        winnerP99Ms: round1(percentile(winnerMs, 99)),
        winnerMaxMs: round1(winnerMs.at(-1) ?? Number.NaN),
        giveUpP50Ms: round1(percentile(cancelMs, 50)),
        roundSetupP50Ms: round1(percentile(setupMs, 50)),
        seconds: round1(seconds),
      },
      details: {
        contact: DEMO.contactAlias,
        destination: DESTINATION,
        deliveryZone: setup.zone?.name ?? null,
        scheduledAt: setup.scheduledAt,
        acceptStatuses: statuses,
        giveUpStatuses: cancels,
        winnersPerRound,
        winsPerRider: Object.fromEntries(wins),
        stackedShipments: stacked,
        freshConnections,
        // the shared machine: 1-minute load average at the start, share of its CPUs busy over the run
        loadAverage1m: load1m === null ? null : round1(load1m),
        machineBusyPct,
        riderAddresses: `${riders[0]?.localAddress} to ${riders.at(-1)?.localAddress}`,
        // time spent waiting for the per-rider PUT limit (60 a minute) between rounds
        pacedSeconds: round1(pacedMs / 1000),
        samples,
      },
    });
  } catch (error) {
    return scenario({ ...base, status: 'error', reason: errorText(error) });
  } finally {
    for (const rider of riders) rider.agent.destroy();
  }
}
