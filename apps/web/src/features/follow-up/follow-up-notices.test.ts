import { type CurrencyInfo, formatMoney, toMinor } from '@comanda/core';
import type { FollowUpShipment } from '@comanda/core/contract';
import { describe, expect, it } from 'vitest';
import { refundNotice, returnNotice, stepLines } from './follow-up-notices.ts';

const ARS: CurrencyInfo = { code: 'ARS', symbol: '$', decimals: 2 };
const format = (amount: number) => formatMoney(toMinor(amount, ARS.decimals), ARS);
const TZ = 'America/Argentina/Buenos_Aires';

describe('stepLines', () => {
  it("writes each step at its time in the shop's zone, oldest first", () => {
    const lines = stepLines(
      [
        { status: 'ACCEPTED', label: 'Pedido aceptado', at: '2026-11-18T18:02:00Z' },
        { status: 'GENERATED', label: 'Pedido recibido', at: '2026-11-18T17:55:00Z' },
      ],
      TZ,
    );
    expect(lines.map(({ time, label }) => [time, label])).toEqual([
      ['14:55', 'Pedido recibido'],
      ['15:02', 'Pedido aceptado'],
    ]);
    expect(lines[0]?.at).toBe('2026-11-18T17:55:00Z');
    expect(stepLines([], TZ)).toEqual([]);
  });
});

describe('refundNotice', () => {
  it('tells a confirmed refund from one on its way', () => {
    expect(refundNotice({ amount: 24000, done: true }, format)).toBe(
      'Te devolvimos $24.000 a tu medio de pago.',
    );
    expect(refundNotice({ amount: 1500.5, done: false }, format)).toBe(
      'Estamos devolviendo $1.500,50 a tu medio de pago.',
    );
    expect(refundNotice(null, format)).toBeNull();
    expect(refundNotice({ amount: 0, done: true }, format)).toBeNull();
  });
});

describe('returnNotice', () => {
  const shipment = (patch: Partial<FollowUpShipment>): FollowUpShipment => ({
    id: 1,
    status: 'ON_ROUTE_TO_DROP_OFF',
    shipmentStackId: null,
    createdAt: '2026-11-18T18:00:00Z',
    updatedAt: '2026-11-18T18:10:00Z',
    returnShipment: false,
    stackingOrder: 1,
    riderInfo: null,
    minEta: null,
    maxEta: null,
    trackingUrl: '/logistics/tracking/order/donmateo-palermo/K7P2QX',
    returnReason: null,
    ...patch,
  });
  const failed = { returnShipment: true, returnReason: 'El cliente no estaba' };

  it('says the rider brings the order back, then that it is back at the shop', () => {
    expect(returnNotice([shipment({ ...failed, status: 'DELIVERED' })])).toBe(
      'El repartidor no pudo entregar tu pedido (El cliente no estaba) y lo está llevando de vuelta al local. El local se va a comunicar con vos.',
    );
    expect(returnNotice([shipment({ ...failed, status: 'RETURNED' })])).toBe(
      'El repartidor no pudo entregar tu pedido (El cliente no estaba) y lo devolvió al local. El local se va a comunicar con vos.',
    );
  });

  it('says nothing of a delivery that went well, nor once the shop sent the order again', () => {
    expect(returnNotice([shipment({ status: 'DELIVERED' })])).toBeNull();
    expect(returnNotice([shipment({ returnShipment: true, status: 'DELIVERED' })])).toBeNull();
    expect(returnNotice([])).toBeNull();
    const again = shipment({ id: 2, createdAt: '2026-11-18T19:00:00Z', status: 'ON_ROUTE_TO_DROP_OFF' });
    expect(returnNotice([again, shipment({ ...failed, status: 'RETURNED' })])).toBeNull();
  });
});
