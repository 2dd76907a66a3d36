import { describe, expect, it } from 'vitest';
import { deliveryShipmentOf, dinerDelivery } from './diner-delivery.ts';

const accepted = {
  status: 'READY' as const,
  type: 'DELIVERY',
  readyBy: '2026-11-18T18:30:00.000Z',
  preparationMinutes: 30,
  minDelayInMinutes: 30,
  maxDelayInMinutes: 50,
};
const shipment = (status: string, eta: { minEta?: string; maxEta?: string } = {}) => ({
  status,
  returnShipment: false,
  riderName: 'Rita Reparto',
  minEta: eta.minEta ?? null,
  maxEta: eta.maxEta ?? null,
});

describe('a delivery as the diner sees it on both pages', () => {
  it("says what the shipment says while a rider is sought or on the job, not 'En camino' at 'Listo'", () => {
    expect(dinerDelivery({ order: accepted, shipment: shipment('LOOKING_FOR_DRIVER') }).statusLabel).toBe(
      'Buscando repartidor',
    );
    expect(dinerDelivery({ order: accepted, shipment: shipment('ON_ROUTE_TO_PICK_UP') }).statusLabel).toBe(
      'Repartidor en camino al local',
    );
    expect(dinerDelivery({ order: accepted, shipment: shipment('ON_ROUTE_TO_DROP_OFF') }).statusLabel).toBe(
      'En camino',
    );
    expect(dinerDelivery({ order: accepted, shipment: null }).statusLabel).toBeNull();
    expect(
      dinerDelivery({ order: { ...accepted, status: 'DELIVERED' }, shipment: shipment('DELIVERED') })
        .statusLabel,
    ).toBeNull();
  });

  it('names the rider only while the order is on its way to the diner', () => {
    for (const status of [
      'LOOKING_FOR_DRIVER',
      'ON_ROUTE_TO_PICK_UP',
      'IN_STORE',
      'DRIVER_CANCELED',
      'STACKING',
    ])
      expect(dinerDelivery({ order: accepted, shipment: shipment(status) }).riderName).toBeNull();
    for (const status of ['ON_ROUTE_TO_DROP_OFF', 'ON_ROUTE_TO_DROP_OFFS'])
      expect(dinerDelivery({ order: accepted, shipment: shipment(status) }).riderName).toBe('Rita Reparto');
    expect(
      dinerDelivery({ order: { ...accepted, status: 'DELIVERED' }, shipment: shipment('DELIVERED') })
        .riderName,
    ).toBeNull();
  });

  it("gives one window: the shipment's estimate when there is one, else the shop's promise", () => {
    const promised = dinerDelivery({ order: accepted, shipment: shipment('LOOKING_FOR_DRIVER') }).arrival;
    // accepted 18:00 with 30 min to cook: 30 to 50 minutes of delivery from then
    expect(promised).toEqual({
      from: new Date('2026-11-18T18:30:00.000Z'),
      to: new Date('2026-11-18T18:50:00.000Z'),
    });
    const measured = dinerDelivery({
      order: accepted,
      shipment: shipment('ON_ROUTE_TO_DROP_OFF', {
        minEta: '2026-11-18T18:41:00.000Z',
        maxEta: '2026-11-18T18:47:00.000Z',
      }),
    }).arrival;
    expect(measured).toEqual({
      from: new Date('2026-11-18T18:41:00.000Z'),
      to: new Date('2026-11-18T18:47:00.000Z'),
    });
    expect(
      dinerDelivery({ order: { ...accepted, status: 'DELIVERED' }, shipment: shipment('DELIVERED') }).arrival,
    ).toBeNull();
    expect(dinerDelivery({ order: { ...accepted, status: 'GENERATED' }, shipment: null }).arrival).toBeNull();
  });

  it('gives no window, no status and no rider for a cancelled-type shipment (STACKING included)', () => {
    const eta = { minEta: '2026-11-18T18:41:00.000Z', maxEta: '2026-11-18T18:47:00.000Z' };
    for (const status of ['DRIVER_CANCELED', 'STACKING'])
      expect(dinerDelivery({ order: accepted, shipment: shipment(status, eta) })).toEqual({
        statusLabel: null,
        riderName: null,
        arrival: null,
      });
  });
});

describe('the shipment the diner follows', () => {
  it('is the newest that is not a way back, so a cancelled one gives way to the next', () => {
    const cancelled = { id: 3, returnShipment: false, status: 'STACKING' };
    const next = { id: 7, returnShipment: false, status: 'ON_ROUTE_TO_PICK_UP' };
    expect(deliveryShipmentOf([cancelled, next])).toBe(next);
    expect(deliveryShipmentOf([next, cancelled])).toBe(next);
    expect(deliveryShipmentOf([{ id: 9, returnShipment: true, status: 'DELIVERED' }])).toBeNull();
    expect(deliveryShipmentOf([])).toBeNull();
  });
});
