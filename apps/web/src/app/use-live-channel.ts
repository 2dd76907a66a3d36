import type { PushConnectionState } from '@comanda/core';
import { useEffect, useRef, useState } from 'react';
import {
  type LiveChannelOptions,
  type LiveEventOptions,
  type LiveEventsOptions,
  liveEventNames,
  subscribeToLiveChannel,
} from './live-channel.ts';

/**
 * Keeps a live channel subscribed while `options` is not null, and answers its connection state (null
 * while not subscribed). It subscribes again only when the URL, the events, the bind delay or the
 * reconnection wait change: the callbacks may be new on every render, and the newest ones are called.
 */
export function useLiveChannel<T>(options: LiveChannelOptions<T> | null): PushConnectionState | null {
  const [state, setState] = useState<PushConnectionState | null>(null);
  const latest = useRef(options);
  latest.current = options;

  const url = options?.url ?? null;
  const hasManyEvents = options !== null && 'events' in options;
  const eventNames = options ? liveEventNames(options).join('\n') : '';
  const bindDelayMs = options?.bindDelayMs;
  const reconnectAfterMs = options?.reconnectAfterMs;

  useEffect(() => {
    const first = latest.current;
    if (url === null || !first) return;
    // the newest callbacks, while they have the form (one event or many) this subscription was made with
    const current = () => {
      const now = latest.current;
      return now && 'events' in now === hasManyEvents ? now : first;
    };
    const common = {
      url,
      bindDelayMs,
      reconnectAfterMs,
      createEventSource: first.createEventSource,
      onState: (next: PushConnectionState) => {
        setState(next);
        current().onState?.(next);
      },
      onOpen: (connection: { isReconnect: boolean }) => current().onOpen?.(connection),
    };
    const names = eventNames === '' ? [] : eventNames.split('\n');
    const stop = subscribeToLiveChannel<T>(
      hasManyEvents
        ? {
            ...common,
            events: Object.fromEntries(
              names.map((name) => [
                name,
                (payload: unknown) => (current() as LiveEventsOptions).events[name]?.(payload),
              ]),
            ),
          }
        : {
            ...common,
            event: names[0] ?? '',
            isPayload: (value): value is T => (current() as LiveEventOptions<T>).isPayload(value),
            onUpdate: (payload) => (current() as LiveEventOptions<T>).onUpdate(payload),
          },
    );
    return () => {
      stop();
      setState(null);
    };
  }, [url, hasManyEvents, eventNames, bindDelayMs, reconnectAfterMs]);

  return state;
}
