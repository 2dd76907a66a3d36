import type { RiderShiftAnswer } from '@comanda/core/contract';
import { describe, expect, it } from 'vitest';
import {
  readRiderFlow,
  readStoredRider,
  saveRiderFlow,
  saveStoredRider,
  storedRiderOf,
} from './rider-storage.ts';

const answer: RiderShiftAnswer = {
  id: 7,
  name: 'Martín Gómez',
  phone: '+5491160000001',
  active: true,
  riderUser: { branchContact: { id: 1 } },
  lastLat: null,
  lastLng: null,
  minETA: null,
  maxETA: null,
  shipmentsUrl: '/logistics/donmateo-palermo/rider/7/shipments',
  token: 'secret-token',
  shiftEndsAt: '2026-11-19T03:00:00.000Z',
};

describe('rider storage', () => {
  it('keeps the rider data of a shift answer without its token', () => {
    const stored = storedRiderOf(answer);
    expect(stored).toEqual({
      id: 7,
      name: 'Martín Gómez',
      phone: '+5491160000001',
      active: true,
      branchContactId: 1,
      shipmentsUrl: '/logistics/donmateo-palermo/rider/7/shipments',
      shiftEndsAt: '2026-11-19T03:00:00.000Z',
    });
    expect(JSON.stringify(stored)).not.toContain('secret-token');
  });

  it('carries the flow and the rider data even where the browser storage is missing', () => {
    saveRiderFlow('donmateo-palermo', {
      typedPhone: '91160000001',
      phone: '+5491160000001',
      rider: null,
      outcome: null,
      shipmentsUrl: null,
    });
    expect(readRiderFlow('donmateo-palermo')?.phone).toBe('+5491160000001');
    expect(readRiderFlow('other')).toBeNull();
    saveStoredRider(answer);
    expect(readStoredRider()?.name).toBe('Martín Gómez');
  });
});
