import { ORDER_UPDATE_EVENT } from '@comanda/core';
import type { FollowUpOrder } from '@comanda/core/contract';
import { type QueryKey, useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';

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
