import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { expectApiError } from '../../../test/http.ts';
import {
  buildOrder,
  type OrderContext,
  orderContext,
  PALERMO_ADDRESS,
  postOrder,
} from '../../../test/order-payload.ts';
import { createTestApp, databaseKinds, type TestApp } from '../../../test/test-app.ts';
import * as t from '../../db/schema.ts';

/**
 * The order payload's fields of storefront.md section 3 beyond the amounts (issue 28): the cart line
 * discount's itemId, the destination's house number and place details, orderText, installedApp,
 * userExternalReference, partnerName and paymentInfo's paymentUpload and paymentReferenceId, validated by
 * the contract and stored where the order keeps them.
 */
describe.each(databaseKinds)('order payload fields (%s)', (kind) => {
  let test: TestApp;
  let delivery: OrderContext;

  beforeAll(async () => {
    test = await createTestApp(kind);
    delivery = await orderContext(test.app, 'donmateo-palermo', 'Delivery');
  });
  afterAll(() => test.close());

  const order = () =>
    buildOrder(delivery, {
      // Napolitana has the menu's 20% off
      dishes: [{ plate: 'Napolitana' }],
      payment: 'TRANSFER',
      destination: {
        ...PALERMO_ADDRESS,
        postalCode: 'C1425',
        fullAddress: 'Av. Santa Fe 3100, Palermo, Buenos Aires',
        country: 'ar',
        geocoded: true,
        fromLocalStorage: true,
      },
      serviceFee: { userFee: 300, percentageUserFee: 0.02 },
      deliveryFee: 1200,
    });

  it('stores the line discount’s plate, the destination’s parts and place details, the text, the app and the partner', async () => {
    const payload = order();
    expect(payload.items[0]?.discount).toMatchObject({
      itemId: payload.items[0]?.referenceId,
      type: 'PERCENT',
    });
    const placed = await postOrder(test.app, {
      ...payload,
      orderText: 'Pedido · Delivery\n1 x Napolitana',
      installedApp: true,
      userExternalReference: 'socio-44',
      partnerName: 'club',
      paymentInfo: { ...payload.paymentInfo, paymentReferenceId: 'REF-123' },
    });
    expect(placed.status).toBe(201);
    const id = placed.body.data.id as number;
    const [row] = await test.database.db.select().from(t.orders).where(eq(t.orders.id, id));
    expect(row).toMatchObject({
      orderText: 'Pedido · Delivery\n1 x Napolitana',
      installedApp: true,
      userExternalReference: 'socio-44',
      partnerName: 'club',
    });
    expect(row?.destination).toMatchObject({
      street: 'Av. Santa Fe',
      number: '3100',
      postalCode: 'C1425',
      fullAddress: 'Av. Santa Fe 3100, Palermo, Buenos Aires',
      country: 'ar',
      geocoded: true,
    });
    const [item] = await test.database.db.select().from(t.orderItems).where(eq(t.orderItems.orderId, id));
    expect(item?.discount).toMatchObject({ itemId: payload.items[0]?.referenceId, type: 'PERCENT' });
    const [payment] = await test.database.db
      .select()
      .from(t.orderPayments)
      .where(eq(t.orderPayments.orderId, id));
    // the diner's reference is kept apart from the provider's, which only the provider sets
    expect(payment).toMatchObject({
      paymentUpload: 'APP',
      clientReference: 'REF-123',
      paymentReferenceId: null,
    });
  });

  it('refuses malformed fields with a Spanish message, never 500', async () => {
    const payload = order();
    const bad = [
      { ...payload, orderText: 'x'.repeat(20_001) },
      { ...payload, installedApp: 'sí' },
      { ...payload, partnerName: 'x'.repeat(121) },
      { ...payload, userExternalReference: 7 },
      { ...payload, destination: { ...payload.destination, country: 'arg' } },
      { ...payload, destination: { ...payload.destination, geocoded: 'yes' } },
      { ...payload, paymentInfo: { ...payload.paymentInfo, paymentReferenceId: 'x'.repeat(201) } },
      {
        ...payload,
        items: [{ ...payload.items[0], discount: { ...payload.items[0]?.discount, itemId: 'uno' } }],
      },
    ];
    for (const body of bad) {
      const res = await postOrder(test.app, body);
      expectApiError(res, 400);
      expect(res.body.message).toMatch(/(no es válid|demasiado larg)/);
    }
  });
});
