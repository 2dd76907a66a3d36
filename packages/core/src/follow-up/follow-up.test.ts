import { describe, expect, it } from 'vitest';
import {
  canPayOrderOnline,
  canReportOrderError,
  followUpProgress,
  followUpStatusNote,
  isOrderInProgress,
  orderErrorLabel,
  orderPlaceLine,
} from './follow-up.ts';

const states = (status: Parameters<typeof followUpProgress>[0]['status'], awaitingPayment = false) =>
  followUpProgress({ status, type: 'DELIVERY', awaitingPayment }).nodes.map((n) => n.state);

describe('followUpProgress', () => {
  it('walks the four nodes as the order advances', () => {
    expect(states('GENERATED')).toEqual(['current', 'pending', 'pending', 'pending']);
    expect(states('ACCEPTED')).toEqual(['done', 'current', 'pending', 'pending']);
    expect(states('READY')).toEqual(['done', 'done', 'current', 'pending']);
    expect(states('DELIVERED')).toEqual(['done', 'done', 'done', 'done']);
  });

  it('ends a cancelled order in a canceled node', () => {
    const progress = followUpProgress({ status: 'CANCELED', type: 'TAKE_AWAY', awaitingPayment: false });
    expect(progress.nodes.map((n) => [n.key, n.label, n.state])).toEqual([
      ['generated', 'Recibido', 'done'],
      ['accepted', 'Confirmado', 'pending'],
      ['ready', 'Listo para retirar', 'pending'],
      ['canceled', 'Cancelado', 'canceled'],
    ]);
  });

  it('keeps every node grey with the awaiting-payment label while a card order is unpaid', () => {
    const progress = followUpProgress({ status: 'GENERATED', type: 'DELIVERY', awaitingPayment: true });
    expect(progress.nodes.every((n) => n.state === 'pending')).toBe(true);
    expect(progress.awaitingPaymentLabel).toBe('Esperando el pago');
    expect(states('PAY_NEEDED')).toEqual(['pending', 'pending', 'pending', 'pending']);
  });

  it('names the ready node after the order type', () => {
    const label = (type: string) =>
      followUpProgress({ status: 'READY', type, awaitingPayment: false }).nodes[2]?.label;
    expect(label('DELIVERY')).toBe('En camino');
    expect(label('TAKE_AWAY')).toBe('Listo para retirar');
    expect(label('TABLE')).toBe('Listo');
  });
});

describe('isOrderInProgress', () => {
  const now = new Date('2026-11-18T18:00:00Z');
  const order = (orderedAt: string, scheduledAt: string | null = null) => ({
    orderedAt: new Date(orderedAt),
    scheduled: scheduledAt !== null,
    scheduledAt: scheduledAt ? new Date(scheduledAt) : null,
    status: 'GENERATED' as const,
  });

  it('counts orders dated within 24 hours', () => {
    expect(isOrderInProgress(order('2026-11-17T18:00:00Z'), now)).toBe(true);
    expect(isOrderInProgress(order('2026-11-17T17:59:59Z'), now)).toBe(false);
  });

  it('dates a scheduled order by its scheduled time', () => {
    expect(isOrderInProgress(order('2026-11-10T10:00:00Z', '2026-11-19T12:00:00Z'), now)).toBe(true);
    expect(isOrderInProgress(order('2026-11-18T10:00:00Z', '2026-11-20T12:00:00Z'), now)).toBe(false);
  });

  it('never counts a cancelled order', () => {
    expect(isOrderInProgress({ ...order('2026-11-18T17:00:00Z'), status: 'CANCELED' }, now)).toBe(false);
  });
});

describe('canReportOrderError', () => {
  const now = new Date('2026-11-18T18:00:00Z');
  const base = { status: 'DELIVERED' as const, errorType: null, orderedAt: new Date('2026-11-18T12:00:00Z') };

  it('allows a completed order without an error ordered in the last 24 hours', () => {
    expect(canReportOrderError(base, now)).toBe(true);
  });

  it('refuses an open order, one already reported, and one older than 24 hours', () => {
    expect(canReportOrderError({ ...base, status: 'ACCEPTED' }, now)).toBe(false);
    expect(canReportOrderError({ ...base, errorType: 'LATE' }, now)).toBe(false);
    expect(canReportOrderError({ ...base, orderedAt: new Date('2026-11-17T17:00:00Z') }, now)).toBe(false);
  });
});

describe('canPayOrderOnline', () => {
  const base = {
    status: 'PAY_NEEDED' as const,
    paymentMethod: 'CARD',
    paymentStatus: 'PENDING' as const,
    contactAcceptsOnlinePayment: true,
  };

  it('allows an unpaid card order of a contact that takes online payments', () => {
    expect(canPayOrderOnline(base)).toBe(true);
    expect(canPayOrderOnline({ ...base, paymentStatus: 'REJECTED' })).toBe(true);
  });

  it('refuses cash, paid or processing payments, void orders and contacts without online payment', () => {
    expect(canPayOrderOnline({ ...base, paymentMethod: 'CASH' })).toBe(false);
    expect(canPayOrderOnline({ ...base, paymentStatus: 'PAID' })).toBe(false);
    expect(canPayOrderOnline({ ...base, paymentStatus: 'PROCESSING' })).toBe(false);
    expect(canPayOrderOnline({ ...base, status: 'CANCELED' })).toBe(false);
    expect(canPayOrderOnline({ ...base, status: 'PAYMENT_EXPIRED' })).toBe(false);
    expect(canPayOrderOnline({ ...base, contactAcceptsOnlinePayment: false })).toBe(false);
  });
});

describe('labels', () => {
  it('translates error types, an unknown one as another problem', () => {
    expect(orderErrorLabel('MISSING_ITEMS')).toBe('Faltaron productos');
    expect(orderErrorLabel('SOMETHING_OLD')).toBe('Otro problema');
  });

  it('says where the order goes or is picked up', () => {
    const place = (type: string, extra: Partial<Parameters<typeof orderPlaceLine>[0]> = {}) =>
      orderPlaceLine({
        type,
        tableUid: null,
        destination: null,
        branchAddress: 'Av. Santa Fe 3253',
        ...extra,
      });
    expect(place('DELIVERY', { destination: { street: 'Güemes', number: '3245' } })).toBe(
      'Entrega en Güemes 3245',
    );
    expect(place('TABLE', { tableUid: '12' })).toBe('Mesa 12');
    expect(place('TAKE_AWAY')).toBe('Retira tu pedido en Av. Santa Fe 3253');
    expect(place('COUNTER_SELF_SERVICE')).toBe('Retira tu pedido en el mostrador');
  });
});

describe('followUpStatusNote', () => {
  const BA = 'America/Argentina/Buenos_Aires';
  it('tells when an accepted order will be ready, in the shop time zone', () => {
    expect(
      followUpStatusNote({ status: 'ACCEPTED', readyBy: '2026-11-18T18:35:00.000Z', cancelReason: null }, BA),
    ).toBe('Estará listo aprox. a las 15:35 hs');
  });
  it('tells why the shop cancelled, and nothing in other cases', () => {
    expect(
      followUpStatusNote({ status: 'CANCELED', readyBy: null, cancelReason: 'Pedido duplicado' }, BA),
    ).toBe('Motivo: Pedido duplicado');
    expect(
      followUpStatusNote({ status: 'READY', readyBy: '2026-11-18T18:35:00.000Z', cancelReason: null }, BA),
    ).toBe('');
    expect(followUpStatusNote({ status: 'ACCEPTED', readyBy: null, cancelReason: null }, BA)).toBe('');
  });
});
