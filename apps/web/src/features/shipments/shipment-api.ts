/** The rider's shipment calls (section 7), as react-query options and plain update calls. */
import type { RiderShipment, RiderShipmentStack, ShipmentList, ShipmentUpdate } from '@comanda/core/contract';
import { queryOptions } from '@tanstack/react-query';
import { apiGet, apiPut } from '../../api/api.ts';
import type { ShipmentType } from '../rider/rider-paths.ts';
import { shipmentListQuery, shipmentStackListQuery } from './shipment-rules.ts';

/** `GET /api/shipments/rider`: the rider's shipment in progress, if any. */
export interface RiderInProgress {
  shipment: RiderShipment | null;
  stack: RiderShipmentStack | null;
}

export type ShipmentDetail =
  | { type: 'SIMPLE'; shipment: RiderShipment }
  | { type: 'STACK'; stack: RiderShipmentStack };

// what riders see changes by the minute (another rider takes a shipment): never served stale from cache
const FRESH = { staleTime: 0, retry: false } as const;

export const shipmentQueries = {
  list: (branchContactId: number) =>
    queryOptions({
      queryKey: ['shipments', 'list', branchContactId],
      queryFn: ({ signal }) =>
        apiGet<ShipmentList>('/api/shipments', {
          query: shipmentListQuery(branchContactId, new Date()),
          signal,
        }),
      ...FRESH,
    }),

  stacks: (branchContactId: number) =>
    queryOptions({
      queryKey: ['shipments', 'stacks', branchContactId],
      queryFn: ({ signal }) =>
        apiGet<RiderShipmentStack[]>('/api/shipmentstacks', {
          query: shipmentStackListQuery(branchContactId),
          signal,
        }),
      ...FRESH,
    }),

  inProgress: () =>
    queryOptions({
      queryKey: ['shipments', 'in-progress'],
      queryFn: ({ signal }) => apiGet<RiderInProgress>('/api/shipments/rider', { signal }),
      ...FRESH,
    }),

  detail: (type: ShipmentType, id: number) =>
    queryOptions({
      queryKey: ['shipments', 'detail', type, id],
      queryFn: async ({ signal }): Promise<ShipmentDetail> =>
        type === 'STACK'
          ? { type, stack: await apiGet<RiderShipmentStack>(`/api/stacking/${id}`, { signal }) }
          : { type, shipment: await apiGet<RiderShipment>(`/api/shipments/${id}`, { signal }) },
      ...FRESH,
    }),
};

/** `PUT /api/shipments/{id}` or `PUT /api/stacking/{id}`: the next status, or DRIVER_CANCELED. */
export async function updateShipmentDetail(
  type: ShipmentType,
  id: number,
  body: ShipmentUpdate,
): Promise<ShipmentDetail> {
  return type === 'STACK'
    ? { type, stack: await apiPut<RiderShipmentStack>(`/api/stacking/${id}`, body) }
    : { type, shipment: await apiPut<RiderShipment>(`/api/shipments/${id}`, body) };
}

/** `PUT /api/rider/location` while the rider has a shipment on its way. */
export function sendRiderLocation(lat: number, lng: number): Promise<unknown> {
  return apiPut('/api/rider/location', { lat, lng });
}
