import { ORDER_UPDATE_EVENT, TRACKING_BIND_DELAY_MS, TRACKING_UPDATE_EVENT } from '@comanda/core';
import type { FollowUpOrder, TrackingAnswer, TrackingInfo, TrackingWaiting } from '@comanda/core/contract';
import type { LiveEventOptions } from '../../app/live-channel.ts';
import { orderEventsUrl, trackingEventsUrl } from './tracking-queries.ts';

export function isTrackingInfo(value: unknown): value is TrackingInfo {
  if (!value || typeof value !== 'object') return false;
  const info = value as Partial<TrackingInfo>;
  return typeof info.id === 'number' && typeof info.status === 'string' && typeof info.orderCode === 'string';
}

/**
 * The spec's push subscription (section 4) for one order: its channel's tracking update event, bound
 * after a one-second delay; from then on each event's payload replaces the data.
 */
export function trackingLiveChannel(
  alias: string,
  orderCode: string,
  callbacks: Pick<LiveEventOptions<TrackingInfo>, 'onUpdate' | 'onState'>,
): LiveEventOptions<TrackingInfo> {
  return {
    ...callbacks,
    url: trackingEventsUrl(alias, orderCode),
    event: TRACKING_UPDATE_EVENT,
    isPayload: isTrackingInfo,
    bindDelayMs: TRACKING_BIND_DELAY_MS,
  };
}

/** The answer for a delivery order with no shipment yet (checked here: the contract module is not small). */
export function isTrackingWaiting(answer: TrackingAnswer | null | undefined): answer is TrackingWaiting {
  return Boolean(answer && 'waiting' in answer && answer.waiting === true);
}

type OrderUpdate = Pick<FollowUpOrder, 'status' | 'shipments'>;

function isOrderUpdate(value: unknown): value is OrderUpdate {
  if (!value || typeof value !== 'object') return false;
  const order = value as Partial<FollowUpOrder>;
  return typeof order.status === 'string' && Array.isArray(order.shipments);
}

/** The order now has a shipment, or will never get one: the tracking info must be asked for again. */
export function waitingIsOver(order: OrderUpdate): boolean {
  return (
    order.shipments.length > 0 ||
    order.status === 'DELIVERED' ||
    order.status === 'CANCELED' ||
    order.status === 'PAYMENT_EXPIRED'
  );
}

/**
 * While the order waits for its shipment ('Buscando repartidor') there is no tracking channel yet: the
 * page listens to the order's own, and asks for the tracking again once a shipment exists.
 */
export function waitingLiveChannel(
  alias: string,
  orderCode: string,
  callbacks: { onShipment: () => void; onState?: LiveEventOptions<OrderUpdate>['onState'] },
): LiveEventOptions<OrderUpdate> {
  return {
    url: orderEventsUrl(alias, orderCode),
    event: ORDER_UPDATE_EVENT,
    isPayload: isOrderUpdate,
    onUpdate: (order) => {
      if (waitingIsOver(order)) callbacks.onShipment();
    },
    ...(callbacks.onState ? { onState: callbacks.onState } : {}),
  };
}
