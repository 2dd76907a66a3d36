import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { expectApiError, getJson } from '../../../test/http.ts';
import {
  buildOrder,
  type OrderContext,
  orderContext,
  PALERMO_ADDRESS,
  postOrder,
} from '../../../test/order-payload.ts';
import { createTestApp, databaseKinds, type TestApp } from '../../../test/test-app.ts';
import * as t from '../../db/schema.ts';

const NO_RIDERS = 'En este momento no contamos con repartidores en la zona. Vuelva a intentar más tarde';
const DELIVERY_SERVICE_FEE = { userFee: 300, percentageUserFee: 0.02 };

/**
 * Issue 28, storefront.md's 'no riders': Don Mateo Palermo relies on its own riders (ownFleet). With
 * none on shift, the fee lookup says `providersFailed` and an order for now is refused with the
 * checkout's message; an order for later still goes in. A shop with other logistics is not affected.
 */
describe.each(databaseKinds)('delivery with no rider on shift (%s)', (kind) => {
  let test: TestApp;
  let palermo: OrderContext;
  const feeOf = async (contactId: number) =>
    (
      await getJson(
        test.app,
        `/api/branch/${contactId}/deliveryzones/fee?lat=${PALERMO_ADDRESS.lat}&lng=${PALERMO_ADDRESS.lng}`,
      )
    ).body;
  const order = (phone: string, scheduledAt: string | null = null) =>
    buildOrder(palermo, {
      dishes: [{ plate: 'Fugazzeta' }],
      payment: 'CASH',
      destination: PALERMO_ADDRESS,
      serviceFee: DELIVERY_SERVICE_FEE,
      deliveryFee: 1500,
      phone,
      scheduledAt,
    });

  beforeAll(async () => {
    test = await createTestApp(kind);
    palermo = await orderContext(test.app, 'donmateo-palermo', 'Delivery');
  });
  afterAll(() => test.close());

  it('takes orders while one of its riders is on shift', async () => {
    expect(await feeOf(palermo.contactId)).toMatchObject({
      inArea: true,
      ownLogistic: true,
      providersFailed: false,
    });
    expect((await postOrder(test.app, order('+5491170005001'))).status).toBe(201);
  });

  describe('once every rider has ended the shift', () => {
    beforeAll(async () => {
      await test.database.db
        .update(t.riders)
        .set({ active: false })
        .where(eq(t.riders.branchContactId, palermo.contactId));
    });

    it('tells the checkout no rider can carry it', async () => {
      expect(await feeOf(palermo.contactId)).toMatchObject({ inArea: true, providersFailed: true });
    });

    it('refuses an order for now with the checkout message, and writes nothing', async () => {
      const before = await test.database.db.select({ id: t.orders.id }).from(t.orders);
      const refused = await postOrder(test.app, order('+5491170005002'));
      expectApiError(refused, 400, 'CHECKOUT_INVALID');
      expect(refused.body.message).toBe(NO_RIDERS);
      expect(await test.database.db.select({ id: t.orders.id }).from(t.orders)).toEqual(before);
    });

    it('takes an order for later', async () => {
      const schedule = (await getJson(test.app, `/api/ordermode/schedule/${palermo.modeId}`)).body as {
        schedulerDaysInfo: { date: string; availableHours: string[] }[];
      };
      const day = schedule.schedulerDaysInfo.find((item) => item.availableHours.length > 0);
      expect(day).toBeDefined();
      const slot = `${day?.date}T${day?.availableHours[0]}:00-03:00`;
      expect((await postOrder(test.app, order('+5491170005003', slot))).status).toBe(201);
    });

    it('does not concern a shop whose deliveries go to other logistics', async () => {
      const belgrano = await orderContext(test.app, 'donmateo-belgrano', 'Delivery');
      const [contact] = await test.database.db
        .select({ ownFleet: t.branchContacts.ownFleet })
        .from(t.branchContacts)
        .where(eq(t.branchContacts.id, belgrano.contactId));
      expect(contact?.ownFleet).toBe(false);
      // the middle of its first zone, where it has no rider at all
      const [zone] = await test.database.db
        .select({ polygon: t.deliveryZones.polygon })
        .from(t.deliveryZones)
        .where(eq(t.deliveryZones.branchContactId, belgrano.contactId))
        .orderBy(t.deliveryZones.priority);
      const points = zone?.polygon ?? [];
      const mid = (key: 'lat' | 'lng') => points.reduce((sum, p) => sum + p[key], 0) / points.length;
      const answer = (
        await getJson(
          test.app,
          `/api/branch/${belgrano.contactId}/deliveryzones/fee?lat=${mid('lat')}&lng=${mid('lng')}`,
        )
      ).body;
      expect(answer).toMatchObject({ inArea: true, ownLogistic: false, providersFailed: false });
    });
  });
});
