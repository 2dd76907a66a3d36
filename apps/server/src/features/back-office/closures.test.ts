import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { expectApiError, getJson } from '../../../test/http.ts';
import { buildOrder, type OrderContext, orderContext, postOrder } from '../../../test/order-payload.ts';
import { asStaff, DONMATEO_COOK, DONMATEO_OWNER, KENZO_OWNER, staffCookie } from '../../../test/staff.ts';
import { createTestApp, databaseKinds, type TestApp } from '../../../test/test-app.ts';
import * as t from '../../db/schema.ts';

// the test clock: Wednesday 18 November 2026, 15:00 in Buenos Aires, Don Mateo Palermo open (11:00-23:59)
const TODAY = '2026-11-18';
const TOMORROW = '2026-11-19';
const FRIDAY = '2026-11-20';
const MESSAGE = 'Cerramos por inventario. Volvemos el viernes.';

interface Schedule {
  schedulerDaysInfo: { date: string; availableHours: string[] }[];
  datesBetween: string[];
}

describe.each(databaseKinds)('holidays and one-off closures of a shop (%s)', (kind) => {
  let test: TestApp;
  let owner: string;
  let takeAway: OrderContext;
  /** the schedule as it was before any closure */
  let openSchedule: Schedule;

  const putClosures = (cookie: string, contactId: number, closures: unknown) =>
    asStaff(test.app, cookie, 'PUT', `/api/console/shop/${contactId}/closures`, { closures });
  const storedClosures = async () =>
    (
      await test.database.db
        .select({ closures: t.branchContacts.closures })
        .from(t.branchContacts)
        .where(eq(t.branchContacts.id, takeAway.contactId))
    )[0]?.closures;
  const schedule = async () =>
    (await getJson(test.app, `/api/ordermode/schedule/${takeAway.modeId}`)).body as Schedule;
  const takeAwayMode = async () =>
    (
      (await getJson(test.app, `/api/diner/branchordermodes/${takeAway.contactId}`)).body as {
        id: number;
        openNow: boolean;
        canSchedule: boolean;
      }[]
    ).find((mode) => mode.id === takeAway.modeId);
  const slotOn = (date: string) => {
    const day = openSchedule.schedulerDaysInfo.find((d) => d.date === date);
    if (!day) throw new Error(`no slots on ${date}`);
    return `${date}T${day.availableHours[0]}:00-03:00`;
  };

  beforeAll(async () => {
    test = await createTestApp(kind);
    owner = await staffCookie(test.app, DONMATEO_OWNER);
    takeAway = await orderContext(test.app, 'donmateo-palermo', 'Take Away');
    openSchedule = await schedule();
  });
  afterAll(() => test.close());

  it('starts open, with no closures', async () => {
    const alias = (await getJson(test.app, '/api/diner/donmateo-palermo')).body;
    expect(alias.info).toMatchObject({ open: true, closures: [] });
    expect((await takeAwayMode())?.openNow).toBe(true);
    expect(openSchedule.datesBetween.slice(0, 3)).toEqual([TODAY, TOMORROW, FRIDAY]);
    const [shop] = (await asStaff(test.app, owner, 'GET', '/api/console/shop')).body;
    expect(shop.closures).toEqual([]);
  });

  it('closes the shop while a closure covers today, for the storefront and the order rules', async () => {
    const saved = await putClosures(owner, takeAway.contactId, [
      { startsOn: '2026-12-24', endsOn: '2026-12-25', message: '  ' },
      { startsOn: TODAY, endsOn: TOMORROW, message: ` ${MESSAGE} ` },
    ]);
    expect(saved.status).toBe(200);
    // earliest first, the message trimmed and a blank one none
    const listed = [
      { startsOn: TODAY, endsOn: TOMORROW, message: MESSAGE },
      { startsOn: '2026-12-24', endsOn: '2026-12-25', message: null },
    ];
    expect(saved.body).toMatchObject({ id: takeAway.contactId, closures: listed });
    expect(await storedClosures()).toEqual(listed);

    // the storefront, the shop list and the page shell's data read it at once (their caches dropped)
    const alias = (await getJson(test.app, '/api/diner/donmateo-palermo')).body;
    expect(alias.info.open).toBe(false);
    expect(alias.info.closures).toEqual(listed);
    const shops = (await getJson(test.app, `/api/diner/branches/${takeAway.branchId}/branchcontacts`)).body
      .branchContacts as { id: number; open: boolean }[];
    expect(shops.find((shop) => shop.id === takeAway.contactId)?.open).toBe(false);
    expect((await getJson(test.app, `/api/diner/branchcontacts/${takeAway.contactId}`)).body.open).toBe(
      false,
    );

    // the mode cannot take an order now; it can schedule one after the closure
    expect(await takeAwayMode()).toMatchObject({ openNow: false, canSchedule: true });
    const closed = await schedule();
    expect(closed.datesBetween).not.toContain(TODAY);
    expect(closed.datesBetween).not.toContain(TOMORROW);
    expect(closed.datesBetween[0]).toBe(FRIDAY);
    // Friday reopens at 11:00, its first slot waits for the lead time as before
    expect(closed.schedulerDaysInfo[0]).toEqual(
      openSchedule.schedulerDaysInfo.find((day) => day.date === FRIDAY),
    );

    // the owner sees the closures and the change in the log
    const [shop] = (await asStaff(test.app, owner, 'GET', '/api/console/shop')).body;
    expect(shop.closures).toEqual(listed);
    const [change] = (await asStaff(test.app, owner, 'GET', '/api/console/changes')).body;
    expect(change).toMatchObject({
      area: 'SHOP',
      summary: 'Cerrado del 18/11 al 19/11 y del 24/12 al 25/12 en Don Mateo Palermo',
      staffName: expect.any(String),
    });
  });

  it('refuses an order for now and a scheduled one on a closed date, takes one on an open date', async () => {
    const now = await postOrder(test.app, buildOrder(takeAway, { dishes: [{ plate: 'Fugazzeta' }] }));
    expectApiError(now, 400, 'CHECKOUT_INVALID');
    expect(now.body.message).toBe('Seleccione un horario de programación del pedido');

    const closedSlot = await postOrder(
      test.app,
      buildOrder(takeAway, { dishes: [{ plate: 'Fugazzeta' }], scheduledAt: slotOn(TOMORROW) }),
    );
    expectApiError(closedSlot, 400, 'CHECKOUT_INVALID');
    expect(closedSlot.body.message).toBe('Seleccione un horario de programación del pedido');

    const friday = slotOn(FRIDAY);
    const placed = await postOrder(
      test.app,
      buildOrder(takeAway, { dishes: [{ plate: 'Fugazzeta' }], scheduledAt: friday }),
    );
    expect(placed.status).toBe(201);
    const [order] = await test.database.db
      .select()
      .from(t.orders)
      .where(eq(t.orders.id, placed.body.data.id));
    expect(order?.scheduledAt?.toISOString()).toBe(new Date(friday).toISOString());
  });

  it('refuses bad closures in Spanish and writes nothing', async () => {
    const before = await storedClosures();
    const cases: [unknown, string, string][] = [
      [
        [{ startsOn: '2026-11-31', endsOn: '2026-12-01', message: null }],
        'closures.0.startsOn',
        'Elegí una fecha válida.',
      ],
      [
        [{ startsOn: '24/12', endsOn: '2026-12-25', message: null }],
        'closures.0.startsOn',
        'Elegí una fecha válida.',
      ],
      [
        [{ startsOn: '2026-12-26', endsOn: '2026-12-24', message: null }],
        'closures.0.endsOn',
        'El cierre termina antes de empezar. Revisá las fechas.',
      ],
      [
        [{ startsOn: '2026-11-10', endsOn: '2026-11-17', message: null }],
        'closures.0.endsOn',
        'Ese cierre ya pasó. Quitalo o elegí fechas que todavía no llegaron.',
      ],
      [
        [{ startsOn: '2026-12-01', endsOn: '2027-12-31', message: null }],
        'closures.0.endsOn',
        'Un cierre no puede durar más de un año.',
      ],
      [
        [{ startsOn: '2026-12-24', endsOn: '2026-12-25', message: 'x'.repeat(201) }],
        'closures.0.message',
        'El mensaje puede tener hasta 200 caracteres.',
      ],
      [
        [
          { startsOn: '2026-12-24', endsOn: '2026-12-26', message: null },
          { startsOn: '2026-12-26', endsOn: '2026-12-31', message: null },
        ],
        'closures.1',
        'Los cierres del 26/12 se superponen. Unilos en uno solo.',
      ],
      [
        Array.from({ length: 51 }, (_, i) => {
          const date = new Date(Date.UTC(2027, 0, 1 + i)).toISOString().slice(0, 10);
          return { startsOn: date, endsOn: date, message: null };
        }),
        'closures',
        'Podés cargar hasta 50 cierres.',
      ],
      [
        [{ startsOn: '2026-12-24', endsOn: '2026-12-25', message: null, reason: 'x' }],
        'closures.0',
        'Revisá los cierres: cada uno lleva fecha de inicio, fecha de fin y un mensaje opcional.',
      ],
    ];
    for (const [closures, path, message] of cases) {
      const res = await putClosures(owner, takeAway.contactId, closures);
      expectApiError(res, 400, 'BAD_REQUEST');
      expect(res.body.message, path).toBe(message);
      expect(res.body.errors).toContainEqual({ path, message });
    }
    expect(await storedClosures()).toEqual(before);
  });

  it('keeps closures to the shop’s own owner', async () => {
    const before = await storedClosures();
    const cook = await staffCookie(test.app, DONMATEO_COOK);
    const kenzo = await staffCookie(test.app, KENZO_OWNER);
    expectApiError(await putClosures(cook, takeAway.contactId, []), 403, 'FORBIDDEN');
    const other = await putClosures(kenzo, takeAway.contactId, []);
    expectApiError(other, 403, 'FORBIDDEN');
    expect(other.body.message).toBe('No tenés permisos para cambiar esta tienda.');
    const anonymous = await test.app.inject({
      method: 'PUT',
      url: `/api/console/shop/${takeAway.contactId}/closures`,
      payload: { closures: [] },
    });
    expect(anonymous.statusCode).toBe(401);
    expectApiError(await putClosures(owner, 999_999, []), 404, 'NOT_FOUND');
    expect(await storedClosures()).toEqual(before);
  });

  it('reopens the shop when the closures are removed', async () => {
    const cleared = await putClosures(owner, takeAway.contactId, []);
    expect(cleared.status).toBe(200);
    expect(cleared.body.closures).toEqual([]);
    expect(await storedClosures()).toEqual([]);
    const [change] = (await asStaff(test.app, owner, 'GET', '/api/console/changes')).body;
    expect(change.summary).toBe('Quitó los cierres de Don Mateo Palermo');

    expect((await getJson(test.app, '/api/diner/donmateo-palermo')).body.info).toMatchObject({
      open: true,
      closures: [],
    });
    expect((await takeAwayMode())?.openNow).toBe(true);
    expect(await schedule()).toEqual(openSchedule);
    const placed = await postOrder(test.app, buildOrder(takeAway, { dishes: [{ plate: 'Fugazzeta' }] }));
    expect(placed.status).toBe(201);
  });
});
