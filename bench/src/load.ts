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

/** A warm-up run (BENCH_WARMUP seconds, discarded), then the measurement (BENCH_DURATION seconds). */
export async function warmAndLoad(options: LoadOptions): Promise<LoadFigures> {
  await autocannon({
    connections: config.connections,
    ...options,
    duration: config.warmup,
    amount: undefined,
  });
  return load(options);
}

export function round(n: number, digits = 2): number {
  const f = 10 ** digits;
  return Math.round(n * f) / f;
}
