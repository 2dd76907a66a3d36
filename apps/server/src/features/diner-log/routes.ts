import type { FastifyInstance } from 'fastify';
import * as t from '../../db/schema.ts';
import { badRequest } from '../../platform/errors.ts';

const MAX_LOG_BYTES = 16 * 1024;
const MAX_TEXT = 4000;

/**
 * Client error reports (the spec's "only logged" cases): a text body holding a JSON context
 * (bcId, branchId, url, lat, lng, fullAddress, addressFromLocalStorage, component, payload, stack).
 * Size-limited and rate-limited per client address; stored, never echoed.
 */
export async function dinerLogRoutes(app: FastifyInstance): Promise<void> {
  const { db } = app.deps.database;
  app.post(
    '/api/diner/log',
    // a text body (the page's error log), sent with whatever cookies the diner has
    {
      bodyLimit: MAX_LOG_BYTES,
      config: { nonJsonBody: true, rateLimit: { max: 20, timeWindow: '1 minute' } },
    },
    async (request, reply) => {
      const raw = typeof request.body === 'string' ? request.body : JSON.stringify(request.body ?? '');
      if (!raw || raw.trim() === '' || raw === '""') throw badRequest('El registro está vacío.');
      let context: Record<string, unknown> = {};
      let text = raw;
      try {
        const parsed: unknown = JSON.parse(raw);
        if (parsed && typeof parsed === 'object' && !Array.isArray(parsed)) {
          context = parsed as Record<string, unknown>;
          text = String(context.text ?? context.message ?? context.component ?? 'diner log');
        }
      } catch {
        // plain text is a valid report too
      }
      await db.insert(t.dinerLogs).values({ text: text.slice(0, MAX_TEXT), context, ip: request.ip });
      return reply.status(202).send({ received: true });
    },
  );
}
