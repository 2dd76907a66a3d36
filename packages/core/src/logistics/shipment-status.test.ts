import { describe, expect, it } from 'vitest';
import { contrastRatio } from '../theme.ts';
import {
  canShowEta,
  canShowRiderPosition,
  isSecurityCodeValid,
  isShipmentStatus,
  SHIPMENT_FORWARD_ORDER,
  SHIPMENT_STATUSES,
  TRACKING_STATUS_BADGES,
  trackingStatusBadge,
} from './shipment-status.ts';

describe('shipment statuses', () => {
  it('lists the spec statuses and its forward order', () => {
    expect(SHIPMENT_STATUSES).toEqual([
      'LOOKING_FOR_DRIVER',
      'ON_ROUTE_TO_PICK_UP',
      'IN_STORE',
      'ON_ROUTE_TO_DROP_OFF',
      'ON_ROUTE_TO_DROP_OFFS',
      'DELIVERED',
      'RETURNED',
      'DRIVER_CANCELED',
      'STACKING',
    ]);
    expect(SHIPMENT_FORWARD_ORDER).toEqual([
      'LOOKING_FOR_DRIVER',
      'ON_ROUTE_TO_PICK_UP',
      'IN_STORE',
      'ON_ROUTE_TO_DROP_OFF',
      'DELIVERED',
      'RETURNED',
    ]);
    expect(isShipmentStatus('IN_STORE')).toBe(true);
    expect(isShipmentStatus('in_store')).toBe(false);
    expect(isShipmentStatus(undefined)).toBe(false);
  });
});

describe('what the tracking page may show in each status', () => {
  // status, rider position, ETA, a stored code is valid
  const table: [string, boolean, boolean, boolean][] = [
    ['LOOKING_FOR_DRIVER', false, true, true],
    // a cancelled-type status (the spec): no code, no ETA
    ['STACKING', false, false, false],
    // the rider reaches the customer's screen only on the way to the drop-off
    ['ON_ROUTE_TO_PICK_UP', false, true, true],
    ['IN_STORE', false, true, true],
    ['ON_ROUTE_TO_DROP_OFF', true, true, true],
    ['ON_ROUTE_TO_DROP_OFFS', true, true, true],
    ['DELIVERED', false, false, false],
    ['RETURNED', false, false, false],
    ['DRIVER_CANCELED', false, false, false],
    ['SOMETHING_ELSE', false, false, false],
  ];
  it.each(table)('%s: rider position %s, ETA %s, code %s', (status, position, eta, code) => {
    expect(canShowRiderPosition(status)).toBe(position);
    expect(canShowEta(status)).toBe(eta);
    expect(isSecurityCodeValid(status, '5821')).toBe(code);
  });

  it('never takes a missing or blank code for a valid one', () => {
    expect(isSecurityCodeValid('ON_ROUTE_TO_DROP_OFF', null)).toBe(false);
    expect(isSecurityCodeValid('ON_ROUTE_TO_DROP_OFF', undefined)).toBe(false);
    expect(isSecurityCodeValid('ON_ROUTE_TO_DROP_OFF', '  ')).toBe(false);
  });
});

describe('status badges of the tracking overlay', () => {
  it('labels each status in Spanish', () => {
    expect(trackingStatusBadge('LOOKING_FOR_DRIVER').label).toBe('Buscando repartidor');
    expect(trackingStatusBadge('STACKING').label).toBe('Envío cancelado');
    expect(trackingStatusBadge('DELIVERED', true).label).toBe('Regresando al local');
    expect(trackingStatusBadge('ON_ROUTE_TO_PICK_UP').label).toBe('Repartidor en camino al local');
    expect(trackingStatusBadge('IN_STORE').label).toBe('Repartidor en el local');
    expect(trackingStatusBadge('ON_ROUTE_TO_DROP_OFF').label).toBe('En camino');
    expect(trackingStatusBadge('ON_ROUTE_TO_DROP_OFFS').label).toBe('En camino');
    expect(trackingStatusBadge('DELIVERED').label).toBe('Entregado');
    expect(trackingStatusBadge('RETURNED').label).toBe('Devuelto al local');
    expect(trackingStatusBadge('DRIVER_CANCELED').label).toBe('Envío cancelado');
    expect(trackingStatusBadge('NOPE')).toEqual({
      label: 'Estado del envío no disponible',
      color: '#4B5563',
    });
  });

  it('has a badge for every status, each readable in white text (WCAG AA)', () => {
    for (const status of SHIPMENT_STATUSES) {
      const badge = TRACKING_STATUS_BADGES[status];
      expect(badge, status).toBeDefined();
      expect(contrastRatio(badge.color, '#FFFFFF'), status).toBeGreaterThanOrEqual(4.5);
    }
  });

  it('tells waiting, on the way, delivered and failed apart by colour', () => {
    const colors = new Set(
      (['LOOKING_FOR_DRIVER', 'ON_ROUTE_TO_DROP_OFF', 'DELIVERED', 'DRIVER_CANCELED'] as const).map(
        (s) => TRACKING_STATUS_BADGES[s].color,
      ),
    );
    expect(colors.size).toBe(4);
  });
});
