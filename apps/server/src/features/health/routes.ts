import { ERROR_MESSAGES } from '@comanda/core';
import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { RETRY_AFTER_SECONDS } from '../../platform/errors.ts';

export async function healthRoutes(app: FastifyInstance): Promise<void> {
  app.get('/api/health', async (_request, reply) => {
    try {
      await app.deps.database.db.execute(sql`select 1`);
      return { status: 'ok', database: app.deps.database.kind, now: app.deps.clock().toISOString() };
    } catch {
      // the same answer as any request while the database is away (platform/errors.ts)
      reply.status(503).header('retry-after', String(RETRY_AFTER_SECONDS));
      return { code: 'SERVICE_UNAVAILABLE', message: ERROR_MESSAGES.serviceUnavailable };
    }
  });
}
