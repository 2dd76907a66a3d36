/**
 * An open menu or cart follows its shop live (the contact's storefront channel): when a plate runs
 * out or comes back, or a mode is paused or resumed, the menu and the modes are fetched again, so the
 * diner sees it now and not at 'Realizar pedido'. The menu answers 304 when nothing of it changed.
 * The subscription's code loads after the first paint: the menu's first screen carries none of it (the
 * cart's does, see below).
 */
import { STOREFRONT_CHANGE_EVENT, STOREFRONT_OPEN_EVENT } from '@comanda/core';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';

type LiveChannelCode = typeof import('../../app/live-channel.ts');

/** The menu's way: the code downloads after the first screen. */
const liveChannelLater = (): Promise<LiveChannelCode> => import('../../app/live-channel.ts');

/**
 * `liveChannel`: the channel's code when the page already carries it (the cart: its stream then opens
 * with the first render, not a download later).
 */
export function useStorefrontLive(
  contact: { id: number; alias: string } | null | undefined,
  liveChannel?: LiveChannelCode,
): void {
  const queryClient = useQueryClient();
  const id = contact?.id;
  const alias = contact?.alias;
  useEffect(() => {
    if (id === undefined || alias === undefined) return;
    const refresh = () => {
      void queryClient.invalidateQueries({ queryKey: ['diner', 'orderModes', id] });
      void queryClient.invalidateQueries({ queryKey: ['diner', 'menu', alias] });
    };
    let stop: (() => void) | null = null;
    let left = false;
    void (liveChannel ? Promise.resolve(liveChannel) : liveChannelLater()).then(
      ({ subscribeToLiveChannel }) => {
        if (left) return;
        stop = subscribeToLiveChannel({
          url: `/api/events/storefront/${id}`,
          events: { [STOREFRONT_OPEN_EVENT]: () => {}, [STOREFRONT_CHANGE_EVENT]: refresh },
          // a change missed while the stream was away comes with a fetch
          onOpen: ({ isReconnect }) => {
            if (isReconnect) refresh();
          },
          reconnectAfterMs: 5000,
        });
      },
    );
    return () => {
      left = true;
      stop?.();
    };
  }, [id, alias, queryClient, liveChannel]);
}
