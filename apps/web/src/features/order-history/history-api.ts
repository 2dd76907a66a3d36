import type { OrderHistoryDetail, OrderHistoryPage, SalesReport } from '@comanda/core/contract';
import { ApiError, apiGet, buildUrl, type QueryParams } from '../../api/api.ts';

/**
 * The order history's and the reports' calls (`/api/console/orders`, `/api/console/reports`); the staff
 * session travels in its httpOnly cookie.
 */
export const historyApi = {
  page: (query: QueryParams, signal?: AbortSignal) =>
    apiGet<OrderHistoryPage>('/api/console/orders', { query, signal }),
  detail: (code: string, signal?: AbortSignal) =>
    apiGet<OrderHistoryDetail>(`/api/console/orders/${encodeURIComponent(code)}`, { signal }),
  report: (query: QueryParams, signal?: AbortSignal) =>
    apiGet<SalesReport>('/api/console/reports', { query, signal }),
  /** The CSV as a file: a refusal (a period too long) comes back as the server's Spanish message. */
  async csv(query: QueryParams): Promise<{ blob: Blob; fileName: string }> {
    let response: Response;
    try {
      response = await fetch(buildUrl('/api/console/orders.csv', query), { headers: { Accept: 'text/csv' } });
    } catch {
      throw new ApiError(
        0,
        'NETWORK_ERROR',
        'No pudimos conectarnos. Revisá tu conexión e intentá de nuevo.',
      );
    }
    if (!response.ok) {
      const body = (await response.json().catch(() => null)) as { message?: unknown } | null;
      const message = typeof body?.message === 'string' ? body.message : 'No pudimos preparar el archivo.';
      throw new ApiError(response.status, `HTTP_${response.status}`, message);
    }
    const disposition = response.headers.get('Content-Disposition') ?? '';
    const fileName = /filename="([^"]+)"/.exec(disposition)?.[1] ?? 'pedidos.csv';
    return { blob: await response.blob(), fileName };
  },
};
