/**
 * Graceful shutdown of a server behind a balancer (docs/running-on-several-machines.md, decision 022).
 * On SIGTERM (a deploy, a scale-down, `systemctl stop`):
 *
 * 1. draining: `GET /api/health/ready` answers 503, so the balancer's health check takes this process
 *    out of rotation; meanwhile it serves whatever still arrives, as before;
 * 2. after `delayMs` (longer than the balancer takes to notice: its checks' interval × fall, plus one
 *    interval), `app.close()`: every live stream ends with a short retry hint (sse.ts
 *    `endForShutdown`), so browsers reconnect through the balancer to another process, whose snapshot
 *    brings them up to date; the server stops accepting connections and the requests in flight finish;
 * 3. the caller's `release` closes the bus and the database.
 *
 * Past `timeoutMs` from step 2 it gives up waiting and answers 'timed-out' (the process then exits
 * anyway); a request still running at that point is cut, and an order it was placing is either
 * committed or rolled back (the diner's retry with the same idempotency key tells which).
 */
import type { FastifyInstance } from 'fastify';

/** Whether this process is on its way out: readiness answers 503 from the first moment. */
export class Drain {
  #since: number | null = null;

  get draining(): boolean {
    return this.#since !== null;
  }

  begin(now = Date.now()): void {
    this.#since ??= now;
  }
}

export interface ShutdownOptions {
  /** How long to keep serving, not ready, before closing (SHUTDOWN_DELAY_MS). */
  delayMs: number;
  /** How long closing may take after that (SHUTDOWN_TIMEOUT_MS). */
  timeoutMs: number;
  /** Closes what the app does not own (the bus, the database), after the app. */
  release: () => Promise<void>;
}

const sleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

export async function shutDownGracefully(
  app: FastifyInstance,
  options: ShutdownOptions,
): Promise<'clean' | 'timed-out'> {
  app.drain.begin();
  app.appLog.info({ delayMs: options.delayMs }, 'draining: not ready, closing after the delay');
  if (options.delayMs > 0) await sleep(options.delayMs);
  let timer: NodeJS.Timeout | undefined;
  const late = new Promise<'timed-out'>((resolve) => {
    timer = setTimeout(() => resolve('timed-out'), options.timeoutMs);
    timer.unref();
  });
  const closing = (async () => {
    await app.close();
    await options.release();
    return 'clean' as const;
  })();
  try {
    const outcome = await Promise.race([closing, late]);
    if (outcome === 'timed-out')
      app.appLog.warn({ timeoutMs: options.timeoutMs }, 'shutdown timed out: stopping anyway');
    return outcome;
  } finally {
    clearTimeout(timer);
  }
}
