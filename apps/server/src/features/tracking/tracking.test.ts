import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { expectApiError, getJson } from '../../../test/http.ts';
import { MARTIN, riderByPhone, shipmentOf } from '../../../test/logistics.ts';
import { createTestApp, databaseKinds, type TestApp } from '../../../test/test-app.ts';
import * as t from '../../db/schema.ts';
import type { Db } from '../../platform/db.ts';

const PATH = '/api/logisticsorder/tracking';
const ACCESS_DENIED = 'Acceso denegado o link expirado';

describe.each(databaseKinds)('GET /api/logisticsorder/tracking/{alias}/{orderCode} (%s)', (kind) => {
  let test: TestApp;
  let db: Db;
  beforeAll(async () => {
    test = await createTestApp(kind);
    db = test.database.db;
  });
  afterAll(() => test.close());

  it('answers the tracking info of a shipment still looking for a rider, with its delivery code', async () => {
    const shipment = await shipmentOf(db, 'DMP2LV8C5Z');
    const [branch] = await db.select().from(t.branches).where(eq(t.branches.alias, 'donmateo'));
    const res = await getJson(test.app, `${PATH}/donmateo-palermo/DMP2LV8C5Z`);
    expect(res.status).toBe(200);
    // placed 10 minutes before TEST_NOW (15:00 in Buenos Aires); Delivery takes 30 to 50 minutes
    expect(res.body).toEqual({
      id: shipment.id,
      orderCode: 'DMP2LV8C5Z',
      status: 'LOOKING_FOR_DRIVER',
      returnShipment: false,
      createdAt: '2026-11-18T17:50:00.000Z',
      timeZone: 'America/Argentina/Buenos_Aires',
      rider: null,
      branchLocation: { lat: -34.588, lng: -58.411 },
      destinationLocation: { lat: -34.5899, lng: -58.4127 },
      eta: { minEta: '2026-11-18T18:20:00.000Z', maxEta: '2026-11-18T18:40:00.000Z' },
      securityCode: '5821',
      branch: { id: branch?.id, name: 'Pizzería Don Mateo', customLogoURL: '/demo/donmateo.svg' },
    });
  });

  it('shows the rider, the phone and the position while the order is on its way', async () => {
    const res = await getJson(test.app, `${PATH}/donmateo-palermo/DMP8QN5T4R`);
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({
      orderCode: 'DMP8QN5T4R',
      status: 'ON_ROUTE_TO_DROP_OFF',
      rider: { name: 'Martín Gómez', phone: '+5491160000001', lat: -34.5861, lng: -58.4097 },
      destinationLocation: { lat: -34.5838, lng: -58.4083 },
      securityCode: '7390',
    });
  });

  it('keeps the rider and the code to itself once the order is delivered, and expires the link an hour later', async () => {
    const shipment = await shipmentOf(db, 'DMP8QN5T4R');
    // the tests' clock is 2026-11-18T15:00-03:00
    const deliveredAt = new Date('2026-11-18T17:30:00Z');
    await db
      .update(t.shipments)
      .set({ status: 'DELIVERED', updatedAt: deliveredAt })
      .where(eq(t.shipments.id, shipment.id));
    try {
      const res = await getJson(test.app, `${PATH}/donmateo-palermo/DMP8QN5T4R`);
      expect(res.body.status).toBe('DELIVERED');
      expect(res.body.rider).toBeNull();
      expect(res.body.securityCode).toBeNull();
      await db
        .update(t.shipments)
        .set({ updatedAt: new Date('2026-11-18T16:59:00Z') })
        .where(eq(t.shipments.id, shipment.id));
      const expired = await getJson(test.app, `${PATH}/donmateo-palermo/DMP8QN5T4R`);
      expect(expired.status).toBe(404);
      expect(expired.body.message).toBe('Acceso denegado o link expirado');
    } finally {
      await db
        .update(t.shipments)
        .set({ status: shipment.status, updatedAt: shipment.updatedAt })
        .where(eq(t.shipments.id, shipment.id));
    }
  });

  it('names no rider, and gives no phone or position, before the order is on its way', async () => {
    const shipment = await shipmentOf(db, 'DMP8QN5T4R');
    for (const status of ['ON_ROUTE_TO_PICK_UP', 'IN_STORE'] as const) {
      await db.update(t.shipments).set({ status }).where(eq(t.shipments.id, shipment.id));
      const res = await getJson(test.app, `${PATH}/donmateo-palermo/DMP8QN5T4R`);
      expect(res.body.status).toBe(status);
      // the spec: a customer sees shipment details only on route to drop-off (core's dinerDelivery,
      // the follow-up page's rule too)
      expect(res.body.rider).toBeNull();
      expect(JSON.stringify(res.body)).not.toContain('Martín');
      expect(JSON.stringify(res.body)).not.toContain('6000-0001');
      expect(JSON.stringify(res.body)).not.toContain('+5491160000001');
    }
    await db.update(t.shipments).set({ status: shipment.status }).where(eq(t.shipments.id, shipment.id));
  });

  it("tracks a stacked shipment with the stack's rider", async () => {
    const shipment = await shipmentOf(db, 'DMP6WJ4F8S');
    const martin = await riderByPhone(db, MARTIN);
    await db
      .update(t.shipmentStacks)
      .set({ riderId: martin.id })
      .where(eq(t.shipmentStacks.id, shipment.shipmentStackId as number));
    await db
      .update(t.shipments)
      .set({ status: 'ON_ROUTE_TO_DROP_OFFS' })
      .where(eq(t.shipments.id, shipment.id));
    const res = await getJson(test.app, `${PATH}/donmateo-palermo/DMP6WJ4F8S`);
    expect(res.body).toMatchObject({
      id: shipment.id,
      status: 'ON_ROUTE_TO_DROP_OFFS',
      rider: { name: 'Martín Gómez', lat: -34.5861, lng: -58.4097 },
      securityCode: '3307',
    });
  });

  it('reads the order code URL-decoded and the alias in any case', async () => {
    const res = await getJson(test.app, `${PATH}/DonMateo-Palermo/%44MP2LV8C5Z`);
    expect(res.status).toBe(200);
    expect(res.body.orderCode).toBe('DMP2LV8C5Z');
  });

  it("answers 404 'Acceso denegado o link expirado' for anything it cannot show", async () => {
    for (const path of [
      'nadie/DMP2LV8C5Z', // unknown alias
      'donmateo-palermo/DMP0000000', // unknown code
      'donmateo-belgrano/DMP2LV8C5Z', // another contact's order
      'donmateo/DMP2LV8C5Z', // a branch alias, not a contact's
      'donmateo-palermo/DMP9RT3H6N', // a take-away order: no shipment
    ]) {
      const res = await getJson(test.app, `${PATH}/${path}`);
      expectApiError(res, 404, 'NOT_FOUND');
      expect(res.body.message, path).toBe(ACCESS_DENIED);
    }
  });

  it('answers 404 for the orders of an inactive contact', async () => {
    await db
      .update(t.branchContacts)
      .set({ active: false })
      .where(eq(t.branchContacts.alias, 'donmateo-palermo'));
    try {
      const res = await getJson(test.app, `${PATH}/donmateo-palermo/DMP2LV8C5Z`);
      expectApiError(res, 404);
      expect(res.body.message).toBe(ACCESS_DENIED);
    } finally {
      await db
        .update(t.branchContacts)
        .set({ active: true })
        .where(and(eq(t.branchContacts.alias, 'donmateo-palermo')));
    }
  });

  it('refuses malformed paths in Spanish, never with a 500', async () => {
    const badAlias = await getJson(test.app, `${PATH}/%3Cscript%3E/DMP2LV8C5Z`);
    expectApiError(badAlias, 400);
    expect(badAlias.body.message).toBe(ACCESS_DENIED);
    const longCode = await getJson(test.app, `${PATH}/donmateo-palermo/${'X'.repeat(65)}`);
    expectApiError(longCode, 400);
    expect(longCode.body.message).toBe('El código de pedido no es válido.');
    const badEscape = await getJson(test.app, `${PATH}/donmateo-palermo/%E0%A4%A`);
    expect(badEscape.status).toBeGreaterThanOrEqual(400);
    expect(badEscape.status).toBeLessThan(500);
  });

  it('limits lookups to 60 a minute per client address', async () => {
    // a client address of its own, so the other tests' requests do not count
    const lookup = (code: string) =>
      test.app.inject({ method: 'GET', url: `${PATH}/donmateo-palermo/${code}`, remoteAddress: '10.9.8.7' });
    for (let i = 0; i < 60; i++) expect((await lookup(`DMPX${i}`)).statusCode).toBe(404);
    const res = await lookup('DMP2LV8C5Z');
    expectApiError({ status: res.statusCode, body: res.json() }, 429, 'RATE_LIMITED');
    expect(res.json().message).toBe('Demasiadas solicitudes. Volvé a intentar en unos minutos.');
    const other = await test.app.inject({ method: 'GET', url: `${PATH}/donmateo-palermo/DMP2LV8C5Z` });
    expect(other.statusCode).toBe(200);
  });
});
