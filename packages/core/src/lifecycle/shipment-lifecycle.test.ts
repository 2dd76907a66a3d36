import { describe, expect, it } from 'vitest';
import { SHIPMENT_STATUSES, type ShipmentStatus } from '../logistics/shipment-status.ts';
import type { LifecycleActor } from './order-lifecycle.ts';
import {
  checkShipmentTransition,
  isOpenShipment,
  isShipmentInFlight,
  nextShipmentStatus,
  orderStatusAfterShipment,
  SHIPMENT_LIFECYCLE_MESSAGES,
  UNDELIVERABLE,
  UNDELIVERABLE_REASONS,
} from './shipment-lifecycle.ts';

const ACTORS: LifecycleActor[] = ['STAFF', 'RIDER', 'SYSTEM', 'PAYMENT_PROVIDER'];
const plain = { returnShipment: false };
const returning = { returnShipment: true };

// [from, to, actors, only for return shipments]
const ALLOWED: [ShipmentStatus, ShipmentStatus, LifecycleActor[], boolean?][] = [
  ['LOOKING_FOR_DRIVER', 'ON_ROUTE_TO_PICK_UP', ['RIDER']],
  ['LOOKING_FOR_DRIVER', 'DRIVER_CANCELED', ['STAFF', 'SYSTEM']],
  ['ON_ROUTE_TO_PICK_UP', 'IN_STORE', ['RIDER']],
  ['ON_ROUTE_TO_PICK_UP', 'DRIVER_CANCELED', ['RIDER', 'STAFF', 'SYSTEM']],
  ['IN_STORE', 'ON_ROUTE_TO_DROP_OFF', ['RIDER']],
  ['IN_STORE', 'ON_ROUTE_TO_DROP_OFFS', ['RIDER']],
  ['IN_STORE', 'DRIVER_CANCELED', ['RIDER', 'STAFF', 'SYSTEM']],
  ['ON_ROUTE_TO_DROP_OFF', 'DELIVERED', ['RIDER']],
  ['ON_ROUTE_TO_DROP_OFF', 'DRIVER_CANCELED', ['RIDER', 'STAFF', 'SYSTEM']],
  ['ON_ROUTE_TO_DROP_OFFS', 'DELIVERED', ['RIDER']],
  ['ON_ROUTE_TO_DROP_OFFS', 'DRIVER_CANCELED', ['RIDER', 'STAFF', 'SYSTEM']],
  ['DELIVERED', 'RETURNED', ['RIDER', 'STAFF'], true],
];

describe('shipment lifecycle', () => {
  it('allows exactly the listed moves to their actors, for plain and return shipments', () => {
    for (const kind of [plain, returning]) {
      for (const from of SHIPMENT_STATUSES) {
        for (const to of SHIPMENT_STATUSES) {
          for (const actor of ACTORS) {
            const listed = ALLOWED.find(([a, b]) => a === from && b === to);
            const expected =
              listed !== undefined &&
              listed[2].includes(actor) &&
              (listed[3] === undefined || listed[3] === kind.returnShipment);
            const label = `${actor} ${from}->${to} return=${kind.returnShipment}`;
            expect(checkShipmentTransition(actor, from, to, kind).ok, label).toBe(expected);
          }
        }
      }
    }
  });

  it('lets a rider cancel only from pick-up to drop-off (the spec list)', () => {
    const cancelable = SHIPMENT_STATUSES.filter(
      (from) => checkShipmentTransition('RIDER', from, 'DRIVER_CANCELED', plain).ok,
    );
    expect(cancelable).toEqual([
      'ON_ROUTE_TO_PICK_UP',
      'IN_STORE',
      'ON_ROUTE_TO_DROP_OFF',
      'ON_ROUTE_TO_DROP_OFFS',
    ]);
  });

  it('assigns the rider on accepting, marks the order ready at pick-up and delivered with the code', () => {
    const accept = checkShipmentTransition('RIDER', 'LOOKING_FOR_DRIVER', 'ON_ROUTE_TO_PICK_UP', plain);
    expect(accept.ok && accept.effects).toEqual(['ASSIGN_RIDER']);
    const leave = checkShipmentTransition('RIDER', 'IN_STORE', 'ON_ROUTE_TO_DROP_OFF', plain);
    expect(leave.ok && orderStatusAfterShipment(leave.effects)).toBe('READY');
    const deliver = checkShipmentTransition('RIDER', 'ON_ROUTE_TO_DROP_OFF', 'DELIVERED', plain);
    expect(deliver.ok && deliver.effects).toContain('CHECK_DELIVERY_CODE');
    expect(deliver.ok && orderStatusAfterShipment(deliver.effects)).toBe('DELIVERED');
    expect(orderStatusAfterShipment([])).toBeNull();
  });

  it('refuses skipping a step, and the staff taking a rider step, with the spec texts', () => {
    expect(checkShipmentTransition('RIDER', 'ON_ROUTE_TO_PICK_UP', 'DELIVERED', plain)).toEqual({
      ok: false,
      code: 'TRANSITION_NOT_ALLOWED',
      message: 'Hubo un error pasando el envío de estado...',
    });
    expect(checkShipmentTransition('STAFF', 'LOOKING_FOR_DRIVER', 'ON_ROUTE_TO_PICK_UP', plain)).toEqual({
      ok: false,
      code: 'TRANSITION_FORBIDDEN',
      message: 'No tienes permisos para ver los envíos',
    });
    expect(checkShipmentTransition('RIDER', 'DELIVERED', 'RETURNED', plain).ok).toBe(false);
    expect(SHIPMENT_LIFECYCLE_MESSAGES.finished).toBe('Este envío ya terminó y no puede cambiar de estado.');
  });

  it('gives the slider one next status per step, the return leg only to return shipments', () => {
    expect(nextShipmentStatus('LOOKING_FOR_DRIVER', plain)).toBe('ON_ROUTE_TO_PICK_UP');
    expect(nextShipmentStatus('ON_ROUTE_TO_PICK_UP', plain)).toBe('IN_STORE');
    expect(nextShipmentStatus('IN_STORE', plain)).toBe('ON_ROUTE_TO_DROP_OFF');
    expect(nextShipmentStatus('IN_STORE', { returnShipment: false, stacked: true })).toBe(
      'ON_ROUTE_TO_DROP_OFFS',
    );
    expect(nextShipmentStatus('ON_ROUTE_TO_DROP_OFF', plain)).toBe('DELIVERED');
    expect(nextShipmentStatus('DELIVERED', plain)).toBeNull();
    expect(nextShipmentStatus('DELIVERED', returning)).toBe('RETURNED');
    expect(nextShipmentStatus('DRIVER_CANCELED', plain)).toBeNull();
    // every slider step is a move the table allows to the rider
    for (const status of SHIPMENT_STATUSES) {
      for (const kind of [plain, returning]) {
        const next = nextShipmentStatus(status, kind);
        if (next) expect(checkShipmentTransition('RIDER', status, next, kind).ok).toBe(true);
      }
    }
  });

  it('treats delivered, returned, cancelled and stacking shipments as closed; a return on its way back as open', () => {
    expect(SHIPMENT_STATUSES.filter((status) => !isOpenShipment(status))).toEqual([
      'DELIVERED',
      'RETURNED',
      'DRIVER_CANCELED',
      'STACKING',
    ]);
    expect(isOpenShipment('DELIVERED', true)).toBe(true);
    expect(isShipmentInFlight('LOOKING_FOR_DRIVER')).toBe(false);
    expect(isShipmentInFlight('ON_ROUTE_TO_DROP_OFF')).toBe(true);
    expect(isShipmentInFlight('DELIVERED', true)).toBe(true);
    expect(isShipmentInFlight('DELIVERED', false)).toBe(false);
  });

  it('lets a rider who cannot deliver bring the order back: undeliverable, then returned', () => {
    const failed = checkShipmentTransition(
      'RIDER',
      'ON_ROUTE_TO_DROP_OFF',
      'DELIVERED',
      plain,
      UNDELIVERABLE,
    );
    expect(failed).toEqual({ ok: true, effects: ['START_RETURN'] });
    expect(
      checkShipmentTransition('RIDER', 'ON_ROUTE_TO_DROP_OFFS', 'DELIVERED', plain, UNDELIVERABLE).ok,
    ).toBe(true);
    // no way to skip the drop-off leg, and no made-up variant
    expect(checkShipmentTransition('RIDER', 'IN_STORE', 'DELIVERED', plain, UNDELIVERABLE).ok).toBe(false);
    expect(checkShipmentTransition('RIDER', 'ON_ROUTE_TO_DROP_OFF', 'DELIVERED', plain, 'OTHER').ok).toBe(
      false,
    );
    expect(checkShipmentTransition('RIDER', 'DELIVERED', 'RETURNED', returning).ok).toBe(true);
    expect(UNDELIVERABLE_REASONS).toContain('El cliente no estaba');
    expect(SHIPMENT_LIFECYCLE_MESSAGES.returnReasonRequired).toBe(
      'Elegí por qué no pudiste entregar el pedido.',
    );
  });

  it('ends nothing from STACKING (a cancelled-type status)', () => {
    for (const to of SHIPMENT_STATUSES)
      for (const actor of ACTORS)
        expect(checkShipmentTransition(actor, 'STACKING', to, plain).ok).toBe(false);
  });
});
