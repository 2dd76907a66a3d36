import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { expectApiError } from '../../../test/http.ts';
import {
  INFORME_COOK,
  INFORME_OWNER,
  type InformeFixture,
  seedInforme,
} from '../../../test/report-fixture.ts';
import { asStaff, DONMATEO_COOK, DONMATEO_OWNER, staffCookie } from '../../../test/staff.ts';
import { createTestApp, databaseKinds, type TestApp } from '../../../test/test-app.ts';

// The fixture's orders (test/report-fixture.ts), 16 to 18 November 2026, Buenos Aires:
//   A 16th 12:00 take-away cash  DELIVERED  12000  2 Pollo          prep 20 min, placed→delivered 40
//   B 16th 23:30 delivery  card  DELIVERED  20000  1 Pollo, 2 Papas prep 30, placed→delivered 65, rider 24
//   C 17th 13:00 take-away cash  CANCELED    5000  5 Pollo          (not sold)
//   D 18th 10:00 delivery  cash  READY       8000  1 Papas          prep 10
//   E 18th 11:00 delivery  card  PAYMENT_EXPIRED 9000               (not placed, not sold)
//   F 15th 23:59 take-away cash  DELIVERED   7000  9 Pollo          (before the period)
// Ratings: A nps 5 food 4; B nps 3 food 5; D nps 4; F nps 1 (outside).

describe.each(databaseKinds)('owner reports (%s)', (kind) => {
  let test: TestApp;
  let owner: string;
  let cook: string;
  let fixture: InformeFixture;

  beforeAll(async () => {
    test = await createTestApp(kind);
    fixture = await seedInforme(test.database.db, new Date('2026-11-18T15:00:00-03:00'));
    owner = await staffCookie(test.app, INFORME_OWNER);
    cook = await staffCookie(test.app, INFORME_COOK);
  });
  afterAll(() => test.close());

  const report = (cookie: string, query: string) =>
    asStaff(test.app, cookie, 'GET', `/api/console/reports?${query}`);

  it('sums the period by hand-checkable figures', async () => {
    const res = await report(owner, 'from=2026-11-16&to=2026-11-18');
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body).toEqual({
      period: { from: '2026-11-16', to: '2026-11-18' },
      today: '2026-11-18',
      currency: 'ARS',
      shops: [
        {
          id: fixture.contactId,
          alias: 'informe-centro',
          name: 'El Horno Centro',
          timeZone: 'America/Argentina/Buenos_Aires',
          currency: 'ARS',
          country: 'ar',
        },
      ],
      totals: {
        orders: 4,
        sold: 3,
        revenue: 40000,
        averageTicket: 13333.33,
        delivered: 2,
        canceled: 1,
        expired: 1,
      },
      days: [
        // B is placed at 02:30 UTC of the 17th: the 16th in the shop's zone
        { date: '2026-11-16', orders: 2, revenue: 32000 },
        { date: '2026-11-17', orders: 1, revenue: 0 },
        { date: '2026-11-18', orders: 1, revenue: 8000 },
      ],
      payments: [
        { paymentMethod: 'CASH', name: 'Efectivo', orders: 2, revenue: 20000 },
        { paymentMethod: 'CARD', name: 'Tarjeta', orders: 1, revenue: 20000 },
      ],
      topDishes: [
        { name: 'Pollo', quantity: 3, revenue: 21000 },
        { name: 'Papas', quantity: 3, revenue: 19000 },
      ],
      times: {
        preparationMinutes: 20,
        preparedOrders: 3,
        deliveryMinutes: 24,
        deliveredShipments: 1,
        totalMinutes: 52.5,
      },
      ratings: {
        ratedOrders: 3,
        questions: [
          { title: '¿Nos recomendarías?', average: 4, count: 3, stars: [0, 0, 1, 1, 1] },
          { title: '¿Cómo llegó la comida?', average: 4.5, count: 2, stars: [0, 0, 0, 1, 1] },
        ],
        nps: { score: 0, promoters: 1, passives: 1, detractors: 1, count: 3 },
      },
    });
  });

  it('takes one day, the shop named, and answers zeros and nulls for a period without orders', async () => {
    const day = await report(owner, `from=2026-11-15&to=2026-11-15&shop=${fixture.contactId}`);
    expect(day.status).toBe(200);
    expect(day.body.totals).toMatchObject({ orders: 1, sold: 1, revenue: 7000, delivered: 1 });
    expect(day.body.topDishes).toEqual([{ name: 'Pollo', quantity: 9, revenue: 7000 }]);
    expect(day.body.ratings.nps).toMatchObject({ score: -100, detractors: 1 });

    const empty = await report(owner, 'from=2026-10-01&to=2026-10-03');
    expect(empty.status).toBe(200);
    expect(empty.body.totals).toEqual({
      orders: 0,
      sold: 0,
      revenue: 0,
      averageTicket: 0,
      delivered: 0,
      canceled: 0,
      expired: 0,
    });
    expect(empty.body.days).toHaveLength(3);
    expect(empty.body.times).toEqual({
      preparationMinutes: null,
      preparedOrders: 0,
      deliveryMinutes: null,
      deliveredShipments: 0,
      totalMinutes: null,
    });
    expect(empty.body.ratings).toEqual({ ratedOrders: 0, questions: [], nps: null });
  });

  it('defaults to the last 30 days up to today', async () => {
    const res = await report(owner, '');
    expect(res.status).toBe(200);
    expect(res.body.period).toEqual({ from: '2026-10-20', to: '2026-11-18' });
    expect(res.body.days).toHaveLength(30);
    expect(res.body.totals.sold).toBe(4);
  });

  it('is the owner’s only: kitchen staff get 403 in Spanish', async () => {
    const res = await report(cook, 'from=2026-11-16&to=2026-11-18');
    expectApiError(res, 403, 'FORBIDDEN');
    expect(res.body.message).toBe('Solo el dueño del local puede cambiar esto.');
    expectApiError(await report(await staffCookie(test.app, DONMATEO_COOK), ''), 403);
  });

  it('reads only the own branch: another branch’s shop is not found', async () => {
    const other = await staffCookie(test.app, DONMATEO_OWNER);
    const res = await report(other, `shop=${fixture.contactId}`);
    expectApiError(res, 404, 'NOT_FOUND');
    expect(res.body.message).toBe('No encontramos este local.');
    // Don Mateo's own report has none of El Horno's orders
    const own = await report(other, 'from=2026-11-16&to=2026-11-18');
    expect(own.status).toBe(200);
    expect(own.body.topDishes.map((dish: { name: string }) => dish.name)).not.toContain('Papas');
  });

  it('refuses a bad period in Spanish, never a 500', async () => {
    const cases: [string, string][] = [
      ['from=2026-13-01', 'La fecha "desde" no es válida. Usá el formato AAAA-MM-DD.'],
      ['to=mañana', 'La fecha "hasta" no es válida. Usá el formato AAAA-MM-DD.'],
      ['from=2026-11-18&to=2026-11-01', 'La fecha "hasta" no puede ser anterior a la fecha "desde".'],
      ['from=2024-01-01&to=2026-11-18', 'El período puede ser de hasta 366 días. Elegí uno más corto.'],
      ['shop=abc', 'Elegí un local de la lista.'],
      ['colour=red', 'La solicitud no es válida.'],
    ];
    for (const [query, message] of cases) {
      const res = await report(owner, query);
      expectApiError(res, 400, 'BAD_REQUEST');
      expect(res.body.message, query).toBe(message);
    }
  });

  it('needs a session', async () => {
    const res = await test.app.inject({ method: 'GET', url: '/api/console/reports' });
    expect(res.statusCode).toBe(401);
  });
});
