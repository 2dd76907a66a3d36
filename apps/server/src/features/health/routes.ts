import { ERROR_MESSAGES } from '@comanda/core';
import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { RETRY_AFTER_SECONDS } from '../../platform/errors.ts';

/** How long the readiness check waits for Redis's answer. */
const BUS_CHECK_TIMEOUT_MS = 1000;

/**
 * `/api/health` (the database, the clock) and the balancer's two checks (docs/running-on-several-
 * machines.md): `/api/health/live` says the process is up and answering, whatever its dependencies
 * (restart it only when this fails); `/api/health/ready` says it should be sent traffic: the database
 * and the bus answer and it is not shutting down (503 otherwise, with what failed). None is rate-limited:
 * a balancer asks every second.
 */
export async function healthRoutes(app: FastifyInstance): Promise<void> {
  const databaseAnswers = async () => {
    try {
      await app.deps.database.db.execute(sql`select 1`);
      return true;
    } catch {
      return false;
    }
  };

  app.get('/api/health', async (_request, reply) => {
    if (await databaseAnswers())
      return { status: 'ok', database: app.deps.database.kind, now: app.deps.clock().toISOString() };
    // the same answer as any request while the database is away (platform/errors.ts)
    reply.status(503).header('retry-after', String(RETRY_AFTER_SECONDS));
    return { code: 'SERVICE_UNAVAILABLE', message: ERROR_MESSAGES.serviceUnavailable };
  });

  app.get('/api/health/live', async (_request, reply) => {
    reply.header('cache-control', 'no-store');
    return { status: 'ok' };
  });

  app.get('/api/health/ready', async (_request, reply) => {
    reply.header('cache-control', 'no-store');
    if (app.drain.draining) return reply.status(503).send({ status: 'draining' });
    const [database, bus] = await Promise.all([
      databaseAnswers(),
      app.deps.bus.reachable ? app.deps.bus.reachable(BUS_CHECK_TIMEOUT_MS) : Promise.resolve(true),
    ]);
    // the shutdown may have begun while the checks ran
    const status = app.drain.draining ? 'draining' : database && bus ? 'ready' : 'unavailable';
    return reply.status(status === 'ready' ? 200 : 503).send({
      status,
      database: database ? 'ok' : 'away',
      bus: bus ? 'ok' : 'away',
    });
  });
}
