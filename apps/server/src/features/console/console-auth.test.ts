import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { expectApiError, getJson } from '../../../test/http.ts';
import { asStaff, DONMATEO_OWNER, KENZO_OWNER, staffCookie } from '../../../test/staff.ts';
import { createTestApp, databaseKinds, type TestApp } from '../../../test/test-app.ts';
import * as t from '../../db/schema.ts';

describe.each(databaseKinds)('staff sign-in (%s)', (kind) => {
  let test: TestApp;

  beforeAll(async () => {
    test = await createTestApp(kind);
  });
  afterAll(() => test.close());

  const login = (payload: unknown, remoteAddress = '10.0.0.1') =>
    test.app
      .inject({ method: 'POST', url: '/api/console/login', payload: payload as object, remoteAddress })
      .then((res) => ({ status: res.statusCode, body: res.json(), cookies: res.cookies }));

  it('signs the owner in with an httpOnly SameSite cookie and answers the branch and its contacts', async () => {
    const res = await login(DONMATEO_OWNER);
    expect(res.status).toBe(200);
    expect(res.body.staff).toMatchObject({
      email: 'encargado@donmateo.com.ar',
      role: 'OWNER',
      branchName: 'Pizzería Don Mateo',
    });
    expect(res.body.contacts.map((c: { alias: string }) => c.alias)).toEqual([
      'donmateo-palermo',
      'donmateo-belgrano',
    ]);
    expect(res.body.contacts[0].modes.length).toBeGreaterThan(0);
    const cookie = res.cookies.find((c) => c.name === 'staff_session');
    // a lifetime, not a date: a NOW-fixed server clock must not expire it in a real browser
    expect(cookie).toMatchObject({ httpOnly: true, sameSite: 'Lax', path: '/', maxAge: 16 * 60 * 60 });
    // only the token's hash is stored
    const stored = await test.database.db.select().from(t.authSessions);
    expect(stored.some((row) => row.tokenHash === cookie?.value)).toBe(false);
    expect(stored.some((row) => row.face === 'STAFF')).toBe(true);
  });

  it('refuses a wrong password or an unknown e-mail with the same Spanish answer', async () => {
    for (const payload of [
      { ...DONMATEO_OWNER, password: 'wrong-password' },
      { email: 'nadie@donmateo.com.ar', password: 'donmateo2026' },
    ]) {
      const res = await login(payload, '10.0.0.2');
      expectApiError(res, 401, 'CREDENTIALS_INVALID');
      expect(res.body.message).toBe('El e-mail o la contraseña no son correctos.');
    }
  });

  it('answers 400 in Spanish for a missing field or an unknown key', async () => {
    for (const payload of [{ email: 'a@b.c' }, { ...DONMATEO_OWNER, admin: true }, 'text']) {
      const res = await login(payload, '10.0.0.3');
      // plain text is not even JSON: 415
      expect([400, 415]).toContain(res.status);
      expect(typeof res.body.message).toBe('string');
    }
  });

  it('slows down the address sending wrong passwords, and lets the owner in from hers', async () => {
    const stranger = '10.1.0.66';
    for (let i = 0; i < 3; i++) {
      const res = await login({ ...KENZO_OWNER, password: `guess-${i}` }, stranger);
      expect(res.status).toBe(401);
    }
    // the clock stands still here: the stranger's next try must wait its second
    const held = await test.app.inject({
      method: 'POST',
      url: '/api/console/login',
      payload: { ...KENZO_OWNER, password: 'guess-3' },
      remoteAddress: stranger,
    });
    expect(held.statusCode).toBe(429);
    expect(held.json()).toMatchObject({
      code: 'RATE_LIMITED',
      message: 'Demasiados intentos. Probá de nuevo en 1 segundo.',
    });
    expect(held.headers['retry-after']).toBe('1');
    // even the right password waits from the stranger's address: the wait comes before the check
    expect((await login(KENZO_OWNER, stranger)).status).toBe(429);
    // the owner, from another address, is not held by the stranger's guesses
    const owner = await login(KENZO_OWNER, '10.1.0.99');
    expect(owner.status).toBe(200);
  });

  it('limits the attempts of one address across accounts', async () => {
    const answers = [];
    for (let i = 0; i < 22; i++)
      answers.push((await login({ email: `x${i}@y.z`, password: 'nope' }, '10.2.0.1')).status);
    expect(answers.slice(0, 20).every((status) => status === 401)).toBe(true);
    expect(answers.slice(20)).toEqual([429, 429]);
  });

  it('answers who is signed in, and nothing once signed out', async () => {
    const cookie = await staffCookie(test.app, DONMATEO_OWNER, '10.3.0.1');
    expect((await asStaff(test.app, cookie, 'GET', '/api/console/me')).status).toBe(200);
    const out = await test.app.inject({ method: 'POST', url: '/api/console/logout', headers: { cookie } });
    expect(out.statusCode).toBe(204);
    const after = await asStaff(test.app, cookie, 'GET', '/api/console/me');
    expectApiError(after, 401, 'UNAUTHORIZED');
    expect(after.body.message).toBe('Iniciá sesión para ver los pedidos.');
  });

  it('refuses console calls without a session, with a forged one or an expired one', async () => {
    expectApiError(await getJson(test.app, '/api/console/me'), 401);
    expectApiError(await asStaff(test.app, 'staff_session=forged', 'GET', '/api/console/me'), 401);
    const cookie = await staffCookie(test.app, DONMATEO_OWNER, '10.3.0.2');
    await test.database.db.update(t.authSessions).set({ expiresAt: new Date('2020-01-01T00:00:00Z') });
    expectApiError(await asStaff(test.app, cookie, 'GET', '/api/console/me'), 401);
  });

  it('does not take a rider token as a staff session', async () => {
    const res = await asStaff(
      test.app,
      'staff_session=demo-rider-martin-gomez-palermo',
      'GET',
      '/api/console/me',
    );
    expectApiError(res, 401);
  });
});
