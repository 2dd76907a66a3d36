import { describe, expect, it } from 'vitest';
import { historyActorName, historyLabel, orderSteps } from './history.ts';

describe('the order history in words', () => {
  it('labels each entity’s moves, a failed drop-off and a payment that reached the kitchen', () => {
    expect(historyLabel('ORDER', null, 'GENERATED')).toBe('Pedido recibido');
    expect(historyLabel('ORDER', null, 'PAY_NEEDED')).toBe('Pedido realizado, pago pendiente');
    expect(historyLabel('ORDER', 'PAY_NEEDED', 'GENERATED')).toBe('Pago recibido: el pedido llegó al local');
    expect(historyLabel('SHIPMENT', 'ON_ROUTE_TO_DROP_OFF', 'DELIVERED')).toBe(
      'El repartidor entregó el pedido',
    );
    expect(historyLabel('SHIPMENT', 'ON_ROUTE_TO_DROP_OFF', 'DELIVERED', 'UNDELIVERABLE')).toBe(
      'El repartidor no pudo entregar: vuelve al local',
    );
    expect(historyLabel('SHIPMENT', 'DELIVERED', 'RETURNED')).toBe('El pedido volvió al local');
    expect(historyLabel('STACK', 'ON_ROUTE_TO_DROP_OFFS', 'FINISHED')).toBe('La multientrega terminó');
    expect(historyLabel('PAYMENT', 'PAID', 'REFUNDED')).toBe('Pago devuelto');
    expect(historyLabel('PAYMENT', 'PAID', 'CHARGED_BACK')).toBe('Contracargo del banco');
  });

  it('names who moved it, a person by name', () => {
    expect(historyActorName('STAFF', 'Carla')).toBe('Carla');
    expect(historyActorName('STAFF', null)).toBe('Local');
    expect(historyActorName('DINER', null)).toBe('Cliente');
    expect(historyActorName('PAYMENT_PROVIDER', null)).toBe('Medio de pago');
    expect(historyActorName('SYSTEM', null)).toBe('Sistema');
  });

  it('gives the diner each status once, in time order', () => {
    const steps = orderSteps([
      { from: 'GENERATED', to: 'ACCEPTED', at: '2026-11-18T18:02:00.000Z' },
      { from: null, to: 'GENERATED', at: '2026-11-18T18:00:00.000Z' },
      { from: 'GENERATED', to: 'ACCEPTED', at: '2026-11-18T18:05:00.000Z' },
    ]);
    expect(steps.map((step) => [step.status, step.label, step.at])).toEqual([
      ['GENERATED', 'Pedido recibido', '2026-11-18T18:00:00.000Z'],
      ['ACCEPTED', 'Pedido aceptado', '2026-11-18T18:02:00.000Z'],
    ]);
  });
});
