import { describe, expect, it } from 'vitest';
import {
  canSeeRecipient,
  canShowShipmentDetails,
  DELIVERY_CODE_ATTEMPTS,
  deliveryWindow,
  firstName,
  hasLostAuction,
  isStackFinished,
  isStackUpdatable,
  nextSliderValue,
  orderReference,
  riderEtaWindow,
  riderSecurityCodeProblem,
  routeLetter,
  sliderConfirms,
  sliderLabel,
  sortStackShipments,
  VIBRATION_FAILURE,
  VIBRATION_SUCCESS,
} from './rider-rules.ts';

describe('rider rules', () => {
  it('counts a shipment with another rider as a lost auction, and hides its details', () => {
    expect(hasLostAuction({ riderId: 2 }, 1)).toBe(true);
    expect(hasLostAuction({ riderId: null }, 1)).toBe(false);
    expect(hasLostAuction({ riderId: 1 }, 1)).toBe(false);
    expect(canShowShipmentDetails({ status: 'IN_STORE', riderId: 2 }, 1)).toBe(false);
    expect(canShowShipmentDetails({ status: 'IN_STORE', riderId: 1 }, 1)).toBe(true);
    for (const status of ['LOOKING_FOR_DRIVER', 'DRIVER_CANCELED', 'STACKING'] as const)
      expect(canShowShipmentDetails({ status, riderId: 2 }, 1)).toBe(true);
  });

  it('shows the recipient only to the rider on the job', () => {
    expect(canSeeRecipient({ status: 'ON_ROUTE_TO_DROP_OFF', riderId: 1 }, 1)).toBe(true);
    expect(canSeeRecipient({ status: 'LOOKING_FOR_DRIVER', riderId: null }, 1)).toBe(false);
    expect(canSeeRecipient({ status: 'DELIVERED', riderId: 1 }, 1)).toBe(false);
    expect(canSeeRecipient({ status: 'IN_STORE', riderId: 2 }, 1)).toBe(false);
  });

  it('labels the slider as the spec does', () => {
    expect(sliderLabel('LOOKING_FOR_DRIVER', false)).toBe('Aceptar envío');
    expect(sliderLabel('ON_ROUTE_TO_PICK_UP', false)).toBe('En el local');
    expect(sliderLabel('IN_STORE', false)).toBe('En camino al cliente');
    expect(sliderLabel('ON_ROUTE_TO_DROP_OFF', false)).toBe('Entregado');
    expect(sliderLabel('DELIVERED', true)).toBe('Regreso al local');
    expect(sliderLabel('DELIVERED', false)).toBeNull();
  });

  it('confirms the slider at 85 or more and ignores steps over 20', () => {
    expect(sliderConfirms(85)).toBe(true);
    expect(sliderConfirms(84.9)).toBe(false);
    expect(nextSliderValue(10, 30)).toBe(30);
    expect(nextSliderValue(10, 31)).toBe(10);
    expect(nextSliderValue(95, 120)).toBe(100);
    expect(VIBRATION_SUCCESS).toEqual([100]);
    expect(VIBRATION_FAILURE).toEqual([100, 50, 100, 75, 100]);
  });

  it('sorts a stack: delivered first, cancelled last, others by stacking order; and knows when it is over', () => {
    const stack = [
      { id: 1, status: 'DRIVER_CANCELED' as const, stackingOrder: 1, returnShipment: false },
      { id: 2, status: 'ON_ROUTE_TO_DROP_OFFS' as const, stackingOrder: 3, returnShipment: false },
      { id: 3, status: 'DELIVERED' as const, stackingOrder: 4, returnShipment: false },
      { id: 4, status: 'ON_ROUTE_TO_DROP_OFFS' as const, stackingOrder: 2, returnShipment: false },
    ];
    expect(sortStackShipments(stack).map((s) => s.id)).toEqual([3, 4, 2, 1]);
    expect(isStackFinished(stack)).toBe(false);
    const done = stack.map((s) => ({
      ...s,
      status: s.id === 1 ? ('DRIVER_CANCELED' as const) : ('DELIVERED' as const),
    }));
    expect(isStackFinished(done)).toBe(true);
    expect(isStackUpdatable(done)).toBe(false);
    expect(isStackUpdatable([{ status: 'DELIVERED', returnShipment: true }])).toBe(true);
    expect(isStackUpdatable([{ status: 'RETURNED', returnShipment: true }])).toBe(false);
  });

  it('counts STACKING as a cancelled-type status: last in the stack, and done', () => {
    const stack = [
      { id: 1, status: 'STACKING' as const, stackingOrder: 1, returnShipment: false },
      { id: 2, status: 'ON_ROUTE_TO_DROP_OFFS' as const, stackingOrder: 2, returnShipment: false },
      { id: 3, status: 'DELIVERED' as const, stackingOrder: 3, returnShipment: false },
    ];
    expect(sortStackShipments(stack).map((s) => s.id)).toEqual([3, 2, 1]);
    const done = stack.map((s) => (s.id === 2 ? { ...s, status: 'DELIVERED' as const } : s));
    expect(isStackFinished(done)).toBe(true);
    expect(isStackUpdatable(done)).toBe(false);
    expect(isStackUpdatable([{ status: 'STACKING', returnShipment: true }])).toBe(false);
  });

  it("fills the rider's minETA and maxETA from the deliveries in progress", () => {
    const at = (time: string) => new Date(`2026-11-18T${time}:00.000Z`);
    expect(
      riderEtaWindow([
        { status: 'ON_ROUTE_TO_DROP_OFFS', minEta: at('18:10'), maxEta: at('18:20') },
        { status: 'ON_ROUTE_TO_DROP_OFFS', minEta: at('18:15'), maxEta: at('18:30') },
        // not the rider's job any more: no window from it
        { status: 'DELIVERED', minEta: at('17:00'), maxEta: at('19:00') },
        { status: 'STACKING', minEta: at('17:00'), maxEta: at('19:00') },
        { status: 'DRIVER_CANCELED', minEta: at('17:00'), maxEta: at('19:00') },
      ]),
    ).toEqual({ minETA: at('18:10'), maxETA: at('18:30') });
    expect(riderEtaWindow([{ status: 'IN_STORE', minEta: null, maxEta: at('18:40') }])).toEqual({
      minETA: at('18:40'),
      maxETA: at('18:40'),
    });
    expect(riderEtaWindow([])).toEqual({ minETA: null, maxETA: null });
  });

  it('letters the route from A and estimates the delivery window from the distance', () => {
    expect([0, 1, 2].map(routeLetter)).toEqual(['A', 'B', 'C']);
    const now = new Date('2026-11-18T18:00:00Z');
    const { minEta, maxEta } = deliveryWindow(3000, now);
    expect(minEta.toISOString()).toBe('2026-11-18T18:10:00.000Z');
    expect(maxEta.toISOString()).toBe('2026-11-18T18:20:00.000Z');
  });
});

describe('what a rider is told of the order', () => {
  it('names it by the code’s last characters and the diner by first name', () => {
    expect(orderReference('DMP2LV8C5Z')).toBe('…C5Z');
    expect(firstName('  Lucía   Fernández ')).toBe('Lucía');
    expect(firstName('Ana')).toBe('Ana');
    expect(DELIVERY_CODE_ATTEMPTS).toEqual({ max: 5, windowMs: 15 * 60_000 });
  });
});

describe('rider security code', () => {
  it('takes 6 to 12 digits and explains otherwise', () => {
    expect(riderSecurityCodeProblem('482913')).toBeNull();
    expect(riderSecurityCodeProblem('482913482913')).toBeNull();
    for (const code of ['4321', '48291', '48291a', '4829134829134'])
      expect(riderSecurityCodeProblem(code)).toBe(
        'El código de seguridad de los repartidores tiene que tener entre 6 y 12 números.',
      );
  });
});
