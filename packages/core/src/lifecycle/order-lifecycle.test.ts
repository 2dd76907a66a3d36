import { describe, expect, it } from 'vitest';
import { ORDER_STATUSES, type OrderStatus } from '../follow-up/follow-up.ts';
import {
  checkOrderTransition,
  isFinalOrderStatus,
  isOnBoard,
  type LifecycleActor,
  nextOrderStatuses,
  ORDER_LIFECYCLE_MESSAGES,
  ORDER_TRANSITIONS,
} from './order-lifecycle.ts';

const ACTORS: LifecycleActor[] = ['STAFF', 'RIDER', 'SYSTEM', 'PAYMENT_PROVIDER'];

// every allowed move, written out once more: a change to the table must change this list too
const ALLOWED: [OrderStatus, OrderStatus, LifecycleActor[]][] = [
  ['UNCONFIRMED', 'GENERATED', ['STAFF', 'SYSTEM']],
  ['UNCONFIRMED', 'CANCELED', ['STAFF', 'SYSTEM']],
  ['PAY_NEEDED', 'GENERATED', ['PAYMENT_PROVIDER']],
  ['PAY_NEEDED', 'PAYMENT_EXPIRED', ['SYSTEM']],
  ['PAY_NEEDED', 'CANCELED', ['STAFF', 'SYSTEM']],
  ['GENERATED', 'ACCEPTED', ['STAFF', 'SYSTEM']],
  ['GENERATED', 'CANCELED', ['STAFF', 'SYSTEM']],
  ['ACCEPTED', 'READY', ['STAFF', 'RIDER']],
  ['ACCEPTED', 'CANCELED', ['STAFF', 'SYSTEM']],
  ['READY', 'DELIVERED', ['STAFF', 'RIDER']],
  ['READY', 'CANCELED', ['STAFF', 'SYSTEM']],
];

describe('order lifecycle', () => {
  it('allows exactly the listed moves, each to its actors, and refuses every other pair', () => {
    for (const from of ORDER_STATUSES) {
      for (const to of ORDER_STATUSES) {
        for (const actor of ACTORS) {
          const listed = ALLOWED.find(([a, b]) => a === from && b === to);
          const result = checkOrderTransition(actor, from, to);
          if (listed?.[2].includes(actor)) expect(result.ok, `${actor} ${from}->${to}`).toBe(true);
          else expect(result.ok, `${actor} ${from}->${to}`).toBe(false);
        }
      }
    }
  });

  it('answers 409-type for a move nobody may make, naming both statuses in Spanish', () => {
    expect(checkOrderTransition('STAFF', 'GENERATED', 'READY')).toEqual({
      ok: false,
      code: 'TRANSITION_NOT_ALLOWED',
      message: 'Un pedido en estado "Nuevo" no puede pasar a "Listo".',
    });
  });

  it('answers 403-type when the move exists for other actors only', () => {
    expect(checkOrderTransition('RIDER', 'GENERATED', 'ACCEPTED')).toEqual({
      ok: false,
      code: 'TRANSITION_FORBIDDEN',
      message: ORDER_LIFECYCLE_MESSAGES.notAllowed,
    });
    expect(checkOrderTransition('STAFF', 'PAY_NEEDED', 'GENERATED').ok).toBe(false);
  });

  it('says a finished order cannot change', () => {
    for (const status of ['DELIVERED', 'CANCELED', 'PAYMENT_EXPIRED'] as const) {
      expect(isFinalOrderStatus(status)).toBe(true);
      expect(checkOrderTransition('STAFF', status, 'ACCEPTED')).toMatchObject({
        ok: false,
        message: 'Este pedido ya está terminado y no puede cambiar de estado.',
      });
    }
  });

  it('earns points on delivery and gives back redemptions, codes and shipments on cancel or expiry', () => {
    expect(checkOrderTransition('STAFF', 'READY', 'DELIVERED')).toEqual({
      ok: true,
      effects: ['EARN_POINTS', 'CANCEL_SHIPMENTS'],
    });
    expect(checkOrderTransition('RIDER', 'READY', 'DELIVERED')).toEqual({
      ok: true,
      effects: ['EARN_POINTS', 'CANCEL_SHIPMENTS'],
    });
    for (const from of ['GENERATED', 'ACCEPTED', 'READY'] as const) {
      const result = checkOrderTransition('STAFF', from, 'CANCELED');
      expect(result.ok && result.effects).toEqual([
        'RETURN_REDEEMED_POINTS',
        'RELEASE_DISCOUNT_CODE',
        'CANCEL_SHIPMENTS',
        'REFUND_PAYMENTS',
      ]);
    }
    const expired = checkOrderTransition('SYSTEM', 'PAY_NEEDED', 'PAYMENT_EXPIRED');
    expect(expired.ok && expired.effects).toContain('RETURN_REDEEMED_POINTS');
    const accepted = checkOrderTransition('STAFF', 'GENERATED', 'ACCEPTED');
    expect(accepted.ok && accepted.effects).toEqual([]);
    const paid = checkOrderTransition('PAYMENT_PROVIDER', 'PAY_NEEDED', 'GENERATED');
    expect(paid.ok && paid.effects).toEqual(['SHOW_ON_BOARD']);
  });

  it('lets only the rider finish an order a rider carries (staff get a clear 409)', () => {
    expect(checkOrderTransition('STAFF', 'READY', 'DELIVERED', { shipmentInFlight: true })).toEqual({
      ok: false,
      code: 'TRANSITION_NOT_ALLOWED',
      message:
        'Este pedido lo tiene un repartidor: se marca entregado cuando él lo entrega o lo devuelve al local.',
    });
    expect(checkOrderTransition('RIDER', 'READY', 'DELIVERED', { shipmentInFlight: true }).ok).toBe(true);
    // cancelling still works (it cancels the shipment)
    expect(checkOrderTransition('STAFF', 'READY', 'CANCELED', { shipmentInFlight: true }).ok).toBe(true);
    expect(nextOrderStatuses('STAFF', 'READY', { shipmentInFlight: true })).toEqual(['CANCELED']);
  });

  it('lists the buttons the staff get for each status', () => {
    expect(nextOrderStatuses('STAFF', 'GENERATED')).toEqual(['ACCEPTED', 'CANCELED']);
    expect(nextOrderStatuses('STAFF', 'ACCEPTED')).toEqual(['READY', 'CANCELED']);
    expect(nextOrderStatuses('STAFF', 'READY')).toEqual(['DELIVERED', 'CANCELED']);
    expect(nextOrderStatuses('STAFF', 'DELIVERED')).toEqual([]);
    expect(nextOrderStatuses('STAFF', 'PAY_NEEDED')).toEqual(['CANCELED']);
  });

  it('keeps unpaid and unconfirmed orders off the kitchen board', () => {
    expect(ORDER_STATUSES.filter((status) => !isOnBoard(status))).toEqual([
      'UNCONFIRMED',
      'PAY_NEEDED',
      'PAYMENT_EXPIRED',
    ]);
    expect(Object.keys(ORDER_TRANSITIONS).sort()).toEqual([...ORDER_STATUSES].sort());
  });
});
