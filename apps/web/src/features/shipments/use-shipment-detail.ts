import { MESSAGES, type ShipmentStatus } from '@comanda/core';
import type { ShipmentUpdate } from '@comanda/core/contract';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useCallback, useEffect, useRef, useState } from 'react';
import { useToast } from '../../ui/toast.tsx';
import type { ShipmentType } from '../rider/rider-paths.ts';
import { type ShipmentDetail, shipmentQueries, updateShipmentDetail } from './shipment-api.ts';
import { REFRESH_AFTER_UPDATE_MS, shouldRefetchStack } from './shipment-rules.ts';
import {
  fetchFailure,
  type UpdateFeedback,
  updateFailureFeedback,
  updateSuccessFeedback,
} from './update-feedback.ts';

function vibrate(pattern: readonly number[]): void {
  try {
    navigator.vibrate?.([...pattern]);
  } catch {
    // some browsers refuse vibration outside a gesture: the toast still tells the rider
  }
}

/**
 * One shipment or stack for its detail page, and its updates (section 4): after each update the
 * shipment is fetched again (at once and 5 s later), a success toasts and vibrates 100 ms, a failure
 * toasts its reason and vibrates the long pattern; a stack whose shipments are all delivered or
 * cancelled is fetched again.
 */
export function useShipmentDetail(type: ShipmentType, id: number, enabled: boolean) {
  const queryClient = useQueryClient();
  const toast = useToast();
  const options = shipmentQueries.detail(type, id);
  const query = useQuery({ ...options, enabled });
  const [denied, setDenied] = useState(false);
  const [codeError, setCodeError] = useState<string | null>(null);
  const later = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);

  useEffect(() => () => clearTimeout(later.current), []);

  useEffect(() => {
    if (!query.error) return;
    const failure = fetchFailure(query.error, 'shipment');
    // the 404 page says 'Acceso denegado o link expirado' itself
    if (failure.message !== MESSAGES.accessDenied) toast(failure.message);
    if (failure.accessDenied) setDenied(true);
  }, [query.error, toast]);

  const refetchAll = useCallback(() => {
    // the list and the rider's shipment in progress changed too
    void queryClient.invalidateQueries({ queryKey: ['shipments'] });
  }, [queryClient]);

  const feedback = useCallback(
    (result: UpdateFeedback) => {
      toast(result.message);
      vibrate(result.vibration);
    },
    [toast],
  );

  const mutation = useMutation({
    mutationFn: (body: ShipmentUpdate) => updateShipmentDetail(type, id, body),
    onSuccess: (detail: ShipmentDetail, body) => {
      queryClient.setQueryData(options.queryKey, detail);
      setCodeError(null);
      feedback(updateSuccessFeedback(body.status as ShipmentStatus, body.undeliverableReason !== undefined));
      refetchAll();
      if (detail.type === 'STACK' && shouldRefetchStack(detail.stack)) void query.refetch();
      clearTimeout(later.current);
      later.current = setTimeout(() => void query.refetch(), REFRESH_AFTER_UPDATE_MS);
    },
    onError: (error) => {
      const result = updateFailureFeedback(error);
      feedback(result);
      setCodeError(result.codeWrong ? result.message : null);
      if (result.accessDenied) setDenied(true);
      // a lost auction shows once the shipment is fetched again
      else refetchAll();
    },
  });

  return {
    data: query.data ?? null,
    isPending: query.isPending,
    isRefetching: query.isRefetching,
    refetch: query.refetch,
    denied,
    update: mutation.mutate,
    updating: mutation.isPending,
    codeError,
    clearCodeError: () => setCodeError(null),
  };
}
