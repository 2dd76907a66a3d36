/**
 * The owner's reports (issue 27 item 5, `/console/reportes`): `GET /api/console/reports`, the figures
 * of a period of the branch's shops (or one of them). OWNER only: kitchen staff get 403.
 */
import { ReportsQuerySchema, type SalesReport } from '@comanda/core/contract';
import type { FastifyInstance } from 'fastify';
import { guardStaffFace, staffOfRequest } from '../../platform/auth/face-guard.ts';
import { authenticateStaff } from '../../platform/auth/index.ts';
import { parseInput } from '../../platform/validation.ts';
import { branchScope } from '../order-history/history-queries.ts';
import { loadSalesReport } from './report-queries.ts';

export async function reportsRoutes(app: FastifyInstance): Promise<void> {
  const { db } = app.deps.database;
  const now = () => app.deps.clock();
  guardStaffFace(app, (request) => authenticateStaff(db, request, now()));

  app.get(
    '/api/console/reports',
    { config: { roles: ['OWNER'] } },
    async (request, reply): Promise<SalesReport> => {
      const query = parseInput(ReportsQuerySchema, request.query);
      const scope = await branchScope(db, staffOfRequest(request).branchId, query, now());
      reply.header('Cache-Control', 'no-store');
      return loadSalesReport(db, scope);
    },
  );
}
