import type { PushConnectionState } from '@comanda/core';

/** What the subscription uses of the browser's EventSource (a fake one in tests). */
export interface EventSourceLike {
  readonly readyState: number;
  addEventListener(type: string, listener: (event: MessageEvent) => void): void;
  close(): void;
}

const CLOSED = 2;

interface LiveChannelCommon {
  /** The channel's Server-Sent-Events stream. */
  url: string;
  onState?: (state: PushConnectionState) => void;
  /** Each (re)connection; after a reconnection a caller whose stream has no snapshot refetches. */
  onOpen?: (connection: { isReconnect: boolean }) => void;
  /** Events that arrive before the binding are held (the newest per event) and applied then; 0 binds at once. */
  bindDelayMs?: number;
  /** null when the browser has no EventSource: the connection is 'unavailable'. */
  createEventSource?: ((url: string) => EventSourceLike) | null;
}

/** Several events of one channel, each handler getting the parsed payload to check itself. */
export interface LiveEventsOptions extends LiveChannelCommon {
  events: Readonly<Record<string, (payload: unknown) => void>>;
}

/** One event whose payloads are checked before they are held or applied. */
export interface LiveEventOptions<T> extends LiveChannelCommon {
  event: string;
  isPayload: (value: unknown) => value is T;
  onUpdate: (payload: T) => void;
}

export type LiveChannelOptions<T = unknown> = LiveEventsOptions | LiveEventOptions<T>;

interface EventHandler {
  accepts: (payload: unknown) => boolean;
  deliver: (payload: unknown) => void;
}

function eventHandlers<T>(options: LiveChannelOptions<T>): Map<string, EventHandler> {
  if ('events' in options) {
    return new Map(
      Object.entries(options.events).map(([name, deliver]) => [name, { accepts: () => true, deliver }]),
    );
  }
  const { isPayload, onUpdate } = options;
  return new Map([[options.event, { accepts: isPayload, deliver: (payload) => onUpdate(payload as T) }]]);
}

/** The event names a subscription listens to, in a stable order (a React effect's dependency). */
export function liveEventNames<T>(options: LiveChannelOptions<T>): string[] {
  return 'events' in options ? Object.keys(options.events) : [options.event];
}

function defaultEventSource(): ((url: string) => EventSourceLike) | null {
  return typeof EventSource === 'undefined' ? null : (url) => new EventSource(url);
}

const MALFORMED = Symbol('malformed');

function parsePayload(data: unknown): unknown {
  try {
    return JSON.parse(String(data));
  } catch {
    return MALFORMED;
  }
}

/**
 * Subscribes to one live channel over Server-Sent Events (DESIGN.md, live updates; the spec's push
 * subscription, section 4): reports the connection state, and binds the events after `bindDelayMs`.
 * An event that arrives before the binding is kept (only the newest of each event) and applied when
 * the binding happens, so the delay never loses a change. Returns the disconnection.
 */
export function subscribeToLiveChannel<T>(options: LiveChannelOptions<T>): () => void {
  const handlers = eventHandlers(options);
  const create = options.createEventSource === undefined ? defaultEventSource() : options.createEventSource;
  if (!create) {
    options.onState?.('unavailable');
    return () => {};
  }
  let source: EventSourceLike;
  try {
    source = create(options.url);
  } catch {
    options.onState?.('unavailable');
    return () => {};
  }
  const delay = options.bindDelayMs ?? 0;
  let bound = delay <= 0;
  const pending = new Map<string, unknown>();
  let stopped = false;
  let hasOpened = false;

  source.addEventListener('open', () => {
    if (stopped) return;
    options.onState?.('connected');
    options.onOpen?.({ isReconnect: hasOpened });
    hasOpened = true;
  });
  source.addEventListener('error', () => {
    // EventSource retries by itself while CONNECTING; CLOSED means it has given up
    if (!stopped) options.onState?.(source.readyState === CLOSED ? 'failed' : 'disconnected');
  });
  for (const [name, handler] of handlers) {
    source.addEventListener(name, (event) => {
      if (stopped) return;
      const payload = parsePayload(event.data);
      // not ours: the next event brings the whole state again
      if (payload === MALFORMED || !handler.accepts(payload)) return;
      if (bound) {
        handler.deliver(payload);
      } else {
        // re-inserted so the held events are applied in the order their newest arrived
        pending.delete(name);
        pending.set(name, payload);
      }
    });
  }
  const binding = bound
    ? undefined
    : setTimeout(() => {
        bound = true;
        for (const [name, payload] of pending) {
          if (!stopped) handlers.get(name)?.deliver(payload);
        }
        pending.clear();
      }, delay);

  return () => {
    stopped = true;
    clearTimeout(binding);
    source.close();
  };
}
