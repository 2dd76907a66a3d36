import {
  MESSAGES,
  type PushConnectionState,
  shouldSubscribeToTracking,
  type TrackingDataStatus,
} from '@comanda/core';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useCallback, useEffect, useState } from 'react';
import { isApiError } from '../../api/api.ts';
import { logToBackend } from '../diner-log/log-to-backend.ts';
import { subscribeToTracking } from './live-updates.ts';
import { trackingEventsUrl, trackingQueries } from './tracking-queries.ts';

/** The spec's live-update feature switch: on unless the build turns it off (VITE_LIVE_TRACKING=false). */
const LIVE_UPDATES_ENABLED = import.meta.env.VITE_LIVE_TRACKING !== 'false';

const errorText = (error: unknown) => (error instanceof Error ? error.message : String(error));

/**
 * The tracking page's data (section 4): 'initial' until the first successful fetch, then 'loaded';
 * 'Actualizar' goes back to 'initial' and fetches again. Only while 'loaded' does the page listen to
 * the order's channel, whose events replace the data.
 */
export function useTracking(alias: string, orderCode: string) {
  const queryClient = useQueryClient();
  const options = trackingQueries.info(alias, orderCode);
  const query = useQuery(options);
  const [refreshing, setRefreshing] = useState(false);
  const [connection, setConnection] = useState<PushConnectionState | null>(null);
  const status: TrackingDataStatus = query.isSuccess && !refreshing ? 'loaded' : 'initial';

  const accessDenied = isApiError(query.error) && (query.error.status === 404 || query.error.status === 400);

  // the spec's fetch failure: logged, and the page goes on with nothing to show (no message)
  useEffect(() => {
    if (query.error && !accessDenied && !query.data) {
      logToBackend(`Tracking: no se pudo obtener el seguimiento: ${errorText(query.error)}`, {
        component: 'tracking',
      });
    }
  }, [query.error, query.data, accessDenied]);

  useEffect(() => {
    if (!shouldSubscribeToTracking(status, LIVE_UPDATES_ENABLED)) return;
    const { queryKey } = trackingQueries.info(alias, orderCode);
    const stop = subscribeToTracking({
      url: trackingEventsUrl(alias, orderCode),
      onUpdate: (info) => queryClient.setQueryData(queryKey, info),
      onState: (state) => {
        setConnection(state);
        if (state !== 'connected') {
          logToBackend(`Tracking: conexión en vivo ${state}`, { component: 'tracking' });
        }
      },
    });
    return () => {
      stop();
      setConnection(null);
    };
  }, [status, alias, orderCode, queryClient]);

  const refresh = useCallback(async () => {
    setRefreshing(true);
    try {
      const result = await query.refetch();
      if (result.error) logToBackend(`${MESSAGES.logRefreshFailed} ${errorText(result.error)}`);
    } finally {
      setRefreshing(false);
    }
  }, [query.refetch]);

  return {
    info: query.data ?? null,
    isPending: query.isPending,
    accessDenied,
    status,
    refreshing,
    refresh,
    connection,
  };
}
