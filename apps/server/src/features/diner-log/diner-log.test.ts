import { desc } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { expectApiError } from '../../../test/http.ts';
import { createTestApp, databaseKinds, type TestApp } from '../../../test/test-app.ts';
import * as t from '../../db/schema.ts';

describe.each(databaseKinds)('diner log on %s', (kind) => {
  let t0: TestApp;
  beforeAll(async () => {
    t0 = await createTestApp(kind);
  });
  afterAll(() => t0.close());

  const post = (payload: string, contentType = 'text/plain', ip = '10.0.0.1') =>
    t0.app
      .inject({
        method: 'POST',
        url: '/api/diner/log',
        payload,
        headers: { 'content-type': contentType },
        remoteAddress: ip,
      })
      .then((r) => ({ status: r.statusCode, body: r.json() }));

  it('stores a text body holding the JSON context', async () => {
    const context = {
      text: 'No tenemos campaignId!',
      bcId: 3,
      branchId: 3,
      url: '/menu/donmateo-palermo',
      component: 'entry',
    };
    expect(await post(JSON.stringify(context))).toEqual({ status: 202, body: { received: true } });
    const [row] = await t0.database.db.select().from(t.dinerLogs).orderBy(desc(t.dinerLogs.id)).limit(1);
    expect(row?.text).toBe('No tenemos campaignId!');
    expect(row?.context).toMatchObject({ bcId: 3, component: 'entry' });
  });

  it('accepts plain text and JSON bodies, refuses empty and oversized ones', async () => {
    expect((await post('Cart not found')).status).toBe(202);
    expect((await post(JSON.stringify({ component: 'menu' }), 'application/json')).status).toBe(202);
    expectApiError(await post(''), 400);
    expectApiError(await post('x'.repeat(20_000)), 413);
  });

  it('limits how often one client may write', async () => {
    const statuses: number[] = [];
    for (let i = 0; i < 22; i++) statuses.push((await post(`ruido ${i}`, 'text/plain', '10.9.9.9')).status);
    expect(statuses.filter((s) => s === 202)).toHaveLength(20);
    const limited = await post('uno más', 'text/plain', '10.9.9.9');
    expectApiError(limited, 429, 'RATE_LIMITED');
  });
});
