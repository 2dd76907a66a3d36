import { ORDER_UPDATE_EVENT } from '@comanda/core';
import type { FollowUpOrder } from '@comanda/core/contract';
import { type QueryKey, useQueryClient } from '@tanstack/react-query';
import { useLiveChannel } from '../../app/use-live-channel.ts';

function isFollowUpOrder(value: unknown): value is FollowUpOrder {
  if (!value || typeof value !== 'object') return false;
  const { code } = value as Partial<FollowUpOrder>;
  return typeof code === 'string' && code !== '';
}

const orderEventsUrl = (alias: string, code: string) =>
  `/api/events/order/${encodeURIComponent(alias)}/${encodeURIComponent(code)}`;

/**
 * While the order is open the page listens to its own channel: each event carries the whole order,
 * which replaces the one on screen. The stream sends the current order first on every connection, so
 * a reconnection needs no refetch; the 30 s refresh stays as the fallback without EventSource.
 */
export function useOrderLiveUpdates(alias: string, code: string, queryKey: QueryKey, enabled: boolean) {
  const queryClient = useQueryClient();
  useLiveChannel(
    enabled
      ? {
          url: orderEventsUrl(alias, code),
          event: ORDER_UPDATE_EVENT,
          isPayload: isFollowUpOrder,
          onUpdate: (order) => queryClient.setQueryData(queryKey, order),
        }
      : null,
  );
}
