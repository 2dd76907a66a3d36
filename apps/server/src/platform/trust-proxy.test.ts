import { desc } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/test-app.ts';
import * as t from '../db/schema.ts';

// the balancer's address as the servers see it, and two diners behind it
const BALANCER = '10.200.1.1';
const DINER_A = '203.0.113.7';
const DINER_B = '198.51.100.23';

function logFrom(test: TestApp, remoteAddress: string, forwardedFor?: string) {
  return test.app.inject({
    method: 'POST',
    url: '/api/diner/log',
    remoteAddress,
    headers: {
      'content-type': 'text/plain',
      ...(forwardedFor ? { 'x-forwarded-for': forwardedFor } : {}),
    },
    payload: JSON.stringify({ text: 'probe' }),
  });
}

async function lastLoggedIp(test: TestApp): Promise<string | null> {
  const [row] = await test.database.db
    .select({ ip: t.dinerLogs.ip })
    .from(t.dinerLogs)
    .orderBy(desc(t.dinerLogs.id))
    .limit(1);
  return row?.ip ?? null;
}

describe('behind a balancer (TRUST_PROXY)', () => {
  let trusting: TestApp;
  let plain: TestApp;
  beforeAll(async () => {
    trusting = await createTestApp('pglite', { trustProxy: [BALANCER] });
    plain = await createTestApp('pglite');
  });
  afterAll(async () => {
    await trusting.close();
    await plain.close();
  });

  it("takes the client's address from the balancer's X-Forwarded-For, and nobody else's", async () => {
    expect((await logFrom(trusting, BALANCER, DINER_A)).statusCode).toBe(202);
    expect(await lastLoggedIp(trusting)).toBe(DINER_A);
    // a client's own claim before the balancer's entry is not believed: the balancer appended the real one
    expect((await logFrom(trusting, BALANCER, `192.0.2.1, ${DINER_B}`)).statusCode).toBe(202);
    expect(await lastLoggedIp(trusting)).toBe(DINER_B);
    // a request that did not come through the balancer is its own sender
    expect((await logFrom(trusting, '192.0.2.50', DINER_A)).statusCode).toBe(202);
    expect(await lastLoggedIp(trusting)).toBe('192.0.2.50');
    // without TRUST_PROXY the header means nothing
    expect((await logFrom(plain, BALANCER, DINER_A)).statusCode).toBe(202);
    expect(await lastLoggedIp(plain)).toBe(BALANCER);
  });

  it('counts per-address limits per diner, not for everyone behind the balancer', async () => {
    // the diner log takes 20 reports a minute per address
    const fromA = [];
    for (let i = 0; i < 21; i++) fromA.push((await logFrom(trusting, BALANCER, '203.0.113.99')).statusCode);
    expect(fromA.slice(0, 20).every((status) => status === 202)).toBe(true);
    expect(fromA[20]).toBe(429);
    expect((await logFrom(trusting, BALANCER, '203.0.113.100')).statusCode).toBe(202);
  });
});
