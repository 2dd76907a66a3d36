/**
 * The riders' calls (section 7). The rider token travels in the httpOnly `rider` cookie the server
 * sets when a shift starts; same-origin fetches send it, so no call here handles it.
 */
import type {
  Rider,
  RiderCreate,
  RiderPhoneCodeSent,
  RiderShiftAnswer,
  RiderUpdate,
  Whoami,
} from '@comanda/core/contract';
import { queryOptions } from '@tanstack/react-query';
import { apiGet, apiPost, apiPut } from '../../api/api.ts';

export function lookupRider(branchContactId: number, phone: string): Promise<Rider> {
  return apiGet<Rider>('/api/rider/bc/phone', { query: { branchContactId, phone } });
}

/** Registers the rider and starts the shift. */
export function createRider(body: RiderCreate): Promise<RiderShiftAnswer> {
  return apiPost<RiderShiftAnswer>('/api/rider/createwithcode', body);
}

/**
 * Starts (active true) or ends (active false) a shift. On a phone the rider never used, the server
 * answers that it sent a one-time code to the rider's phone; the same call with `phoneCode` completes it.
 */
export function updateRiderShift(
  riderId: number,
  body: RiderUpdate,
): Promise<RiderShiftAnswer | RiderPhoneCodeSent> {
  return apiPut<RiderShiftAnswer | RiderPhoneCodeSent>(`/api/rider/${riderId}/updatewithcode`, body);
}

export const riderQueries = {
  /** Who the rider token belongs to; a failure means the link or the shift is no longer valid. */
  whoami: () =>
    queryOptions({
      queryKey: ['rider', 'whoami'],
      queryFn: ({ signal }) => apiGet<Whoami>('/api/whoami', { signal }),
      staleTime: 5 * 60_000,
    }),
};
