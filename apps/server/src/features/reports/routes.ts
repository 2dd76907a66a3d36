/** Owner console API of issue 27 (placeholder until the routes land). */
import type { FastifyInstance } from 'fastify';

export async function reportsRoutes(_app: FastifyInstance): Promise<void> {}
