/**
 * A NUL byte (or another control character) in what a person types answers 400 in Spanish on every
 * route, never 500 (issue 23, item 7: seven endpoints answered 500 before), and nothing is written.
 */
import { count } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { callApi, expectApiError } from '../../test/http.ts';
import { buildOrder, type OrderContext, orderContext, postOrder } from '../../test/order-payload.ts';
import { asStaff, DONMATEO_OWNER, staffCookie } from '../../test/staff.ts';
import { createTestApp, databaseKinds, type TestApp } from '../../test/test-app.ts';
import * as t from '../db/schema.ts';
import { CONTROL_CHARACTER_MESSAGE, controlCharacterPath } from './control-characters.ts';

const NUL = '\u0000';

describe('control characters in text', () => {
  it('are found in nested bodies, keys included; tabs and line breaks are fine', () => {
    expect(controlCharacterPath({ a: [{ b: `x${NUL}` }] })).toBe('a.0.b');
    expect(controlCharacterPath({ [`k${NUL}`]: 1 })).toBe(`k${NUL}`);
    expect(controlCharacterPath('\u001b[31m')).toBe('(texto)');
    expect(
      controlCharacterPath({ notes: 'sin cebolla\n\tgracias\r\n', n: 1, ok: true, none: null }),
    ).toBeNull();
    expect(controlCharacterPath('café ñandú 🍕 مرحبا')).toBeNull();
  });
});

describe.each(databaseKinds)('control characters at the boundary (%s)', (kind) => {
  let test: TestApp;
  let takeAway: OrderContext;
  let owner: string;

  beforeAll(async () => {
    test = await createTestApp(kind);
    takeAway = await orderContext(test.app, 'donmateo-palermo', 'Take Away');
    owner = await staffCookie(test.app, DONMATEO_OWNER);
  });
  afterAll(() => test.close());

  const refused = (res: { status: number; body: { message?: string } }) => {
    expectApiError(res as never, 400, 'BAD_REQUEST');
    expect(res.body.message).toBe(CONTROL_CHARACTER_MESSAGE);
  };
  const orders = async () => (await test.database.db.select({ n: count() }).from(t.orders))[0]?.n;

  it('refuses a NUL in the order’s name, notes and item note with 400, placing nothing', async () => {
    const before = await orders();
    refused(
      await postOrder(
        test.app,
        buildOrder(takeAway, { dishes: [{ plate: 'Fugazzeta' }], customerName: `Ana${NUL}` }),
      ),
    );
    const withNotes = buildOrder(takeAway, { dishes: [{ plate: 'Fugazzeta' }] });
    refused(await postOrder(test.app, { ...withNotes, notes: `timbre${NUL}` }));
    refused(
      await postOrder(
        test.app,
        buildOrder(takeAway, { dishes: [{ plate: 'Fugazzeta', notes: `sin${NUL}sal` }] }),
      ),
    );
    expect(await orders()).toBe(before);
  });

  it('refuses it in a cancel reason, a rider’s name, a staff e-mail and the guide’s search', async () => {
    const placed = await postOrder(test.app, buildOrder(takeAway, { dishes: [{ plate: 'Fugazzeta' }] }));
    expect(placed.status).toBe(201);
    refused(
      await asStaff(test.app, owner, 'PUT', `/api/console/orders/${placed.body.data.id}/status`, {
        status: 'CANCELED',
        reason: `no${NUL}`,
      }),
    );
    refused(
      await callApi(test.app, 'POST', '/api/rider/createwithcode', {
        payload: {
          name: `Rider${NUL}`,
          phone: '+5491160000777',
          securityCode: '4321',
          active: true,
          riderUser: { branchContact: { id: takeAway.contactId } },
        },
      }),
    );
    refused(
      await callApi(test.app, 'POST', '/api/console/login', {
        payload: { email: `encargado@donmateo.com.ar${NUL}`, password: 'x' },
      }),
    );
    refused(
      await callApi(test.app, 'POST', '/api/menu/near', {
        payload: { lat: -34.58, lng: -58.42, filters: { search: `pizza${NUL}` } },
      }),
    );
    // and in a query string or a path
    refused(await callApi(test.app, 'GET', '/api/diner/donmateo-palermo%00'));
  });
});
