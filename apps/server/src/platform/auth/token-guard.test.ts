import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { idsOf } from '../../../test/http.ts';
import { asRider, registerRider } from '../../../test/riders.ts';
import { createTestApp, databaseKinds, type TestApp } from '../../../test/test-app.ts';
import { createMemoryAttemptStore } from '../attempt-limiter.ts';
import { TokenGuard, UNKNOWN_TOKENS_PER_ADDRESS } from './token-guard.ts';

describe('TokenGuard', () => {
  it('refuses an address past its unknown tokens, except a token it has seen open a session', async () => {
    const guard = new TokenGuard(createMemoryAttemptStore(), 2, 60_000);
    await guard.admit('10.0.0.1', 'good', 0);
    await guard.settle('10.0.0.1', 'good', true, 0);
    for (const hash of ['a', 'b']) {
      await guard.admit('10.0.0.1', hash, 1);
      await guard.settle('10.0.0.1', hash, false, 1);
    }
    await expect(guard.admit('10.0.0.1', 'c', 2)).rejects.toMatchObject({
      code: 'RATE_LIMITED',
      status: 429,
    });
    await expect(guard.admit('10.0.0.1', 'good', 2)).resolves.toBeUndefined();
    await expect(guard.admit('10.0.0.2', 'c', 2)).resolves.toBeUndefined();
    // the window passes
    await expect(guard.admit('10.0.0.1', 'c', 60_002)).resolves.toBeUndefined();
  });
});

describe.each(databaseKinds)('unknown session tokens are limited before any look-up (%s)', (kind) => {
  let test: TestApp;
  beforeAll(async () => {
    test = await createTestApp(kind);
  });
  afterAll(() => test.close());

  /** Calls with a fresh random token each: each used to get its own rate-limit key and a look-up. */
  async function flood(count: number, call: (token: string) => Promise<number>) {
    const select = vi.spyOn(test.database.db, 'select');
    const statuses: number[] = [];
    try {
      for (let i = 0; i < count; i++) statuses.push(await call(randomBytes(32).toString('base64url')));
      return {
        lookups: select.mock.calls.length,
        refused: statuses.filter((status) => status === 429).length,
        unauthorized: statuses.filter((status) => status === 401).length,
      };
    } finally {
      select.mockRestore();
    }
  }

  it('answers 300 bogus rider tokens with 30 look-ups and 270 x 429; a working rider keeps working', async () => {
    const { contactId } = await idsOf(test.app, 'donmateo-palermo');
    const rider = await registerRider(test.app, contactId, '+5491160009901', 'Rider Vecino', '10.1.1.1');
    const location = (token: string) =>
      test.app
        .inject({
          method: 'PUT',
          url: '/api/rider/location',
          remoteAddress: '10.1.1.1',
          headers: { authorization: `Bearer ${token}` },
          payload: { lat: -34.58, lng: -58.42 },
        })
        .then((res) => res.statusCode);
    expect(await location(rider.token)).toBe(200);

    const drill = await flood(300, (token) =>
      test.app
        .inject({
          method: 'GET',
          url: '/api/shipments',
          remoteAddress: '10.1.1.1',
          headers: { authorization: `Bearer ${token}` },
        })
        .then((res) => res.statusCode),
    );
    expect(drill).toEqual({
      lookups: UNKNOWN_TOKENS_PER_ADDRESS,
      refused: 300 - UNKNOWN_TOKENS_PER_ADDRESS,
      unauthorized: UNKNOWN_TOKENS_PER_ADDRESS,
    });
    // a rider behind the same carrier address is not locked out by the guesser
    expect(await location(rider.token)).toBe(200);
    // and another address is not affected
    const elsewhere = await test.app.inject({
      method: 'GET',
      url: '/api/shipments',
      remoteAddress: '10.1.1.2',
      headers: { authorization: 'Bearer not-a-token' },
    });
    expect(elsewhere.statusCode).toBe(401);
  });

  it('limits staff and diner session cookies the same way', async () => {
    const staff = await flood(40, (token) =>
      test.app
        .inject({
          method: 'GET',
          url: '/api/console/me',
          remoteAddress: '10.2.2.2',
          cookies: { staff_session: token },
        })
        .then((res) => res.statusCode),
    );
    expect(staff).toEqual({
      lookups: UNKNOWN_TOKENS_PER_ADDRESS,
      refused: 40 - UNKNOWN_TOKENS_PER_ADDRESS,
      unauthorized: UNKNOWN_TOKENS_PER_ADDRESS,
    });
    const diner = await flood(40, (token) =>
      test.app
        .inject({
          method: 'GET',
          url: '/api/orders',
          remoteAddress: '10.3.3.3',
          cookies: { diner_session: token },
        })
        .then((res) => res.statusCode),
    );
    expect(diner.lookups).toBe(UNKNOWN_TOKENS_PER_ADDRESS);
    expect(diner.refused).toBe(40 - UNKNOWN_TOKENS_PER_ADDRESS);
  });

  it('still answers a rider token that ended with 401, not 429', async () => {
    const { contactId } = await idsOf(test.app, 'donmateo-palermo');
    const rider = await registerRider(test.app, contactId, '+5491160009902', 'Rider Nuevo', '10.4.4.4');
    const res = await asRider(test.app, `${rider.token}x`, 'GET', '/api/whoami');
    expect(res.status).toBe(401);
  });
});
