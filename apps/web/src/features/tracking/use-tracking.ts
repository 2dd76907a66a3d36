import {
  MESSAGES,
  type PushConnectionState,
  shouldSubscribeToTracking,
  type TrackingDataStatus,
} from '@comanda/core';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useCallback, useEffect, useState } from 'react';
import { isApiError } from '../../api/api.ts';
import { useLiveChannel } from '../../app/use-live-channel.ts';
import { logToBackend } from '../diner-log/log-to-backend.ts';
import { isTrackingWaiting, trackingLiveChannel, waitingLiveChannel } from './live-updates.ts';
import { trackingQueries } from './tracking-queries.ts';

/** The spec's live-update feature switch: on unless the build turns it off (VITE_LIVE_TRACKING=false). */
const LIVE_UPDATES_ENABLED = import.meta.env.VITE_LIVE_TRACKING !== 'false';

const errorText = (error: unknown) => (error instanceof Error ? error.message : String(error));

function logConnectionState(state: PushConnectionState) {
  if (state !== 'connected') logToBackend(`Tracking: conexión en vivo ${state}`, { component: 'tracking' });
}

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

  const subscribed = shouldSubscribeToTracking(status, LIVE_UPDATES_ENABLED);
  const waiting = isTrackingWaiting(query.data);
  const trackingConnection = useLiveChannel(
    subscribed && !waiting
      ? trackingLiveChannel(alias, orderCode, {
          onUpdate: (info) => queryClient.setQueryData(options.queryKey, info),
          onState: logConnectionState,
        })
      : null,
  );
  // no shipment yet: the order's own channel says when one exists, and the tracking is asked for again
  const waitingConnection = useLiveChannel(
    subscribed && waiting
      ? waitingLiveChannel(alias, orderCode, {
          onShipment: () => void queryClient.invalidateQueries({ queryKey: options.queryKey }),
          onState: logConnectionState,
        })
      : null,
  );
  const connection = trackingConnection ?? waitingConnection;

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
