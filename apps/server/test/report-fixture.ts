/**
 * A business of its own for the history and report tests ('Rotisería El Horno', alias 'informe'), with
 * orders of known times and amounts, written straight to the tables, so every figure of the report can
 * be computed by hand (reports.test.ts says how). Buenos Aires time; ARS with 2 decimals.
 */
import { eq } from 'drizzle-orm';
import * as t from '../src/db/schema.ts';
import { importBusiness } from '../src/features/business-import/import-business.ts';
import type { Db } from '../src/platform/db.ts';
import { oneShopBusiness } from './one-shop-business.ts';

export const INFORME_OWNER = { email: 'duena@informe.test', password: 'informe-2026' };
export const INFORME_COOK = { email: 'cocina@informe.test', password: 'cocina-2026' };

/** A local Buenos Aires time ('2026-11-16 12:00') as an instant. */
export const ba = (local: string) => new Date(`${local.replace(' ', 'T')}:00-03:00`);

export interface FixtureOrder {
  code: string;
  at: string;
  type: 'TAKE_AWAY' | 'DELIVERY';
  pay: 'CASH' | 'CARD';
  status: (typeof t.ORDER_STATUS_VALUES)[number];
  /** units */
  total: number;
  name: string;
  phone: string;
  accepted?: string;
  ready?: string;
  finished?: string;
  items: { name: string; quantity: number; price: number }[];
  /** local times the rider set out to the diner and delivered */
  shipment?: { onTheWay: string; delivered: string };
  ratings?: { nps?: string; food?: string; comment?: string };
  cancelReason?: string;
}

/** The report's orders: 16 to 18 November 2026 (and one just before, which no report of them counts). */
export const REPORT_ORDERS: FixtureOrder[] = [
  {
    code: 'INFA0001',
    at: '2026-11-16 12:00',
    type: 'TAKE_AWAY',
    pay: 'CASH',
    status: 'DELIVERED',
    total: 12000,
    name: 'Ana Gómez',
    phone: '+5491170000001',
    accepted: '2026-11-16 12:05',
    ready: '2026-11-16 12:25',
    finished: '2026-11-16 12:40',
    items: [{ name: 'Pollo', quantity: 2, price: 12000 }],
    ratings: { nps: '5', food: '4', comment: 'Muy rico' },
  },
  {
    // 02:30 UTC of the 17th: still the 16th in Buenos Aires
    code: 'INFB0002',
    at: '2026-11-16 23:30',
    type: 'DELIVERY',
    pay: 'CARD',
    status: 'DELIVERED',
    total: 20000,
    name: 'Bruno "el Tano" Díaz',
    phone: '+5491170000002',
    accepted: '2026-11-16 23:35',
    ready: '2026-11-17 00:05',
    finished: '2026-11-17 00:35',
    items: [
      { name: 'Pollo', quantity: 1, price: 9000 },
      { name: 'Papas', quantity: 2, price: 11000 },
    ],
    shipment: { onTheWay: '2026-11-17 00:10', delivered: '2026-11-17 00:34' },
    ratings: { nps: '3', food: '5' },
  },
  {
    code: 'INFC0003',
    at: '2026-11-17 13:00',
    type: 'TAKE_AWAY',
    pay: 'CASH',
    status: 'CANCELED',
    total: 5000,
    name: 'Carla Pérez',
    phone: '+5491170000003',
    items: [{ name: 'Pollo', quantity: 5, price: 5000 }],
    cancelReason: '=HYPERLINK("x"); sin stock',
  },
  {
    code: 'INFD0004',
    at: '2026-11-18 10:00',
    type: 'DELIVERY',
    pay: 'CASH',
    status: 'READY',
    total: 8000,
    name: 'Diego Ruiz',
    phone: '+5491170000004',
    accepted: '2026-11-18 10:02',
    ready: '2026-11-18 10:12',
    items: [{ name: 'Papas', quantity: 1, price: 8000 }],
    ratings: { nps: '4' },
  },
  {
    code: 'INFE0005',
    at: '2026-11-18 11:00',
    type: 'DELIVERY',
    pay: 'CARD',
    status: 'PAYMENT_EXPIRED',
    total: 9000,
    name: 'Elena Sosa',
    phone: '+5491170000005',
    items: [{ name: 'Pollo', quantity: 1, price: 9000 }],
  },
  {
    // 23:59 of the 15th: outside a report from the 16th
    code: 'INFF0006',
    at: '2026-11-15 23:59',
    type: 'TAKE_AWAY',
    pay: 'CASH',
    status: 'DELIVERED',
    total: 7000,
    name: 'Franco Luna',
    phone: '+5491170000006',
    accepted: '2026-11-15 23:59',
    ready: '2026-11-16 00:30',
    finished: '2026-11-16 00:40',
    items: [{ name: 'Pollo', quantity: 9, price: 7000 }],
    ratings: { nps: '1' },
  },
];

export interface InformeFixture {
  branchId: number;
  contactId: number;
  ids: Map<string, number>;
}

/** Imports the business and writes the orders (with their items, payments, shipments and ratings). */
export async function seedInforme(
  db: Db,
  now: Date,
  orders: FixtureOrder[] = REPORT_ORDERS,
): Promise<InformeFixture> {
  const business = oneShopBusiness('informe', {
    contact: {
      paymentTypes: [
        { key: 'efectivo', showName: 'Efectivo', paymentMethod: 'CASH' },
        { key: 'tarjeta', showName: 'Tarjeta', paymentMethod: 'CARD' },
      ],
    },
    orderModes: [
      { type: 'TAKE_AWAY', showName: 'Retiro', menu: 'carta', paymentTypes: ['efectivo', 'tarjeta'] },
      { type: 'DELIVERY', showName: 'A domicilio', menu: 'carta', paymentTypes: ['efectivo', 'tarjeta'] },
    ],
  }) as ReturnType<typeof oneShopBusiness> & { branches: { staff?: unknown[] }[] };
  (business.branches[0] as { staff?: unknown[] }).staff = [
    { ...INFORME_OWNER, name: 'Dueña El Horno', role: 'OWNER' },
    { ...INFORME_COOK, name: 'Cocina El Horno', role: 'STAFF' },
  ];
  await importBusiness(db, business, now, { demo: true });
  const [contact] = await db
    .select()
    .from(t.branchContacts)
    .where(eq(t.branchContacts.alias, 'informe-centro'));
  if (!contact) throw new Error('informe-centro not imported');
  const modes = await db.select().from(t.orderModes).where(eq(t.orderModes.branchContactId, contact.id));
  const payments = await db
    .select()
    .from(t.paymentTypes)
    .where(eq(t.paymentTypes.branchContactId, contact.id));
  const [survey] = await db.insert(t.surveys).values({ branchContactId: contact.id }).returning();
  if (!survey) throw new Error('no survey');
  const questions = await db
    .insert(t.surveyQuestions)
    .values([
      {
        surveyId: survey.id,
        title: '¿Nos recomendarías?',
        type: 'RATING',
        questionType: 'NPS',
        questionOrder: 1,
      },
      { surveyId: survey.id, title: '¿Cómo llegó la comida?', type: 'RATING', questionOrder: 2 },
      { surveyId: survey.id, title: '¿Algo más?', type: 'TEXT', questionType: 'COMMENT', questionOrder: 3 },
    ])
    .returning();
  const ids = new Map<string, number>();
  for (const order of orders)
    ids.set(
      order.code,
      await insertOrder(db, contact.id, { modes, payments, questions, surveyId: survey.id }, order),
    );
  return { branchId: contact.branchId, contactId: contact.id, ids };
}

async function insertOrder(
  db: Db,
  contactId: number,
  refs: {
    modes: (typeof t.orderModes.$inferSelect)[];
    payments: (typeof t.paymentTypes.$inferSelect)[];
    questions: (typeof t.surveyQuestions.$inferSelect)[];
    surveyId: number;
  },
  order: FixtureOrder,
): Promise<number> {
  const mode = refs.modes.find((m) => m.type === order.type);
  const payment = refs.payments.find((p) => p.paymentMethod === order.pay);
  if (!mode || !payment) throw new Error('fixture mode or payment missing');
  const minor = (units: number) => units * 100;
  const at = (local: string | undefined) => (local ? ba(local) : null);
  const [row] = await db
    .insert(t.orders)
    .values({
      code: order.code,
      branchContactId: contactId,
      orderModeId: mode.id,
      type: order.type,
      status: order.status,
      currency: 'ARS',
      customerName: order.name,
      phone: order.phone,
      orderedAt: ba(order.at),
      paymentTypeId: payment.id,
      paymentMethod: order.pay,
      itemsPrice: minor(order.total),
      total: minor(order.total),
      acceptedAt: at(order.accepted),
      readyAt: at(order.ready),
      finishedAt: at(order.finished),
      cancelReason: order.cancelReason ?? null,
      destination: order.type === 'DELIVERY' ? { street: 'Mitre', number: '900' } : null,
    })
    .returning({ id: t.orders.id });
  if (!row) throw new Error('order not inserted');
  await db.insert(t.orderItems).values(
    order.items.map((item, position) => ({
      orderId: row.id,
      referenceId: 1,
      name: item.name,
      quantity: item.quantity,
      priceWithoutDiscount: Math.round(minor(item.price) / item.quantity),
      accPrice: minor(item.price),
      position,
    })),
  );
  if (order.pay === 'CARD')
    await db.insert(t.orderPayments).values({
      orderId: row.id,
      status: order.status === 'PAYMENT_EXPIRED' ? 'EXPIRED' : 'PAID',
      amount: minor(order.total),
      provider: 'SANDBOX',
    });
  const events = [
    { to: 'GENERATED', from: null, at: order.at },
    ...(order.accepted ? [{ to: 'ACCEPTED', from: 'GENERATED', at: order.accepted }] : []),
    ...(order.ready ? [{ to: 'READY', from: 'ACCEPTED', at: order.ready }] : []),
    ...(order.finished ? [{ to: 'DELIVERED', from: 'READY', at: order.finished }] : []),
    ...(order.status === 'CANCELED' ? [{ to: 'CANCELED', from: 'GENERATED', at: order.at }] : []),
  ];
  await db.insert(t.statusEvents).values(
    events.map((event) => ({
      entity: 'ORDER' as const,
      entityId: row.id,
      orderId: row.id,
      fromStatus: event.from,
      toStatus: event.to,
      actor: 'STAFF' as const,
      createdAt: ba(event.at),
    })),
  );
  if (order.shipment) {
    const [logistics] = await db
      .insert(t.logisticsOrders)
      .values({ orderId: row.id, branchContactId: contactId })
      .returning();
    if (!logistics) throw new Error('no logistics order');
    const [shipment] = await db
      .insert(t.shipments)
      .values({
        logisticsOrderId: logistics.id,
        branchContactId: contactId,
        status: 'DELIVERED',
        securityCode: '1234',
      })
      .returning();
    if (!shipment) throw new Error('no shipment');
    const shipmentEvent = (from: string | null, to: string, local: string) => ({
      entity: 'SHIPMENT' as const,
      entityId: shipment.id,
      orderId: row.id,
      fromStatus: from,
      toStatus: to,
      actor: 'RIDER' as const,
      createdAt: ba(local),
    });
    await db
      .insert(t.statusEvents)
      .values([
        shipmentEvent(null, 'LOOKING_FOR_DRIVER', order.ready ?? order.at),
        shipmentEvent('IN_STORE', 'ON_ROUTE_TO_DROP_OFF', order.shipment.onTheWay),
        shipmentEvent('ON_ROUTE_TO_DROP_OFF', 'DELIVERED', order.shipment.delivered),
      ]);
  }
  const answers = [
    ['nps', 0],
    ['food', 1],
    ['comment', 2],
  ] as const;
  for (const [key, index] of answers) {
    const answer = order.ratings?.[key];
    const question = refs.questions[index];
    if (answer === undefined || !question) continue;
    await db.insert(t.surveyAnswers).values({
      surveyId: refs.surveyId,
      questionId: question.id,
      dinerOrderId: row.id,
      questionTitle: question.title,
      answer,
      questionType: question.questionType,
    });
  }
  return row.id;
}
