import { useQuery } from '@tanstack/react-query';
import { useEffect } from 'react';
import { shipmentQueries } from '../shipments/shipment-api.ts';
import { fetchFailure } from '../shipments/update-feedback.ts';
import type { RiderScreenProps } from './app-link.tsx';
import { AccessDenied } from './logistics-frame.tsx';
import { inProgressTarget } from './rider-paths.ts';

/** The spec's statuses of the redirect page. */
export type RedirectStatus = 'initial' | 'loading' | 'loaded';

/**
 * /logistics/{alias}/rider/{riderId}/shipments (section 2): looks up the rider's shipment in progress
 * and goes to its detail, otherwise to the list. It renders nothing itself, except the spec's 404
 * when the rider's access failed.
 */
export function RiderRedirectPage({ params, go }: RiderScreenProps) {
  const alias = params.alias ?? '';
  const inProgress = useQuery({ ...shipmentQueries.inProgress(), enabled: Boolean(alias) });
  // a cached answer is not enough: the page waits for the fresh one
  const status: RedirectStatus = inProgress.isFetching
    ? 'loading'
    : inProgress.isSuccess
      ? 'loaded'
      : 'initial';
  const denied = inProgress.isError && fetchFailure(inProgress.error, 'list').accessDenied;

  useEffect(() => {
    if (status === 'loaded') go(inProgressTarget(alias, inProgress.data ?? null), { replace: true });
    // any other failure: the list, which tells it and offers 'Actualizar'
    else if (inProgress.isError && !denied) go(inProgressTarget(alias, null), { replace: true });
  }, [status, alias, inProgress.data, inProgress.isError, denied, go]);

  return denied ? <AccessDenied alias={alias} go={go} /> : null;
}
