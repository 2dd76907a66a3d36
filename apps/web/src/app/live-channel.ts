import type { PushConnectionState } from '@comanda/core';

/** What the subscription uses of the browser's EventSource (a fake one in tests). */
export interface EventSourceLike {
  readonly readyState: number;
  addEventListener(type: string, listener: (event: MessageEvent) => void): void;
  close(): void;
}

const CLOSED = 2;
/** The longest wait between two reconnections of a channel that reconnects by itself. */
export const RECONNECT_MAX_MS = 30_000;

/** The wait before reconnection number `attempt` (1, 2, …): doubling from `firstMs`, at most RECONNECT_MAX_MS. */
export function reconnectDelayMs(firstMs: number, attempt: number): number {
  return Math.min(firstMs * 2 ** Math.max(0, attempt - 1), Math.max(firstMs, RECONNECT_MAX_MS));
}

interface LiveChannelCommon {
  /** The channel's Server-Sent-Events stream. */
  url: string;
  onState?: (state: PushConnectionState) => void;
  /** Each (re)connection; after a reconnection a caller whose stream has no snapshot refetches. */
  onOpen?: (connection: { isReconnect: boolean }) => void;
  /** Events that arrive before the binding are held (the newest per event) and applied then; 0 binds at once. */
  bindDelayMs?: number;
  /**
   * When the browser gives up on the stream (CLOSED, after a 401, a 5xx or a lost network it could not
   * get past), a new EventSource is opened after this wait, doubling on each failure in a row up to
   * RECONNECT_MAX_MS. Without it, a 'failed' connection stays failed.
   */
  reconnectAfterMs?: number;
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
 * the binding happens, so the delay never loses a change. With `reconnectAfterMs` a stream the browser
 * gave up on is opened again (the first opening after it is a reconnection). Returns the disconnection.
 */
export function subscribeToLiveChannel<T>(options: LiveChannelOptions<T>): () => void {
  const handlers = eventHandlers(options);
  const maybeCreate =
    options.createEventSource === undefined ? defaultEventSource() : options.createEventSource;
  if (!maybeCreate) {
    options.onState?.('unavailable');
    return () => {};
  }
  const create = maybeCreate;
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
  let failures = 0;
  let retry: ReturnType<typeof setTimeout> | undefined;

  const deliver = (name: string, payload: unknown) => {
    if (bound) {
      handlers.get(name)?.deliver(payload);
    } else {
      // re-inserted so the held events are applied in the order their newest arrived
      pending.delete(name);
      pending.set(name, payload);
    }
  };

  function reconnect() {
    if (stopped) return;
    try {
      listen(create(options.url));
    } catch {
      giveUp();
    }
  }

  function giveUp() {
    const firstMs = options.reconnectAfterMs;
    if (stopped || firstMs === undefined) return;
    failures++;
    retry = setTimeout(reconnect, reconnectDelayMs(firstMs, failures));
  }

  function listen(current: EventSourceLike) {
    source = current;
    // a replaced source is closed, but its events may still be queued: only the current one counts
    const isCurrent = () => !stopped && source === current;
    current.addEventListener('open', () => {
      if (!isCurrent()) return;
      failures = 0;
      options.onState?.('connected');
      options.onOpen?.({ isReconnect: hasOpened });
      hasOpened = true;
    });
    current.addEventListener('error', () => {
      if (!isCurrent()) return;
      // EventSource retries by itself while CONNECTING; CLOSED means it has given up
      const closed = current.readyState === CLOSED;
      options.onState?.(closed ? 'failed' : 'disconnected');
      if (!closed || options.reconnectAfterMs === undefined) return;
      current.close();
      giveUp();
    });
    for (const [name, handler] of handlers) {
      current.addEventListener(name, (event) => {
        if (!isCurrent()) return;
        const payload = parsePayload(event.data);
        // not ours: the next event brings the whole state again
        if (payload !== MALFORMED && handler.accepts(payload)) deliver(name, payload);
      });
    }
  }

  listen(source);
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
    clearTimeout(retry);
    source.close();
  };
}
