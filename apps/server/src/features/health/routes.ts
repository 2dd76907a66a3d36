import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';

export async function healthRoutes(app: FastifyInstance): Promise<void> {
  app.get('/api/health', async (_request, reply) => {
    try {
      await app.deps.database.db.execute(sql`select 1`);
      return { status: 'ok', database: app.deps.database.kind, now: app.deps.clock().toISOString() };
    } catch {
      reply.status(503);
      return { code: 'UNAVAILABLE', message: 'El servicio no está disponible en este momento.' };
    }
  });
}
