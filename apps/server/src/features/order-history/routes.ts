/**
 * The order history of the owner console (issue 27 item 5, `/console/pedidos`): the branch's orders
 * with search and filters, a page at a time; one order's detail and history; the CSV. Any staff
 * member of the branch reads it (kitchen staff too); other branches' orders are not found (404).
 */
import {
  CONSOLE_MESSAGES,
  OrderHistoryCsvQuerySchema,
  type OrderHistoryDetail,
  type OrderHistoryPage,
  OrderHistoryQuerySchema,
} from '@comanda/core/contract';
import type { FastifyInstance } from 'fastify';
import { guardStaffFace, staffOfRequest } from '../../platform/auth/face-guard.ts';
import { authenticateStaff } from '../../platform/auth/index.ts';
import { notFound } from '../../platform/errors.ts';
import { parseInput } from '../../platform/validation.ts';
import { branchScope, historyCsv, loadHistoryDetail, loadHistoryPage } from './history-queries.ts';

const ORDER_CODE = /^[A-Za-z0-9-]{1,40}$/;

export async function orderHistoryRoutes(app: FastifyInstance): Promise<void> {
  const { db } = app.deps.database;
  const now = () => app.deps.clock();
  guardStaffFace(app, (request) => authenticateStaff(db, request, now()));

  app.get('/api/console/orders', async (request, reply): Promise<OrderHistoryPage> => {
    const query = parseInput(OrderHistoryQuerySchema, request.query);
    const scope = await branchScope(db, staffOfRequest(request).branchId, query, now());
    reply.header('Cache-Control', 'no-store');
    return loadHistoryPage(db, scope, query);
  });

  app.get('/api/console/orders.csv', async (request, reply) => {
    const query = parseInput(OrderHistoryCsvQuerySchema, request.query);
    const scope = await branchScope(db, staffOfRequest(request).branchId, query, now());
    const { fileName, body } = await historyCsv(db, scope, query);
    return reply
      .header('Cache-Control', 'no-store')
      .header('Content-Type', 'text/csv; charset=utf-8')
      .header('Content-Disposition', `attachment; filename="${fileName}"`)
      .send(body);
  });

  app.get<{ Params: { code: string } }>(
    '/api/console/orders/:code',
    async (request, reply): Promise<OrderHistoryDetail> => {
      const { code } = request.params;
      if (!ORDER_CODE.test(code)) throw notFound(CONSOLE_MESSAGES.orderNotFound);
      reply.header('Cache-Control', 'no-store');
      return loadHistoryDetail(db, staffOfRequest(request).branchId, code);
    },
  );
}
