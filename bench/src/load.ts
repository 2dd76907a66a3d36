import { readFileSync } from 'node:fs';
import autocannon from 'autocannon';
import { config } from './config.ts';

/** CPU time (user + system) a process has used so far, in ms; null when /proc cannot tell. */
export function cpuMs(pid: number | undefined): number | null {
  if (!pid) return null;
  try {
    // fields after the command name (which may hold spaces): utime and stime are the 12th and 13th
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    const ticks = Number(fields[11]) + Number(fields[12]);
    return Number.isFinite(ticks) ? ticks * 10 : null; // USER_HZ is 100 on Linux
  } catch {
    return null;
  }
}

/** The whole machine's CPU ticks so far (all CPUs, from /proc/stat): busy and total; null off Linux. */
export function machineTicks(): { busy: number; total: number } | null {
  try {
    const line = readFileSync('/proc/stat', 'utf8').split('\n')[0] ?? '';
    const ticks = line.trim().split(/\s+/).slice(1, 9).map(Number);
    const total = ticks.reduce((t, n) => t + n, 0);
    // idle and iowait are the 4th and 5th
    const busy = total - (ticks[3] ?? 0) - (ticks[4] ?? 0);
    return Number.isFinite(total) && total > 0 ? { busy, total } : null;
  } catch {
    return null;
  }
}

/** Share of the machine's CPUs busy between two `machineTicks()` readings, in percent (one decimal). */
export function busyPercent(
  before: ReturnType<typeof machineTicks>,
  after: ReturnType<typeof machineTicks>,
): number | null {
  if (!before || !after || after.total <= before.total) return null;
  return Math.round(((after.busy - before.busy) / (after.total - before.total)) * 1000) / 10;
}

export interface LoadFigures {
  requestsPerSec: number;
  /** CPU time of the answering process per request, in microseconds (null without a pid). */
  cpuUsPerRequest: number | null;
  p50Ms: number;
  p99Ms: number;
  meanMs: number;
  total: number;
  statusCodes: Record<string, number>;
  errors: number;
  timeouts: number;
  durationSeconds: number;
}

export type LoadOptions = Omit<autocannon.Options, 'url'> & {
  url: string;
  /** The process answering: its CPU time per request is measured too (Linux). */
  pid?: number | undefined;
};

/** One bounded autocannon run (no warm-up). */
export async function load({ pid, ...options }: LoadOptions): Promise<LoadFigures> {
  const cpuBefore = cpuMs(pid);
  const result = await autocannon({ connections: config.connections, duration: config.duration, ...options });
  const cpuAfter = cpuMs(pid);
  const stats =
    (result as unknown as { statusCodeStats?: Record<string, { count: number }> }).statusCodeStats ?? {};
  return {
    requestsPerSec: round(result.requests.average),
    cpuUsPerRequest:
      cpuBefore !== null && cpuAfter !== null && result.requests.total > 0
        ? round(((cpuAfter - cpuBefore) * 1000) / result.requests.total, 1)
        : null,
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
async function warmUp({ pid: _pid, ...options }: LoadOptions): Promise<void> {
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
  /**
   * Baseline CPU per request over the server's, all rounds together: how much dearer an answer is,
   * which (unlike requests/s) hardly moves with what else the shared machine is doing.
   */
  cpuRatio: number | null;
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
  const cpuPerRequest = (side: 'server' | 'baseline') => {
    let cpu = 0;
    let requests = 0;
    for (const round of measured) {
      const figures = round[side];
      if (figures.cpuUsPerRequest === null) return null;
      cpu += figures.cpuUsPerRequest * figures.total;
      requests += figures.total;
    }
    return requests > 0 ? cpu / requests : null;
  };
  const serverCpu = cpuPerRequest('server');
  const baselineCpu = cpuPerRequest('baseline');
  const cpuRatio = serverCpu && baselineCpu ? round(baselineCpu / serverCpu, 3) : null;
  return {
    server: middle.server,
    baseline: middle.baseline,
    ratio: middle.ratio,
    cpuRatio,
    rounds: measured,
  };
}
