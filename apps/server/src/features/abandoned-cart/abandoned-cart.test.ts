import { RecoveryCartSchema } from '@comanda/core/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { expectApiError, getJson, idsOf } from '../../../test/http.ts';
import { createTestApp, databaseKinds, type TestApp } from '../../../test/test-app.ts';

describe.each(databaseKinds)('abandoned carts and recovery on %s', (kind) => {
  let t: TestApp;
  let ids: Awaited<ReturnType<typeof idsOf>>;
  const send = (method: 'POST' | 'PUT', url: string, payload: unknown) =>
    t.app
      .inject({ method, url, payload: payload as object })
      .then((r) => ({ status: r.statusCode, body: r.json() }));

  beforeAll(async () => {
    t = await createTestApp(kind);
    ids = await idsOf(t.app, 'donmateo-palermo');
  });
  afterAll(() => t.close());

  const cart = () => ({
    items: [
      { referenceId: 27, name: 'Empanada de carne', quantity: 3, notes: '', sizeId: null, extras: [] },
      {
        referenceId: 25,
        name: 'Muzzarella',
        quantity: 1,
        notes: 'bien cocida',
        sizeId: 2,
        extras: [{ groupId: 1, groupItems: [{ referenceId: 11, quantity: 1 }] }],
      },
    ],
    branchContactId: ids.contactId,
    branchId: ids.branchId,
    phone: '+54 9 11 4444-0202',
    orderModeId: ids.modeId('Delivery'),
    navigationEvent: 'HIDDEN',
  });

  it('stores a cart sent when the page is hidden and gives it back to the recovery link', async () => {
    const created = await send('POST', '/api/abandoned/cart/', cart());
    expect(created.status).toBe(201);
    const recovery = await getJson(
      t.app,
      `/api/recovery/cart/${encodeURIComponent('+5491144440202')}/${ids.contactId}`,
    );
    expect(recovery.status).toBe(200);
    const body = RecoveryCartSchema.parse(recovery.body);
    expect(body.orderModeId).toBe(ids.modeId('Delivery'));
    expect(body.items.map((i) => [i.name, i.quantity])).toEqual([
      ['Empanada de carne', 3],
      ['Muzzarella', 1],
    ]);
  });

  it('takes cart lines as the spec writes them, keeping what a recovery needs, and still refuses junk', async () => {
    // storefront.md section 3, "Cart line": every field of the storefront's cart
    const specLine = {
      referenceId: 25,
      referenceType: 'PLATE',
      name: 'Muzzarella',
      notes: '',
      quantity: 2,
      price: 25000,
      originalPrice: 25000,
      priceWithoutModifiers: 24000,
      sizeId: 2,
      categoryId: 1,
      categoryShowName: 'Pizzas',
      discount: { itemId: 25, type: 'PERCENT', discountReferenceId: 3, amount: 0 },
      source: 'PLATE',
      upsell: false,
      maxQuantity: null,
      extras: [
        {
          groupId: 1,
          groupName: 'Masa',
          min: 1,
          max: 1,
          multipleSelection: false,
          groupItems: [
            { referenceId: 11, referenceType: 'GARNISH', name: 'Integral', price: 500, quantity: 1 },
          ],
        },
      ],
    };
    const body = { ...cart(), phone: '+54 9 11 4444-0303', items: [specLine] };
    expect((await send('POST', '/api/abandoned/cart/', body)).status).toBe(201);
    const recovery = await getJson(
      t.app,
      `/api/recovery/cart/${encodeURIComponent('+5491144440303')}/${ids.contactId}`,
    );
    expect(RecoveryCartSchema.parse(recovery.body).items).toEqual([
      {
        referenceId: 25,
        name: 'Muzzarella',
        quantity: 2,
        notes: '',
        sizeId: 2,
        source: 'PLATE',
        extras: [{ groupId: 1, groupItems: [{ referenceId: 11, quantity: 1 }] }],
      },
    ]);
    const junk = await send('POST', '/api/abandoned/cart/', {
      ...body,
      items: [{ ...specLine, hack: true }],
    });
    expectApiError(junk, 400);
  });

  it('takes the e-mail as the storefront sends it: null, blank or an address (issue 28)', async () => {
    for (const email of [null, '', 'lucia@example.com']) {
      const created = await send('POST', '/api/abandoned/cart/', { ...cart(), email });
      expect(created.status).toBe(201);
    }
    const cancelled = await send('PUT', '/api/abandoned/cart/cancel/', {
      email: null,
      phone: '+54 9 11 4444-0202',
      branchContactId: ids.contactId,
      branchId: ids.branchId,
    });
    expect(cancelled.status).toBe(200);
    const bad = await send('POST', '/api/abandoned/cart/', { ...cart(), email: 'lucia@' });
    expectApiError(bad, 400);
    expect(bad.body.message).toBe('Ingrese un email valido');
  });

  it('keeps one active cart per phone and shop, replacing its items', async () => {
    const first = await send('POST', '/api/abandoned/cart/', cart());
    const again = await send('POST', '/api/abandoned/cart/', { ...cart(), items: [cart().items[0]] });
    expect(again.body.id).toBe(first.body.id);
    const recovery = await getJson(t.app, `/api/recovery/cart/5491144440202/${ids.contactId}`);
    expect(recovery.body.items).toHaveLength(1);
  });

  it('cancels the cart when the diner is back, after which recovery finds nothing', async () => {
    await send('POST', '/api/abandoned/cart/', cart());
    const cancel = await send('PUT', '/api/abandoned/cart/cancel/', {
      phone: '+54 9 11 4444-0202',
      branchContactId: ids.contactId,
      branchId: ids.branchId,
      navigationEvent: 'VISIBLE',
    });
    expect(cancel).toEqual({ status: 200, body: { cancelled: 1 } });
    const recovery = await getJson(t.app, `/api/recovery/cart/5491144440202/${ids.contactId}`);
    expectApiError(recovery, 404);
    expect(recovery.body.message).toBe('Cart not found');
  });

  it('refuses an unknown contact, a contact of another branch, a bad phone and an empty cart', async () => {
    expectApiError(await send('POST', '/api/abandoned/cart/', { ...cart(), branchContactId: 987654 }), 404);
    expectApiError(
      await send('POST', '/api/abandoned/cart/', { ...cart(), branchId: ids.branchId + 1000 }),
      404,
    );
    const badPhone = await send('POST', '/api/abandoned/cart/', { ...cart(), phone: '12345678' });
    expectApiError(badPhone, 400);
    expect(badPhone.body.message).toBe('Debe ingresar un número de teléfono válido para continuar.');
    expectApiError(await send('POST', '/api/abandoned/cart/', { ...cart(), items: [] }), 400);
    expectApiError(await send('POST', '/api/abandoned/cart/', { ...cart(), unknownField: 1 }), 400);
    expectApiError(await send('POST', '/api/abandoned/cart/', { ...cart(), orderModeId: 999999 }), 404);
    expectApiError(await getJson(t.app, `/api/recovery/cart/abc/${ids.contactId}`), 400);
    // a stray percent sign once reached decodeURIComponent a second time and answered 500
    expectApiError(await getJson(t.app, `/api/recovery/cart/%25zz/${ids.contactId}`), 400);
    expectApiError(await getJson(t.app, '/api/recovery/cart/5491144440202/0'), 400);
  });

  it('refuses an oversized body with 413 JSON', async () => {
    const items = Array.from({ length: 100 }, () => ({ ...cart().items[0], notes: 'x'.repeat(500) }));
    const huge = await send('POST', '/api/abandoned/cart/', {
      ...cart(),
      items,
      padding: 'y'.repeat(300_000),
    });
    expectApiError(huge, 413, 'PAYLOAD_TOO_LARGE');
  });
});
