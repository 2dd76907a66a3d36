import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { expectApiError } from '../../../test/http.ts';
import {
  type FixtureOrder,
  INFORME_COOK,
  INFORME_OWNER,
  type InformeFixture,
  REPORT_ORDERS,
  seedInforme,
} from '../../../test/report-fixture.ts';
import { asStaff, DONMATEO_OWNER, KENZO_OWNER, staffCookie } from '../../../test/staff.ts';
import { createTestApp, databaseKinds, type TestApp } from '../../../test/test-app.ts';

// test/report-fixture.ts's orders of 15 to 18 November, and 25 more on 1 October: 13 of them in the very
// same instant (a page boundary between equal instants must neither repeat nor skip a row).
const OCTOBER: FixtureOrder[] = Array.from({ length: 25 }, (_, i) => ({
  code: `OCT${String(i).padStart(5, '0')}`,
  at:
    i < 13
      ? '2026-10-01 20:00'
      : `2026-10-01 ${String(10 + (i % 10)).padStart(2, '0')}:${String(i).padStart(2, '0')}`,
  type: i % 2 === 0 ? 'TAKE_AWAY' : 'DELIVERY',
  pay: 'CASH',
  status: 'DELIVERED',
  total: 1000 + i,
  name: `Cliente ${i}`,
  phone: `+54911800000${String(i).padStart(2, '0')}`,
  items: [{ name: 'Pollo', quantity: 1, price: 1000 + i }],
}));

interface Row {
  code: string;
  status: string;
  orderedAt: string;
  total: number;
}

describe.each(databaseKinds)('order history (%s)', (kind) => {
  let test: TestApp;
  let owner: string;
  let cook: string;
  let fixture: InformeFixture;

  beforeAll(async () => {
    test = await createTestApp(kind);
    fixture = await seedInforme(test.database.db, new Date('2026-11-18T15:00:00-03:00'), [
      ...REPORT_ORDERS,
      ...OCTOBER,
    ]);
    owner = await staffCookie(test.app, INFORME_OWNER);
    cook = await staffCookie(test.app, INFORME_COOK);
  });
  afterAll(() => test.close());

  const list = (cookie: string, query: string) =>
    asStaff(test.app, cookie, 'GET', `/api/console/orders?${query}`);
  const codes = (res: { body: { rows: Row[] } }) => res.body.rows.map((row) => row.code);
  const csv = (cookie: string, query: string) =>
    test.app.inject({ method: 'GET', url: `/api/console/orders.csv?${query}`, headers: { cookie } });

  it('lists the period’s orders newest first, with what the table shows and the filters’ choices', async () => {
    const res = await list(owner, 'from=2026-11-15&to=2026-11-18');
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(codes(res)).toEqual(['INFE0005', 'INFD0004', 'INFC0003', 'INFB0002', 'INFA0001', 'INFF0006']);
    expect(res.body.nextCursor).toBeNull();
    expect(res.body.period).toEqual({ from: '2026-11-15', to: '2026-11-18' });
    expect(res.body.today).toBe('2026-11-18');
    expect(res.body.rows[3]).toEqual({
      code: 'INFB0002',
      shopId: fixture.contactId,
      orderedAt: '2026-11-17T02:30:00.000Z',
      customerName: 'Bruno "el Tano" Díaz',
      phone: '+5491170000002',
      type: 'DELIVERY',
      orderModeName: 'A domicilio',
      paymentMethod: 'CARD',
      paymentTypeName: 'Tarjeta',
      paymentStatus: 'PAID',
      paid: true,
      status: 'DELIVERED',
      total: 20000,
      currency: 'ARS',
    });
    expect(res.body.options).toEqual({
      shops: [expect.objectContaining({ id: fixture.contactId, name: 'El Horno Centro' })],
      modes: [
        { type: 'TAKE_AWAY', name: 'Retiro' },
        { type: 'DELIVERY', name: 'A domicilio' },
      ],
      payments: [
        { method: 'CASH', name: 'Efectivo' },
        { method: 'CARD', name: 'Tarjeta' },
      ],
    });
  });

  it("cuts the days at the shop's midnight, not UTC's", async () => {
    // B, 23:30 of the 16th in Buenos Aires, is 02:30 UTC of the 17th
    expect(codes(await list(owner, 'from=2026-11-16&to=2026-11-16'))).toEqual(['INFB0002', 'INFA0001']);
    expect(codes(await list(owner, 'from=2026-11-17&to=2026-11-17'))).toEqual(['INFC0003']);
  });

  it('filters by status, mode and payment, and searches the code, the name or the phone', async () => {
    const period = 'from=2026-11-15&to=2026-11-18';
    expect(codes(await list(owner, `${period}&status=DELIVERED`))).toEqual([
      'INFB0002',
      'INFA0001',
      'INFF0006',
    ]);
    expect(codes(await list(owner, `${period}&mode=DELIVERY&payment=CASH`))).toEqual(['INFD0004']);
    expect(codes(await list(owner, `${period}&q=infc`))).toEqual(['INFC0003']);
    expect(codes(await list(owner, `${period}&q=%23INFD0004`))).toEqual(['INFD0004']);
    expect(codes(await list(owner, `${period}&q=${encodeURIComponent('gómez')}`))).toEqual(['INFA0001']);
    expect(codes(await list(owner, `${period}&q=${encodeURIComponent('11 7000-0005')}`))).toEqual([
      'INFE0005',
    ]);
    // LIKE's own characters are searched for, not obeyed
    expect(codes(await list(owner, `${period}&q=${encodeURIComponent('%')}`))).toEqual([]);
    // empty fields of the form count as not given
    expect(codes(await list(owner, `${period}&status=&mode=&payment=&q=`))).toHaveLength(6);
  });

  it('pages by cursor with no row repeated or missed, equal instants included', async () => {
    const seen: string[] = [];
    let cursor: string | null = null;
    let pages = 0;
    do {
      const query: string = `from=2026-10-01&to=2026-10-01&limit=4${cursor ? `&cursor=${encodeURIComponent(cursor)}` : ''}`;
      const res = await list(owner, query);
      expect(res.status, JSON.stringify(res.body)).toBe(200);
      seen.push(...codes(res));
      cursor = res.body.nextCursor;
      pages += 1;
    } while (cursor && pages < 20);
    expect(pages).toBe(7);
    expect(new Set(seen).size).toBe(25);
    expect([...seen].sort()).toEqual(OCTOBER.map((order) => order.code).sort());
    const all = await list(owner, 'from=2026-10-01&to=2026-10-01&limit=100');
    expect(codes(all)).toEqual(seen);
  });

  it('lets kitchen staff read their branch’s history too', async () => {
    const res = await list(cook, 'from=2026-11-15&to=2026-11-18');
    expect(res.status).toBe(200);
    expect(res.body.rows).toHaveLength(6);
  });

  it("shows one order's detail: items, amounts, contact, payments and its whole history", async () => {
    const res = await asStaff(test.app, owner, 'GET', '/api/console/orders/INFB0002');
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body.order).toMatchObject({
      code: 'INFB0002',
      customerName: 'Bruno "el Tano" Díaz',
      phone: '+5491170000002',
      destination: { street: 'Mitre', number: '900' },
      items: [
        { name: 'Pollo', quantity: 1, accPrice: 9000 },
        { name: 'Papas', quantity: 2, accPrice: 11000 },
      ],
      total: 20000,
      status: 'DELIVERED',
      shipment: { status: 'DELIVERED' },
    });
    expect(res.body.shop).toMatchObject({
      id: fixture.contactId,
      timeZone: 'America/Argentina/Buenos_Aires',
    });
    expect(res.body.payments).toEqual([
      expect.objectContaining({
        provider: 'SANDBOX',
        status: 'PAID',
        amount: 20000,
        refundedAmount: 0,
        refunds: [],
      }),
    ]);
    const steps = res.body.history.map(
      (event: { entity: string; to: string }) => `${event.entity} ${event.to}`,
    );
    expect(steps).toEqual([
      'ORDER GENERATED',
      'ORDER ACCEPTED',
      'ORDER READY',
      'SHIPMENT LOOKING_FOR_DRIVER',
      'SHIPMENT ON_ROUTE_TO_DROP_OFF',
      'SHIPMENT DELIVERED',
      'ORDER DELIVERED',
    ]);
    expect(res.body.history[1]).toMatchObject({ at: '2026-11-17T02:35:00.000Z', actor: 'STAFF' });
  });

  it("answers 404 for another branch's order and for a code that is none", async () => {
    const donMateo = await staffCookie(test.app, DONMATEO_OWNER);
    const other = await asStaff(test.app, donMateo, 'GET', '/api/console/orders/INFB0002');
    expectApiError(other, 404, 'NOT_FOUND');
    expect(other.body.message).toBe('No encontramos este pedido.');
    expectApiError(await asStaff(test.app, owner, 'GET', '/api/console/orders/NOPE0000'), 404);
    expectApiError(
      await asStaff(test.app, owner, 'GET', `/api/console/orders/${encodeURIComponent("x' or 1=1")}`),
      404,
    );
    // nor does another branch's list show any of them
    const kenzo = await staffCookie(test.app, KENZO_OWNER);
    const theirs = await list(kenzo, 'from=2026-11-15&to=2026-11-18');
    expect(theirs.status).toBe(200);
    expect(codes(theirs).filter((code) => code.startsWith('INF'))).toEqual([]);
    expectApiError(await list(kenzo, `shop=${fixture.contactId}`), 404);
  });

  it('refuses bad filters in Spanish, never a 500', async () => {
    const cases: [string, string][] = [
      ['from=18-11-2026', 'La fecha "desde" no es válida. Usá el formato AAAA-MM-DD.'],
      ['from=2026-11-18&to=2026-11-10', 'La fecha "hasta" no puede ser anterior a la fecha "desde".'],
      ['from=2025-01-01&to=2026-11-18', 'El período puede ser de hasta 366 días. Elegí uno más corto.'],
      ['status=LOST', 'Elegí un estado de la lista.'],
      ['mode=DRONE', 'Elegí una forma de pedido de la lista.'],
      ['payment=cash;drop', 'Elegí un medio de pago de la lista.'],
      [`q=${'a'.repeat(81)}`, 'La búsqueda puede tener hasta 80 caracteres.'],
      ['cursor=abc', 'No pudimos seguir la lista desde ahí. Volvé a buscar.'],
      ['cursor=2026-13-45T99:00:00.000000Z~1', 'No pudimos seguir la lista desde ahí. Volvé a buscar.'],
      ['limit=0', 'La solicitud no es válida.'],
    ];
    for (const [query, message] of cases) {
      const res = await list(owner, query);
      expectApiError(res, 400, 'BAD_REQUEST');
      if (query !== 'limit=0') expect(res.body.message, query).toBe(message);
    }
    const badCsv = await csv(owner, 'from=2026-11-18&to=2026-11-10');
    expect(badCsv.statusCode).toBe(400);
    expect(JSON.parse(badCsv.body).message).toBe(
      'La fecha "hasta" no puede ser anterior a la fecha "desde".',
    );
  });

  it('downloads the filtered orders as a CSV Excel opens: BOM, ";", decimal comma, quoting, no formulas', async () => {
    const res = await csv(cook, 'from=2026-11-16&to=2026-11-17');
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(res.headers['content-disposition']).toBe(
      'attachment; filename="pedidos-informe-centro-2026-11-16-a-2026-11-17.csv"',
    );
    expect(res.headers['cache-control']).toBe('no-store');
    const body = res.rawPayload.toString('utf8');
    expect(body.startsWith('\uFEFF')).toBe(true);
    const lines = body.slice(1).split('\r\n');
    expect(lines).toEqual([
      'Código;Local;Fecha;Cliente;Teléfono;Forma de pedido;Medio de pago;Pago;Estado;Productos;Envío;Cargo por servicio;Recargos;Descuentos;Total;Moneda;Motivo de cancelación',
      'INFC0003;El Horno Centro;17/11/2026 13:00;Carla Pérez;\'+5491170000003;Retiro;Efectivo;A cobrar;Cancelado;5000,00;0,00;0,00;0,00;0,00;5000,00;ARS;"\'=HYPERLINK(""x""); sin stock"',
      'INFB0002;El Horno Centro;16/11/2026 23:30;"Bruno ""el Tano"" Díaz";\'+5491170000002;A domicilio;Tarjeta;Pagado;Entregado;20000,00;0,00;0,00;0,00;0,00;20000,00;ARS;',
      "INFA0001;El Horno Centro;16/11/2026 12:00;Ana Gómez;'+5491170000001;Retiro;Efectivo;A cobrar;Entregado;12000,00;0,00;0,00;0,00;0,00;12000,00;ARS;",
      '',
    ]);
    const filtered = await csv(owner, 'from=2026-11-16&to=2026-11-17&status=CANCELED');
    expect(filtered.rawPayload.toString('utf8').split('\r\n')).toHaveLength(3);
  });

  it("names the CSV of a branch's every shop by the branch, and of one shop by the shop", async () => {
    const donMateo = await staffCookie(test.app, DONMATEO_OWNER);
    const all = await csv(donMateo, 'from=2026-11-11&to=2026-11-18');
    expect(all.statusCode).toBe(200);
    expect(all.headers['content-disposition']).toBe(
      'attachment; filename="pedidos-donmateo-2026-11-11-a-2026-11-18.csv"',
    );
    // the demo's Palermo orders of the week are in it, none of El Horno's
    const body = all.rawPayload.toString('utf8');
    expect(body).toContain('DMP9RT3H6N;Don Mateo Palermo;15/11/2026 15:00;Lucía Fernández;');
    expect(body).not.toContain('INF');
    const page = await list(donMateo, 'from=2026-11-11&to=2026-11-18');
    const palermo = page.body.options.shops.find(
      (shop: { alias: string }) => shop.alias === 'donmateo-palermo',
    );
    const one = await csv(donMateo, `from=2026-11-11&to=2026-11-18&shop=${palermo.id}`);
    expect(one.headers['content-disposition']).toBe(
      'attachment; filename="pedidos-donmateo-palermo-2026-11-11-a-2026-11-18.csv"',
    );
  });

  it('needs a session for every call', async () => {
    for (const url of ['/api/console/orders', '/api/console/orders.csv', '/api/console/orders/INFA0001']) {
      const res = await test.app.inject({ method: 'GET', url });
      expect(res.statusCode, url).toBe(401);
    }
  });
});
