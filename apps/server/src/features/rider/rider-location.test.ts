import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { expectApiError } from '../../../test/http.ts';
import { MARTIN, riderByPhone, SOFIA } from '../../../test/logistics.ts';
import { createTestApp, databaseKinds, type TestApp } from '../../../test/test-app.ts';
import { TEST_NOW } from '../../../test/test-now.ts';
import * as t from '../../db/schema.ts';
import { DEMO_RIDER_TOKEN } from '../../db/seed.ts';
import { bearerTokenOf, hashRiderToken, issueRiderToken } from './auth.ts';

const SESSION_INVALID = 'Tu sesión de repartidor no es válida o venció. Volvé a iniciar turno.';
const DAY = 86_400_000;

describe.each(databaseKinds)('PUT /api/rider/location (%s)', (kind) => {
  let test: TestApp;
  let martinToken: string;
  beforeAll(async () => {
    test = await createTestApp(kind);
    const martin = await riderByPhone(test.database.db, MARTIN);
    martinToken = await issueRiderToken(test.database.db, martin.id, new Date(TEST_NOW));
  });
  afterAll(() => test.close());

  async function put(body: unknown, headers: Record<string, string> = {}) {
    const res = await test.app.inject({
      method: 'PUT',
      url: '/api/rider/location',
      headers: { 'content-type': 'application/json', ...headers },
      payload: typeof body === 'string' ? body : JSON.stringify(body),
    });
    return { status: res.statusCode, body: res.body ? JSON.parse(res.body) : null };
  }
  const bearer = (token: string) => ({ authorization: `Bearer ${token}` });

  it('stores the position of the rider the token belongs to', async () => {
    const res = await put({ lat: -34.5855, lng: -58.4091 }, bearer(martinToken));
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({
      lat: -34.5855,
      lng: -58.4091,
      lastLocationAt: '2026-11-18T18:00:00.000Z',
    });
    const martin = await riderByPhone(test.database.db, MARTIN);
    expect(martin).toMatchObject({ lastLat: -34.5855, lastLng: -58.4091 });
    expect(martin.lastLocationAt?.toISOString()).toBe('2026-11-18T18:00:00.000Z');
  });

  it('keeps only the SHA-256 of a token, and takes the documented demo token', async () => {
    const martin = await riderByPhone(test.database.db, MARTIN);
    const hashes = (
      await test.database.db
        .select({ hash: t.authSessions.tokenHash })
        .from(t.authSessions)
        .where(and(eq(t.authSessions.face, 'RIDER'), eq(t.authSessions.subjectId, martin.id)))
    ).map((row) => row.hash);
    expect(hashes).toContain(hashRiderToken(martinToken));
    expect(hashes).toContain(hashRiderToken(DEMO_RIDER_TOKEN));
    expect(hashes).not.toContain(martinToken);
    expect(hashRiderToken('abc')).toBe('ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad');
    expect((await put({ lat: -34.586, lng: -58.41 }, bearer(DEMO_RIDER_TOKEN))).status).toBe(200);
  });

  it('answers 401 in Spanish without a valid bearer token', async () => {
    const martin = await riderByPhone(test.database.db, MARTIN);
    const expired = await issueRiderToken(
      test.database.db,
      martin.id,
      new Date(Date.parse(TEST_NOW) - 2 * DAY),
      DAY,
    );
    for (const headers of [
      {},
      { authorization: '' },
      { authorization: `Basic ${martinToken}` },
      { authorization: 'Bearer' },
      bearer('no-es-un-token'),
      bearer(expired),
      bearer('x'.repeat(5000)),
    ]) {
      const res = await put({ lat: -34.58, lng: -58.41 }, headers);
      expectApiError(res, 401, 'UNAUTHORIZED');
      expect(res.body.message).toBe(SESSION_INVALID);
    }
  });

  it('refuses a malformed position with a Spanish 400', async () => {
    const cases: [unknown, string][] = [
      [{ lng: -58.41 }, 'La latitud no es válida.'],
      [{ lat: 'norte', lng: -58.41 }, 'La latitud no es válida.'],
      [{ lat: 91, lng: -58.41 }, 'La latitud no es válida.'],
      [{ lat: -34.58, lng: -181 }, 'La longitud no es válida.'],
      [{ lat: -34.58, lng: null }, 'La longitud no es válida.'],
      [{ lat: -34.58, lng: -58.41, speed: 30 }, 'La ubicación enviada no es válida.'],
      [[-34.58, -58.41], 'La ubicación enviada no es válida.'],
      ['{"lat": -34.58,', 'La solicitud no es válida.'],
    ];
    for (const [body, message] of cases) {
      const res = await put(body, bearer(martinToken));
      expectApiError(res, 400);
      expect(res.body.message, JSON.stringify(body)).toBe(message);
    }
    const noBody = await test.app.inject({
      method: 'PUT',
      url: '/api/rider/location',
      headers: bearer(martinToken),
    });
    expect(noBody.statusCode).toBe(400);
    expect(noBody.json().message).toBe('La ubicación enviada no es válida.');
  });

  it('asks a rider off shift to start the shift first', async () => {
    const sofia = await riderByPhone(test.database.db, SOFIA);
    const token = await issueRiderToken(test.database.db, sofia.id, new Date(TEST_NOW));
    const res = await put({ lat: -34.58, lng: -58.41 }, bearer(token));
    expectApiError(res, 403, 'RIDER_OFF_SHIFT');
    expect(res.body.message).toBe('Iniciá tu turno para compartir tu ubicación.');
    expect((await riderByPhone(test.database.db, SOFIA)).lastLat).toBeNull();
  });
});

describe('bearerTokenOf', () => {
  it('reads the token of a Bearer header only', () => {
    expect(bearerTokenOf('Bearer abc.DEF-123')).toBe('abc.DEF-123');
    expect(bearerTokenOf('bearer   abc ')).toBe('abc');
    expect(bearerTokenOf('Bearer a b')).toBeNull();
    expect(bearerTokenOf('Token abc')).toBeNull();
    expect(bearerTokenOf(undefined)).toBeNull();
  });
});
