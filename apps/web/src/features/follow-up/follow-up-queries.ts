// imported by the router (the first JS): types only from the contract, whose zod schemas are not small
import type { FollowUpOrder, OrderDetailsUpdate } from '@comanda/core/contract';
import { queryOptions } from '@tanstack/react-query';
import { apiGet, apiPost } from '../../api/api.ts';

/** An open order is asked for again this often while the page is visible. */
const OPEN_ORDER_REFRESH_MS = 30_000;

export const followUpQueries = {
  order: (alias: string, code: string) =>
    queryOptions({
      queryKey: ['follow-up', alias, code],
      queryFn: ({ signal }) =>
        apiGet<FollowUpOrder>(`/api/diner/${encodeURIComponent(alias)}/order/${encodeURIComponent(code)}`, {
          signal,
        }),
      // the spec refreshes when the tab becomes visible again; an open order also refreshes on its own
      refetchOnWindowFocus: 'always',
      refetchInterval: (query) => (query.state.data?.inProgress ? OPEN_ORDER_REFRESH_MS : false),
      retryOnMount: false,
    }),
};

/** The spec's order details update: the diner's problem report (its failure: 'Hubo un error actualizando el pedido'). */
export function updateOrderDetails(details: OrderDetailsUpdate): Promise<FollowUpOrder> {
  return apiPost<FollowUpOrder>('/api/diner/order/details', details);
}
