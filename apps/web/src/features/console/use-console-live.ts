import type { ConsoleBoard } from '@comanda/core/contract';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef, useState } from 'react';
import { upsertOrder } from './board-columns.ts';
import { consoleEventsUrl } from './console-api.ts';
import { type FeedState, subscribeToConsoleFeed } from './console-feed.ts';
import { consoleQueries } from './console-queries.ts';

/** The day's figures come from the server: refreshed shortly after the last change, not on each one. */
const TOTALS_REFRESH_MS = 2500;
/** On a (re)connection the server sends the whole board first; without it, we ask for it. */
const SNAPSHOT_WAIT_MS = 1500;

/**
 * Keeps the contact's board live: each changed order is put into the board's query data, and each
 * (re)connection brings the whole board again so nothing that happened offline is lost.
 */
export function useConsoleLive(contactId: number, onSessionLost: () => void): FeedState {
  const queryClient = useQueryClient();
  const [state, setState] = useState<FeedState>('connecting');
  const sessionLost = useRef(onSessionLost);
  sessionLost.current = onSessionLost;

  useEffect(() => {
    const { queryKey } = consoleQueries.board(contactId);
    let totalsTimer: ReturnType<typeof setTimeout> | undefined;
    let snapshotTimer: ReturnType<typeof setTimeout> | undefined;
    const refetchBoard = () => void queryClient.invalidateQueries({ queryKey });

    const stop = subscribeToConsoleFeed({
      url: consoleEventsUrl(contactId),
      onState: setState,
      onConnected: () => {
        clearTimeout(snapshotTimer);
        snapshotTimer = setTimeout(refetchBoard, SNAPSHOT_WAIT_MS);
      },
      onBoard: (board) => {
        clearTimeout(snapshotTimer);
        if (board.contactId === contactId) queryClient.setQueryData<ConsoleBoard>(queryKey, board);
      },
      onOrder: (order) => {
        queryClient.setQueryData<ConsoleBoard>(queryKey, (board) =>
          board ? upsertOrder(board, order) : board,
        );
        clearTimeout(totalsTimer);
        totalsTimer = setTimeout(refetchBoard, TOTALS_REFRESH_MS);
      },
      // the browser gave up: an expired session answers 401, which sends the staff to sign in
      onGaveUp: () => {
        queryClient.fetchQuery({ ...consoleQueries.session(), staleTime: 0 }).catch((error: unknown) => {
          if ((error as { status?: number }).status === 401) sessionLost.current();
        });
      },
    });
    return () => {
      stop();
      clearTimeout(totalsTimer);
      clearTimeout(snapshotTimer);
    };
  }, [contactId, queryClient]);

  return state;
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
