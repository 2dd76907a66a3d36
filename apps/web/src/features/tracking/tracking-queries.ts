import type { TrackingAnswer } from '@comanda/core/contract';
import { queryOptions } from '@tanstack/react-query';
import { apiGet } from '../../api/api.ts';

const segment = encodeURIComponent;

/** The same URL the page shell preloads (apps/server/src/features/web-shell/shell-page.ts). */
export function trackingInfoUrl(alias: string, orderCode: string): string {
  return `/api/logisticsorder/tracking/${segment(alias)}/${segment(orderCode)}`;
}

/** The live stream of the order's 'tracking-{id}' channel. */
export function trackingEventsUrl(alias: string, orderCode: string): string {
  return `/api/events/tracking/${segment(alias)}/${segment(orderCode)}`;
}

/** The order's own stream: while no shipment exists yet, the page listens to it for the one to come. */
export function orderEventsUrl(alias: string, orderCode: string): string {
  return `/api/events/order/${segment(alias)}/${segment(orderCode)}`;
}

export const trackingQueries = {
  info: (alias: string, orderCode: string) =>
    queryOptions({
      queryKey: ['tracking', alias, orderCode],
      queryFn: ({ signal }) => apiGet<TrackingAnswer>(trackingInfoUrl(alias, orderCode), { signal }),
      // fresh data comes from the live stream and the 'Actualizar' button, never from a silent refetch
      staleTime: Number.POSITIVE_INFINITY,
      // the route loader's prefetch already tried: an unknown order is not asked for twice
      retryOnMount: false,
    }),
};
