import { describe, expect, it } from 'vitest';
import { dinerDelivery } from './diner-delivery.ts';

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

  it('names the rider from the moment the job is taken until the delivery', () => {
    expect(dinerDelivery({ order: accepted, shipment: shipment('LOOKING_FOR_DRIVER') }).riderName).toBeNull();
    for (const status of ['ON_ROUTE_TO_PICK_UP', 'IN_STORE', 'ON_ROUTE_TO_DROP_OFF'])
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
});
