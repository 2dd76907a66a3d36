import { describe, expect, it } from 'vitest';
import { OrderErrorReportSchema } from '../contract/follow-up.ts';
import {
  canPayOrderOnline,
  canReportOrderError,
  deliveryEstimate,
  followUpProgress,
  followUpStatusNote,
  isOrderErrorTypeFor,
  isOrderInProgress,
  ORDER_ERROR_TYPES,
  orderErrorDetailProblem,
  orderErrorLabel,
  orderErrorTypesFor,
  orderPlaceLine,
  storedOrderErrorDetail,
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
      ['accepted', 'Confirmado', 'skipped'],
      ['ready', 'Listo para retirar', 'skipped'],
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
    // ready at the shop, not on its way: the shipment's status says when it is
    expect(label('DELIVERY')).toBe('Listo');
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

  it('refuses money taken or disputed; a refunded approval leaves a waiting order payable again', () => {
    expect(canPayOrderOnline({ ...base, paymentStatus: 'PARTIALLY_REFUNDED' })).toBe(false);
    expect(canPayOrderOnline({ ...base, paymentStatus: 'CHARGED_BACK' })).toBe(false);
    expect(canPayOrderOnline({ ...base, paymentStatus: 'REFUNDED' })).toBe(true);
    expect(canPayOrderOnline({ ...base, status: 'GENERATED', paymentStatus: 'REFUNDED' })).toBe(false);
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

describe('the delivery estimate', () => {
  const BA = 'America/Argentina/Buenos_Aires';
  // accepted at 15:05 (Buenos Aires) with 20 minutes to cook: ready by 15:25
  const accepted = {
    status: 'ACCEPTED' as const,
    type: 'DELIVERY',
    scheduled: false,
    readyBy: '2026-11-18T18:25:00.000Z',
    preparationMinutes: 20,
    minDelayInMinutes: 30,
    maxDelayInMinutes: 45,
    cancelReason: null,
  };

  it("counts the shop's delivery time from the acceptance", () => {
    expect(deliveryEstimate(accepted)).toEqual({
      from: new Date('2026-11-18T18:35:00.000Z'),
      to: new Date('2026-11-18T18:50:00.000Z'),
    });
    expect(followUpStatusNote(accepted, BA)).toBe('Llega aprox. entre las 15:35 y las 15:50 hs');
  });

  it('keeps saying it while the order is on its way, and stops once delivered', () => {
    expect(followUpStatusNote({ ...accepted, status: 'READY' }, BA)).toBe(
      'Llega aprox. entre las 15:35 y las 15:50 hs',
    );
    expect(followUpStatusNote({ ...accepted, status: 'DELIVERED' }, BA)).toBe('');
  });

  it('pushes the window when the kitchen needs longer than the quickest delivery', () => {
    // 40 minutes to cook against a 30 to 45 minute delivery: 10 minutes later, never before it is ready
    const slow = { ...accepted, readyBy: '2026-11-18T18:45:00.000Z', preparationMinutes: 40 };
    expect(followUpStatusNote(slow, BA)).toBe('Llega aprox. entre las 15:45 y las 16:00 hs');
  });

  it('says one time for a single delay, and the ready time without any', () => {
    expect(followUpStatusNote({ ...accepted, minDelayInMinutes: null, maxDelayInMinutes: 40 }, BA)).toBe(
      'Llega aprox. a las 15:45 hs',
    );
    expect(followUpStatusNote({ ...accepted, minDelayInMinutes: null, maxDelayInMinutes: null }, BA)).toBe(
      'Estará listo aprox. a las 15:25 hs',
    );
  });

  it('gives no delivery window to a pick-up, a scheduled order, or one without a preparation time', () => {
    expect(deliveryEstimate({ ...accepted, type: 'TAKE_AWAY' })).toBeNull();
    expect(followUpStatusNote({ ...accepted, type: 'TAKE_AWAY' }, BA)).toBe(
      'Estará listo aprox. a las 15:25 hs',
    );
    expect(followUpStatusNote({ ...accepted, type: 'TAKE_AWAY', status: 'READY' }, BA)).toBe('');
    expect(deliveryEstimate({ ...accepted, scheduled: true })).toBeNull();
    expect(deliveryEstimate({ ...accepted, preparationMinutes: null })).toBeNull();
  });
});

describe('problem reports', () => {
  it('offers each mode the problems that can happen to it', () => {
    const labels = (type: string) => orderErrorTypesFor(type).map((key) => ORDER_ERROR_TYPES[key]);
    expect(labels('DELIVERY')).toEqual([
      'Faltaron productos',
      'Recibí productos equivocados',
      'El pedido llegó en mal estado',
      'El pedido llegó tarde',
      'Me cobraron mal',
      'Otro problema',
    ]);
    const onSite = [
      'Faltaron productos',
      'Recibí productos equivocados',
      'Los productos no estaban en buen estado',
      'El pedido tardó más de lo esperado',
      'Me cobraron mal',
      'Otro problema',
    ];
    expect(labels('TAKE_AWAY')).toEqual(onSite);
    expect(labels('COUNTER_SELF_SERVICE')).toEqual(onSite);
    expect(labels('TABLE')).toEqual(onSite);
    expect(labels('SOMETHING_NEW')).toEqual([
      'Faltaron productos',
      'Recibí productos equivocados',
      'Me cobraron mal',
      'Otro problema',
    ]);
  });

  it('never offers a trip that did not happen', () => {
    for (const type of ['TAKE_AWAY', 'COUNTER_SELF_SERVICE', 'TABLE']) {
      expect(isOrderErrorTypeFor(type, 'LATE')).toBe(false);
      expect(isOrderErrorTypeFor(type, 'BAD_CONDITION')).toBe(false);
      expect(isOrderErrorTypeFor(type, 'DELAYED')).toBe(true);
    }
    expect(isOrderErrorTypeFor('DELIVERY', 'LATE')).toBe(true);
    expect(isOrderErrorTypeFor('DELIVERY', 'DELAYED')).toBe(false);
    expect(isOrderErrorTypeFor('DELIVERY', 'NOPE')).toBe(false);
  });

  it("asks for a few words with 'Otro problema', at most 300", () => {
    expect(orderErrorDetailProblem('OTHER', undefined)).toBe('Contanos qué pasó para continuar.');
    expect(orderErrorDetailProblem('OTHER', '   ')).toBe('Contanos qué pasó para continuar.');
    expect(orderErrorDetailProblem('OTHER', 'x'.repeat(300))).toBeNull();
    expect(orderErrorDetailProblem('OTHER', ` ${'x'.repeat(300)} `)).toBeNull();
    expect(orderErrorDetailProblem('OTHER', 'x'.repeat(301))).toBe(
      'Contanos qué pasó en 300 caracteres como máximo.',
    );
    expect(orderErrorDetailProblem('MISSING_ITEMS', undefined)).toBeNull();
    expect(storedOrderErrorDetail('OTHER', '  La pizza vino sin cortar ')).toBe('La pizza vino sin cortar');
    expect(storedOrderErrorDetail('MISSING_ITEMS', 'Faltó la bebida')).toBeNull();
  });

  it('checks the report body: type, and the detail when it is another problem', () => {
    const parse = (body: unknown) => OrderErrorReportSchema.safeParse(body);
    expect(parse({ code: 'ABCD2345', errorType: 'OTHER', errorDetail: 'Vino frío' }).success).toBe(true);
    expect(parse({ code: 'ABCD2345', errorType: 'LATE' }).success).toBe(true);
    const missing = parse({ code: 'ABCD2345', errorType: 'OTHER' });
    expect(missing.error?.issues[0]?.message).toBe('Contanos qué pasó para continuar.');
    const long = parse({ code: 'ABCD2345', errorType: 'OTHER', errorDetail: 'x'.repeat(301) });
    expect(long.error?.issues[0]?.message).toBe('Contanos qué pasó en 300 caracteres como máximo.');
    expect(parse({ code: 'ABCD2345', errorType: 'OTHER', errorDetail: 5 }).success).toBe(false);
  });
});
