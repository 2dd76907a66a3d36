import autocannon from 'autocannon';
import { config } from './config.ts';

export interface LoadFigures {
  requestsPerSec: number;
  p50Ms: number;
  p99Ms: number;
  meanMs: number;
  total: number;
  statusCodes: Record<string, number>;
  errors: number;
  timeouts: number;
  durationSeconds: number;
}

export type LoadOptions = Omit<autocannon.Options, 'url'> & { url: string };

/** One bounded autocannon run (no warm-up). */
export async function load(options: LoadOptions): Promise<LoadFigures> {
  const result = await autocannon({ connections: config.connections, duration: config.duration, ...options });
  const stats =
    (result as unknown as { statusCodeStats?: Record<string, { count: number }> }).statusCodeStats ?? {};
  return {
    requestsPerSec: round(result.requests.average),
    p50Ms: result.latency.p50,
    p99Ms: result.latency.p99,
    meanMs: round(result.latency.average),
    total: result.requests.total,
    statusCodes: Object.fromEntries(Object.entries(stats).map(([code, s]) => [code, s.count])),
    errors: result.errors,
    timeouts: result.timeouts,
    durationSeconds: round(result.duration),
  };
}

/** A warm-up run of BENCH_WARMUP seconds, its figures discarded. */
async function warmUp(options: LoadOptions): Promise<void> {
  await autocannon({
    connections: config.connections,
    ...options,
    duration: config.warmup,
    amount: undefined,
  });
}

export function round(n: number, digits = 2): number {
  const f = 10 ** digits;
  return Math.round(n * f) / f;
}

export interface AlternatedFigures {
  /** The round whose server/baseline ratio is the median one. */
  server: LoadFigures;
  baseline: LoadFigures;
  ratio: number | null;
  rounds: { server: LoadFigures; baseline: LoadFigures; ratio: number | null }[];
}

/**
 * Warms both, then measures server and baseline in alternation for `rounds` rounds and reports the
 * round with the median ratio: the machine's load drifts (other jobs, the database), a ratio of two
 * runs taken seconds apart hardly does.
 */
export async function alternateLoads(
  server: LoadOptions,
  baseline: LoadOptions,
  rounds = config.rounds,
): Promise<AlternatedFigures> {
  const seconds = Math.max(1, Math.round(config.duration / rounds));
  await warmUp(server);
  await warmUp(baseline);
  const measured: AlternatedFigures['rounds'] = [];
  for (let i = 0; i < rounds; i++) {
    // ABBA order: whichever side runs second in a pair has no systematic advantage
    const serverFirst = i % 2 === 0;
    const first = await load({ ...(serverFirst ? server : baseline), duration: seconds });
    const second = await load({ ...(serverFirst ? baseline : server), duration: seconds });
    const [s, b] = serverFirst ? [first, second] : [second, first];
    measured.push({
      server: s,
      baseline: b,
      ratio: b.requestsPerSec > 0 ? round(s.requestsPerSec / b.requestsPerSec, 3) : null,
    });
  }
  const sorted = [...measured].sort((a, b) => (a.ratio ?? -1) - (b.ratio ?? -1));
  const middle = sorted[Math.floor((sorted.length - 1) / 2)] as AlternatedFigures['rounds'][number];
  return { server: middle.server, baseline: middle.baseline, ratio: middle.ratio, rounds: measured };
}
