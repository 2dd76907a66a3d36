import { type PushConnectionState, TRACKING_BIND_DELAY_MS, TRACKING_UPDATE_EVENT } from '@comanda/core';
import type { TrackingInfo } from '@comanda/core/contract';

/** What the subscription uses of the browser's EventSource (a fake one in tests). */
export interface EventSourceLike {
  readonly readyState: number;
  addEventListener(type: string, listener: (event: MessageEvent) => void): void;
  close(): void;
}

const CLOSED = 2;

export interface TrackingSubscriptionOptions {
  url: string;
  onUpdate: (info: TrackingInfo) => void;
  onState: (state: PushConnectionState) => void;
  /** null when the browser has no EventSource: the connection is 'unavailable'. */
  createEventSource?: ((url: string) => EventSourceLike) | null;
  bindDelayMs?: number;
}

function defaultEventSource(): ((url: string) => EventSourceLike) | null {
  return typeof EventSource === 'undefined' ? null : (url) => new EventSource(url);
}

function isTrackingInfo(value: unknown): value is TrackingInfo {
  if (!value || typeof value !== 'object') return false;
  const info = value as Partial<TrackingInfo>;
  return typeof info.id === 'number' && typeof info.status === 'string' && typeof info.orderCode === 'string';
}

/**
 * The spec's push subscription (section 4): connect to the order's channel, and bind the tracking
 * update event after a one-second delay; from then on each event's payload replaces the data. An event
 * that arrives before the binding is kept (only the newest) and applied when the binding happens, so
 * the delay never loses a change. Returns the disconnection, for when the page goes away.
 */
export function subscribeToTracking(options: TrackingSubscriptionOptions): () => void {
  const create = options.createEventSource === undefined ? defaultEventSource() : options.createEventSource;
  if (!create) {
    options.onState('unavailable');
    return () => {};
  }
  let source: EventSourceLike;
  try {
    source = create(options.url);
  } catch {
    options.onState('unavailable');
    return () => {};
  }
  let bound = false;
  let pending: TrackingInfo | null = null;
  let stopped = false;

  source.addEventListener('open', () => {
    if (!stopped) options.onState('connected');
  });
  source.addEventListener('error', () => {
    // EventSource retries by itself while CONNECTING; CLOSED means it has given up
    if (!stopped) options.onState(source.readyState === CLOSED ? 'failed' : 'disconnected');
  });
  source.addEventListener(TRACKING_UPDATE_EVENT, (event) => {
    if (stopped) return;
    let payload: unknown;
    try {
      payload = JSON.parse(String(event.data));
    } catch {
      return; // not ours: the next event brings the whole state again
    }
    if (!isTrackingInfo(payload)) return;
    if (bound) options.onUpdate(payload);
    else pending = payload;
  });
  const binding = setTimeout(() => {
    bound = true;
    if (pending && !stopped) options.onUpdate(pending);
    pending = null;
  }, options.bindDelayMs ?? TRACKING_BIND_DELAY_MS);

  return () => {
    stopped = true;
    clearTimeout(binding);
    source.close();
  };
}
