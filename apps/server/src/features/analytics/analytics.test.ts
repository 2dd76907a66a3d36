import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { expectApiError } from '../../../test/http.ts';
import { createTestApp, databaseKinds, type TestApp } from '../../../test/test-app.ts';
import * as t from '../../db/schema.ts';

describe.each(databaseKinds)('analytics on %s', (kind) => {
  let t0: TestApp;
  beforeAll(async () => {
    t0 = await createTestApp(kind);
  });
  afterAll(() => t0.close());

  const post = (payload: unknown, session: string | null = 'sess_12345678') =>
    t0.app
      .inject({
        method: 'POST',
        url: '/api/analytics/events',
        payload: payload as object,
        headers: session ? { 'x-session-id': session } : {},
      })
      .then((r) => ({ status: r.statusCode, body: r.json() }));

  it('stores a batch of events under the session id', async () => {
    const res = await post({
      events: [
        {
          type: 'ADD_ITEM',
          branchId: 3,
          branchContactId: 3,
          path: '/menu/donmateo-palermo/Delivery',
          payload: { plateId: 25 },
        },
        { type: 'VIEW_ORDER_SUMMARY', branchContactId: 3 },
      ],
    });
    expect(res).toEqual({ status: 202, body: { received: 2 } });
    const rows = await t0.database.db
      .select()
      .from(t.analyticsEvents)
      .where(eq(t.analyticsEvents.sessionId, 'sess_12345678'));
    expect(rows.map((r) => r.type).sort()).toEqual(['ADD_ITEM', 'VIEW_ORDER_SUMMARY']);
  });

  it('refuses a missing session, an unknown event type, an empty batch and extra fields', async () => {
    expectApiError(await post({ events: [{ type: 'ADD_ITEM' }] }, null), 400);
    expectApiError(await post({ events: [{ type: 'ADD_ITEM' }] }, 'bad session!'), 400);
    expectApiError(await post({ events: [{ type: 'HACK' }] }), 400);
    expectApiError(await post({ events: [] }), 400);
    expectApiError(await post({ events: [{ type: 'ADD_ITEM', admin: true }] }), 400);
    expectApiError(await post({ events: [{ type: 'ADD_ITEM', payload: { big: 'x'.repeat(3000) } }] }), 400);
  });
});
