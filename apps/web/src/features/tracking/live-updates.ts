import { TRACKING_BIND_DELAY_MS, TRACKING_UPDATE_EVENT } from '@comanda/core';
import type { TrackingInfo } from '@comanda/core/contract';
import type { LiveEventOptions } from '../../app/live-channel.ts';
import { trackingEventsUrl } from './tracking-queries.ts';

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
