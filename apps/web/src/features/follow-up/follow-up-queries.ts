import { type FollowUpOrder, ORDER_UPDATE_EVENT, type OrderErrorReport } from '@comanda/core/contract';
import { type QueryKey, queryOptions, useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { apiGet, apiPut } from '../../api/api.ts';

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

export function reportOrderError(report: OrderErrorReport): Promise<FollowUpOrder> {
  return apiPut<FollowUpOrder>('/api/diner/order/error', report);
}

/**
 * While the order is open the page listens to its own channel: each event carries the whole order,
 * which replaces the one on screen. The 30 s refresh stays as the fallback without EventSource.
 */
export function useOrderLiveUpdates(alias: string, code: string, queryKey: QueryKey, enabled: boolean) {
  const queryClient = useQueryClient();
  useEffect(() => {
    if (!enabled || typeof EventSource === 'undefined') return;
    const source = new EventSource(
      `/api/events/order/${encodeURIComponent(alias)}/${encodeURIComponent(code)}`,
    );
    source.addEventListener(ORDER_UPDATE_EVENT, (event) => {
      try {
        const order = JSON.parse(String(event.data)) as FollowUpOrder;
        if (order?.code) queryClient.setQueryData(queryKey, order);
      } catch {
        // a malformed event: the next one, or the periodic refresh, brings the whole order again
      }
    });
    return () => source.close();
  }, [alias, code, enabled, queryClient, queryKey]);
}
