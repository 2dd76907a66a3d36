import { CONSOLE_BOARD_EVENT, CONSOLE_ORDER_EVENT, type PushConnectionState } from '@comanda/core';
import type { ConsoleBoard } from '@comanda/core/contract';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef, useState } from 'react';
import { useLiveChannel } from '../../app/use-live-channel.ts';
import { upsertOrder } from './board-columns.ts';
import { consoleEventsUrl } from './console-api.ts';
import { FEED_RETRY_MS, type FeedState, feedState, isConsoleBoard, isConsoleOrder } from './console-feed.ts';
import { consoleQueries } from './console-queries.ts';

/** The day's figures come from the server: refreshed shortly after the last change, not on each one. */
const TOTALS_REFRESH_MS = 2500;
/** On a (re)connection the server sends the whole board first; without it, we ask for it. */
const SNAPSHOT_WAIT_MS = 1500;

/**
 * Keeps the contact's board live: each changed order is put into the board's query data, and each
 * (re)connection brings the whole board again so nothing that happened offline is lost. When the browser
 * gives up on the stream, a new one is opened (FEED_RETRY_MS, then longer).
 */
export function useConsoleLive(contactId: number, onSessionLost: () => void): FeedState {
  const queryClient = useQueryClient();
  const sessionLost = useRef(onSessionLost);
  sessionLost.current = onSessionLost;
  const timers = useRef<{ totals?: ReturnType<typeof setTimeout>; snapshot?: ReturnType<typeof setTimeout> }>(
    {},
  );
  useEffect(
    () => () => {
      clearTimeout(timers.current.totals);
      clearTimeout(timers.current.snapshot);
    },
    [],
  );

  const { queryKey } = consoleQueries.board(contactId);
  const refetchBoard = () => void queryClient.invalidateQueries({ queryKey });
  const connection = useLiveChannel({
    url: consoleEventsUrl(contactId),
    reconnectAfterMs: FEED_RETRY_MS,
    onOpen: () => {
      clearTimeout(timers.current.snapshot);
      timers.current.snapshot = setTimeout(refetchBoard, SNAPSHOT_WAIT_MS);
    },
    onState: (state: PushConnectionState) => {
      if (state !== 'failed') return;
      // the browser gave up: an expired session answers 401, which sends the staff to sign in
      queryClient.fetchQuery({ ...consoleQueries.session(), staleTime: 0 }).catch((error: unknown) => {
        if ((error as { status?: number }).status === 401) sessionLost.current();
      });
    },
    events: {
      [CONSOLE_BOARD_EVENT]: (board) => {
        if (!isConsoleBoard(board)) return;
        clearTimeout(timers.current.snapshot);
        if (board.contactId === contactId) queryClient.setQueryData<ConsoleBoard>(queryKey, board);
      },
      [CONSOLE_ORDER_EVENT]: (order) => {
        if (!isConsoleOrder(order)) return;
        queryClient.setQueryData<ConsoleBoard>(queryKey, (board) =>
          board ? upsertOrder(board, order) : board,
        );
        clearTimeout(timers.current.totals);
        timers.current.totals = setTimeout(refetchBoard, TOTALS_REFRESH_MS);
      },
    },
  });
  return feedState(connection);
}

/**
 * The server's clock, ticking on this device: ages and "scheduled for later" agree with the server
 * even when the tablet's clock is off. Re-renders every 30 s.
 */
export function useServerNow(serverNow: string | undefined, tickMs = 30_000): number {
  const offset = useRef(0);
  const seen = useRef<string | undefined>(undefined);
  if (serverNow && serverNow !== seen.current) {
    seen.current = serverNow;
    const parsed = Date.parse(serverNow);
    if (!Number.isNaN(parsed)) offset.current = parsed - Date.now();
  }
  const [, setTick] = useState(0);
  useEffect(() => {
    const timer = setInterval(() => setTick((tick) => tick + 1), tickMs);
    return () => clearInterval(timer);
  }, [tickMs]);
  return Date.now() + offset.current;
}
