import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type OrderContext, orderContext } from '../../../test/order-payload.ts';
import { SseClient } from '../../../test/sse-client.ts';
import { asStaff, DONMATEO_OWNER, staffCookie } from '../../../test/staff.ts';
import { createTestApp, createTestBus, databaseKinds, type TestApp } from '../../../test/test-app.ts';

/**
 * The storefront channel (issue 24, item 7): an open menu or cart hears of a plate out of stock and of
 * a paused mode when they happen, not only at 'Realizar pedido'.
 */
describe.each(databaseKinds)("a contact's storefront channel (%s)", (kind) => {
  let test: TestApp;
  let base: string;
  let owner: string;
  let takeAway: OrderContext;

  beforeAll(async () => {
    test = await createTestApp(kind, { bus: await createTestBus(kind), sseHeartbeatMs: 100 });
    await test.app.listen({ port: 0, host: '127.0.0.1' });
    base = `http://127.0.0.1:${(test.app.server.address() as AddressInfo).port}`;
    owner = await staffCookie(test.app, DONMATEO_OWNER);
    takeAway = await orderContext(test.app, 'donmateo-palermo', 'Take Away');
  });
  afterAll(() => test.close());

  it('tells an open storefront of a plate out of stock and of a paused mode', async () => {
    const stream = await SseClient.open(`${base}/api/events/storefront/${takeAway.contactId}`);
    expect(stream.status).toBe(200);
    expect(await stream.event(0)).toEqual({
      event: 'storefront-open',
      data: { branchContactId: takeAway.contactId },
    });

    const stock = await asStaff(test.app, owner, 'GET', `/api/console/contacts/${takeAway.contactId}/plates`);
    const flan = stock.body.categories
      .flatMap((c: { plates: { id: number; showName: string }[] }) => c.plates)
      .find((p: { showName: string }) => p.showName === 'Flan casero');
    expect(
      (await asStaff(test.app, owner, 'PUT', `/api/console/plates/${flan.id}`, { outOfStock: true })).status,
    ).toBe(200);
    expect(await stream.event(1)).toEqual({
      event: 'storefront-change',
      data: { branchContactId: takeAway.contactId },
    });

    const pause = await asStaff(test.app, owner, 'PUT', `/api/console/ordermodes/${takeAway.modeId}`, {
      orderEnabled: false,
    });
    expect(pause.status).toBe(200);
    expect((await stream.event(2)).event).toBe('storefront-change');
    await asStaff(test.app, owner, 'PUT', `/api/console/ordermodes/${takeAway.modeId}`, {
      orderEnabled: true,
    });
    await asStaff(test.app, owner, 'PUT', `/api/console/plates/${flan.id}`, { outOfStock: false });
    stream.close();
  });

  it('answers 404 for a contact that does not exist, and 400 for a bad id', async () => {
    const missing = await SseClient.open(`${base}/api/events/storefront/999999`);
    expect(missing.status).toBe(404);
    missing.close();
    const bad = await SseClient.open(`${base}/api/events/storefront/abc`);
    expect(bad.status).toBe(400);
    bad.close();
  });
});
