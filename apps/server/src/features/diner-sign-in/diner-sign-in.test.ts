import { MESSAGES, SIGN_IN_CODE_MAX_ATTEMPTS } from '@comanda/core';
import { DINER_SESSION_MESSAGES } from '@comanda/core/contract';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { DEMO_DINER_PHONE } from '../../../test/diners.ts';
import {
  FAKE_WHATSAPP_NUMBER_ID,
  FAKE_WHATSAPP_TOKEN,
  type FakeWhatsApp,
  startFakeWhatsApp,
} from '../../../test/fake-whatsapp.ts';
import { expectApiError, idsOf } from '../../../test/http.ts';
import { createTestApp, databaseKinds, type TestApp } from '../../../test/test-app.ts';
import { TEST_NOW } from '../../../test/test-now.ts';
import * as t from '../../db/schema.ts';
import { createWhatsAppCloudProvider } from '../../platform/messaging/index.ts';

const MINUTE = 60_000;
const WRONG = (code: string) => (code === '000000' ? '111111' : '000000');

interface Answer {
  status: number;
  // biome-ignore lint/suspicious/noExplicitAny: test answers are read field by field
  body: any;
  setCookie: string[];
  headers: Record<string, unknown>;
}

/** The `diner_session=...` pair of a Set-Cookie list, for the next request's Cookie header. */
function sessionCookieOf(setCookie: string[]): string {
  const header = setCookie.find((c) => c.startsWith('diner_session='));
  if (!header) throw new Error(`no diner_session cookie in ${JSON.stringify(setCookie)}`);
  return header.split(';')[0] as string;
}

describe.each(databaseKinds)('diner sign-in with a one-time code on %s', (kind) => {
  let test: TestApp;
  let offsetMs = 0;
  let address = 0;
  // each test comes from its own address, so the per-address limits only bite where a test wants them
  let remoteAddress = '';
  let palermo: Awaited<ReturnType<typeof idsOf>>;
  let casona: Awaited<ReturnType<typeof idsOf>>;

  beforeAll(async () => {
    test = await createTestApp(kind);
    // the server's clock moves forward when a test says so (codes expire, limits pass)
    test.app.deps.clock = () => new Date(Date.parse(TEST_NOW) + offsetMs);
    palermo = await idsOf(test.app, 'donmateo-palermo');
    casona = await idsOf(test.app, 'lacasona-providencia');
  });
  afterAll(() => test.close());
  beforeEach(() => {
    remoteAddress = `10.44.0.${++address}`;
  });

  async function call(
    method: 'GET' | 'POST',
    url: string,
    options: { payload?: unknown; cookie?: string; from?: string } = {},
  ): Promise<Answer> {
    const res = await test.app.inject({
      method,
      url,
      remoteAddress: options.from ?? remoteAddress,
      headers: options.cookie ? { cookie: options.cookie } : {},
      ...(options.payload === undefined ? {} : { payload: options.payload as object }),
    });
    const setCookie = res.headers['set-cookie'];
    return {
      status: res.statusCode,
      body: res.body ? JSON.parse(res.body) : null,
      setCookie: setCookie === undefined ? [] : Array.isArray(setCookie) ? setCookie : [setCookie],
      headers: res.headers,
    };
  }

  const requestCode = (payload: Record<string, unknown>, from?: string) =>
    call('POST', '/api/diner/session/code', { payload, ...(from ? { from } : {}) });
  const verify = (payload: Record<string, unknown>, cookie?: string) =>
    call('POST', '/api/diner/session', { payload, ...(cookie ? { cookie } : {}) });
  const currentDiner = (cookie?: string) => call('GET', '/api/diner/session', cookie ? { cookie } : {});
  const history = (phone: string, cookie?: string) =>
    call(
      'GET',
      `/api/branch/${palermo.branchId}/loyalty-points/history/${encodeURIComponent(phone)}`,
      cookie ? { cookie } : {},
    );
  const codesOf = (phone: string) =>
    test.database.db.select().from(t.dinerSignInCodes).where(eq(t.dinerSignInCodes.phone, phone));
  const dinerSessionsOf = async (phone: string) => {
    const [customer] = await test.database.db
      .select({ id: t.customers.id })
      .from(t.customers)
      .where(eq(t.customers.phone, phone));
    if (!customer) return 0;
    const rows = await test.database.db
      .select()
      .from(t.authSessions)
      .where(and(eq(t.authSessions.face, 'DINER'), eq(t.authSessions.subjectId, customer.id)));
    return rows.length;
  };

  /** Asks for a code and answers it as the sandbox shows it. */
  async function sandboxCode(phone: string): Promise<string> {
    const sent = await requestCode({ phone });
    expect(sent.status, JSON.stringify(sent.body)).toBe(202);
    return sent.body.sandboxCode as string;
  }

  async function signIn(phone: string): Promise<string> {
    const code = await sandboxCode(phone);
    const res = await verify({ phone, code });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    return sessionCookieOf(res.setCookie);
  }

  it('sends a 6-digit code, stores only its hash, and trades it once for an httpOnly session cookie', async () => {
    const sent = await requestCode({ phone: '11 5555-0101', country: 'ar' });
    expect(sent.status).toBe(202);
    expect(sent.body).toEqual({
      phone: DEMO_DINER_PHONE,
      channel: 'SANDBOX',
      expiresInSeconds: 600,
      resendInSeconds: 60,
      sandboxCode: expect.stringMatching(/^\d{6}$/),
    });
    const code = sent.body.sandboxCode as string;
    const [stored] = await codesOf(DEMO_DINER_PHONE);
    expect(stored?.codeHash).not.toContain(code);
    expect(stored?.expiresAt.getTime()).toBe(Date.parse(TEST_NOW) + 10 * MINUTE);

    expect((await currentDiner()).body).toEqual({ diner: null });
    const res = await verify({ phone: '+54 9 11 5555-0101', code, branchId: palermo.branchId });
    expect(res.status).toBe(200);
    // the name is the one she gave this business
    expect(res.body).toEqual({ diner: { phone: DEMO_DINER_PHONE, name: 'Lucía Fernández' } });
    const header = res.setCookie.find((c) => c.startsWith('diner_session=')) ?? '';
    expect(header).toMatch(/HttpOnly/);
    expect(header).toMatch(/SameSite=Lax/);
    expect(header).toMatch(/Path=\//);
    expect(header).toMatch(/Max-Age=2592000/);
    const cookie = sessionCookieOf(res.setCookie);

    expect((await call('GET', `/api/diner/session?branchId=${palermo.branchId}`, { cookie })).body).toEqual({
      diner: { phone: DEMO_DINER_PHONE, name: 'Lucía Fernández' },
    });
    // a business she never told her name does not learn it from another
    expect((await call('GET', `/api/diner/session?branchId=${casona.branchId}`, { cookie })).body).toEqual({
      diner: { phone: DEMO_DINER_PHONE, name: null },
    });
    expect((await currentDiner(cookie)).body).toEqual({ diner: { phone: DEMO_DINER_PHONE, name: null } });
    expectApiError(await call('GET', '/api/diner/session?branchId=abc', { cookie }), 400, 'BAD_REQUEST');
    const own = await history(DEMO_DINER_PHONE, cookie);
    expect(own.status).toBe(200);
    expect(own.body[0]).toMatchObject({ amount: 2400, postBalance: 2400 });

    // single use: the same code again opens nothing
    const again = await verify({ phone: DEMO_DINER_PHONE, code });
    expectApiError(again, 400, 'CODE_EXPIRED');
    expect(again.body.message).toBe(DINER_SESSION_MESSAGES.codeExpired);
    expect(again.setCookie).toEqual([]);
  });

  it('answers a stranger like a customer, and makes her a customer only once her phone is verified', async () => {
    const stranger = '+5491170001111';
    offsetMs += MINUTE; // Lucía asked for a code a moment ago
    const customer = await requestCode({ phone: DEMO_DINER_PHONE });
    const unknown = await requestCode({ phone: stranger });
    expect(unknown.status).toBe(customer.status);
    expect(Object.keys(unknown.body).sort()).toEqual(Object.keys(customer.body).sort());
    const before = await test.database.db.select().from(t.customers).where(eq(t.customers.phone, stranger));
    expect(before).toEqual([]);

    const res = await verify({ phone: stranger, code: unknown.body.sandboxCode });
    expect(res.body).toEqual({ diner: { phone: stranger, name: null } });
    const [row] = await test.database.db.select().from(t.customers).where(eq(t.customers.phone, stranger));
    expect(row).toMatchObject({ phone: stranger });
    const profiles = await test.database.db
      .select()
      .from(t.customerProfiles)
      .where(eq(t.customerProfiles.customerId, row!.id));
    expect(profiles).toEqual([]);

    // her session is hers: Lucía's points, addresses and history stay closed to it
    const cookie = sessionCookieOf(res.setCookie);
    const lucias = await history(DEMO_DINER_PHONE, cookie);
    expectApiError(lucias, 403, 'FORBIDDEN');
    const customerLookup = await call(
      'GET',
      `/api/orderingcustomer/${encodeURIComponent(DEMO_DINER_PHONE)}?branchId=${palermo.branchId}`,
      { cookie },
    );
    expect(customerLookup.body).toMatchObject({
      name: null,
      addressesRegistered: [],
      loyaltyPointsBalance: 0,
    });
    expectApiError(await history(DEMO_DINER_PHONE), 401, 'UNAUTHORIZED');
  });

  it('refuses what is not a phone with the spec’s message, and what is not a 6-digit code', async () => {
    for (const phone of ['hola', '1234', '', '+54 11 1']) {
      const res = await requestCode({ phone });
      expectApiError(res, 400, 'BAD_REQUEST');
      expect(res.body.message).toBe(MESSAGES.signInInvalidPhone);
      expect(res.body.message).toBe('Debe ingresar un número válido');
    }
    expectApiError(await requestCode({ phone: DEMO_DINER_PHONE, extra: 1 }), 400, 'BAD_REQUEST');
    expectApiError(await requestCode({ phone: DEMO_DINER_PHONE, country: 'zz' }), 400, 'BAD_REQUEST');
    for (const code of ['12345', 'abcdef', '1234567', 123456]) {
      const res = await verify({ phone: DEMO_DINER_PHONE, code });
      expectApiError(res, 400, 'BAD_REQUEST');
    }
    const short = await verify({ phone: DEMO_DINER_PHONE, code: '12345' });
    expect(short.body.message).toBe('El código tiene 6 números.');
  });

  it('reads a phone typed without its prefix in the chosen country, else the branch’s', async () => {
    const chosen = await requestCode({ phone: '9 8765 4321', country: 'cl' });
    expect(chosen.body.phone).toBe('+56987654321');
    const branch = await requestCode({ phone: '9 8765 4322', branchId: casona.branchId });
    expect(branch.body.phone).toBe('+56987654322');
  });

  it('expires a code after its 10 minutes, by the server clock', async () => {
    const early = '+5491170002221';
    const late = '+5491170002222';
    const earlyCode = await sandboxCode(early);
    const lateCode = await sandboxCode(late);
    offsetMs += 10 * MINUTE - 1000;
    expect((await verify({ phone: early, code: earlyCode })).status).toBe(200);
    offsetMs += 1000;
    const expired = await verify({ phone: late, code: lateCode });
    expectApiError(expired, 400, 'CODE_EXPIRED');
    expect(await dinerSessionsOf(late)).toBe(0);
  });

  it('takes at most 5 guesses of a code, the right one included', async () => {
    const phone = '+5491170003331';
    const code = await sandboxCode(phone);
    const messages: string[] = [];
    for (let i = 0; i < SIGN_IN_CODE_MAX_ATTEMPTS; i++) {
      const wrong = await verify({ phone, code: WRONG(code) });
      expectApiError(wrong, 400, 'CODE_WRONG');
      messages.push(wrong.body.message);
    }
    expect(messages).toEqual([
      'El código no es correcto. Te quedan 4 intentos.',
      'El código no es correcto. Te quedan 3 intentos.',
      'El código no es correcto. Te quedan 2 intentos.',
      'El código no es correcto. Te queda 1 intento.',
      'El código no es correcto. Pedí uno nuevo.',
    ]);
    const right = await verify({ phone, code });
    expectApiError(right, 429, 'CODE_LOCKED');
    expect(right.body.message).toBe(DINER_SESSION_MESSAGES.codeLocked);
    expect(await dinerSessionsOf(phone)).toBe(0);

    // four wrong guesses leave the fifth to the right code
    const other = '+5491170003332';
    const otherCode = await sandboxCode(other);
    for (let i = 0; i < SIGN_IN_CODE_MAX_ATTEMPTS - 1; i++)
      await verify({ phone: other, code: WRONG(otherCode) });
    expect((await verify({ phone: other, code: otherCode })).status).toBe(200);
  });

  it('counts guesses sent at once: 12 concurrent wrong guesses get 5 comparisons', async () => {
    const phone = '+5491170004441';
    const code = await sandboxCode(phone);
    const answers = await Promise.all(Array.from({ length: 12 }, () => verify({ phone, code: WRONG(code) })));
    const statuses = answers.map((a) => a.status).sort();
    expect(statuses.filter((s) => s === 400)).toHaveLength(SIGN_IN_CODE_MAX_ATTEMPTS);
    expect(statuses.filter((s) => s === 429)).toHaveLength(12 - SIGN_IN_CODE_MAX_ATTEMPTS);
    const [stored] = await codesOf(phone);
    expect(stored?.attempts).toBe(SIGN_IN_CODE_MAX_ATTEMPTS);
    expectApiError(await verify({ phone, code }), 429, 'CODE_LOCKED');
  });

  it('opens one session when the same code is sent several times at once', async () => {
    const phone = '+5491170005551';
    const code = await sandboxCode(phone);
    const answers = await Promise.all(Array.from({ length: 4 }, () => verify({ phone, code })));
    const opened = answers.filter((a) => a.status === 200);
    expect(opened).toHaveLength(1);
    for (const refused of answers.filter((a) => a.status !== 200)) {
      expectApiError(refused, 400, 'CODE_EXPIRED');
      expect(refused.setCookie).toEqual([]);
    }
    expect(await dinerSessionsOf(phone)).toBe(1);
  });

  it('spends only the newest code: asking again leaves the previous one useless', async () => {
    const phone = '+5491170006661';
    const first = await sandboxCode(phone);
    offsetMs += MINUTE;
    const second = await sandboxCode(phone);
    if (first !== second) expectApiError(await verify({ phone, code: first }), 400, 'CODE_WRONG');
    expect((await verify({ phone, code: second })).status).toBe(200);
  });

  it('limits the codes of a phone per address: one a minute and 3 in 10 minutes', async () => {
    const phone = '+5491170007771';
    const here = '10.45.0.1';
    expect((await requestCode({ phone }, here)).status).toBe(202);
    const soon = await requestCode({ phone }, here);
    expectApiError(soon, 429, 'TOO_MANY_CODES');
    // the code already sent still works: where it went and when to ask again, for the code field
    expect(soon.body.message).toBe('Ya te enviamos un código: escribilo acá. Podés pedir otro en 1:00.');
    expect(soon.body.errors).toEqual([{ phone, channel: 'SANDBOX', resendInSeconds: 60 }]);
    offsetMs += MINUTE;
    expect((await requestCode({ phone }, here)).status).toBe(202);
    offsetMs += MINUTE;
    expect((await requestCode({ phone }, here)).status).toBe(202);
    offsetMs += MINUTE;
    const fourth = await requestCode({ phone }, here);
    expectApiError(fourth, 429, 'TOO_MANY_CODES');
    expect(fourth.headers['retry-after']).toBe(String(7 * 60));
    offsetMs += 7 * MINUTE;
    expect((await requestCode({ phone }, here)).status).toBe(202);
    // concurrent requests of one phone from one address pass the limit one at a time
    const racer = '+5491170007772';
    const raced = await Promise.all(
      Array.from({ length: 4 }, () => requestCode({ phone: racer }, '10.45.1.1')),
    );
    expect(raced.map((r) => r.status).sort()).toEqual([202, 429, 429, 429]);
    expect(await codesOf(racer)).toHaveLength(1);
  });

  it("does not let a stranger's requests or guesses keep the diner out (two addresses)", async () => {
    const phone = '+5491170007773';
    const stranger = '10.45.2.66';
    const diner = '10.45.2.7';
    // the stranger asks for codes until refused, and guesses the newest one until locked out of it
    for (let i = 0; i < 3; i++) {
      expect((await requestCode({ phone }, stranger)).status).toBe(202);
      offsetMs += MINUTE;
    }
    expectApiError(await requestCode({ phone }, stranger), 429, 'TOO_MANY_CODES');
    // the diner still gets her code, and the stranger's guesses of it do not spend hers
    const sent = await requestCode({ phone }, diner);
    expect(sent.status).toBe(202);
    const code = sent.body.sandboxCode as string;
    for (let i = 0; i < SIGN_IN_CODE_MAX_ATTEMPTS; i++)
      expectApiError(
        await call('POST', '/api/diner/session', { payload: { phone, code: WRONG(code) }, from: stranger }),
        400,
        'CODE_WRONG',
      );
    expectApiError(
      await call('POST', '/api/diner/session', { payload: { phone, code }, from: stranger }),
      429,
      'CODE_LOCKED',
    );
    const wrongHere = await call('POST', '/api/diner/session', {
      payload: { phone, code: WRONG(code) },
      from: diner,
    });
    expect(wrongHere.body.message).toBe('El código no es correcto. Te quedan 4 intentos.');
    const signedIn = await call('POST', '/api/diner/session', { payload: { phone, code }, from: diner });
    expect(signedIn.status).toBe(200);
    expect(await dinerSessionsOf(phone)).toBe(1);
  });

  it('limits how many codes one address may ask for', async () => {
    const from = '10.46.0.1';
    const statuses: number[] = [];
    for (let i = 0; i < 11; i++)
      statuses.push((await requestCode({ phone: `+54911700080${String(i).padStart(2, '0')}` }, from)).status);
    expect(statuses.slice(0, 10).every((s) => s === 202)).toBe(true);
    expect(statuses[10]).toBe(429);
  });

  it('signs out: the session is revoked and the cookie cleared', async () => {
    const cookie = await signIn(DEMO_DINER_PHONE);
    expect((await history(DEMO_DINER_PHONE, cookie)).status).toBe(200);
    const out = await call('POST', '/api/diner/session/logout', { cookie });
    expect(out.status).toBe(204);
    const cleared = out.setCookie.find((c) => c.startsWith('diner_session=')) ?? '';
    expect(cleared).toMatch(/^diner_session=;/);
    expect(cleared).toMatch(/Expires=Thu, 01 Jan 1970|Max-Age=0/);
    // the old token opens nothing, even if a copy of it was kept
    expect((await currentDiner(cookie)).body).toEqual({ diner: null });
    expectApiError(await history(DEMO_DINER_PHONE, cookie), 401, 'UNAUTHORIZED');
    expect((await call('POST', '/api/diner/session/logout')).status).toBe(204);
  });

  it('ends the previous session of the browser when another phone signs in, and a month later', async () => {
    const first = await signIn('+5491170009991');
    const code = await sandboxCode('+5491170009992');
    const res = await verify({ phone: '+5491170009992', code }, first);
    const second = sessionCookieOf(res.setCookie);
    expect((await currentDiner(first)).body).toEqual({ diner: null });
    expect((await currentDiner(second)).body.diner.phone).toBe('+5491170009992');
    offsetMs += 30 * 24 * 60 * MINUTE;
    expect((await currentDiner(second)).body).toEqual({ diner: null });
  });

  describe('through WhatsApp (a local fake of the Cloud API)', () => {
    let fake: FakeWhatsApp;
    let whatsApp: TestApp;
    beforeAll(async () => {
      fake = await startFakeWhatsApp();
      whatsApp = await createTestApp(kind, {
        messaging: createWhatsAppCloudProvider({
          accessToken: FAKE_WHATSAPP_TOKEN,
          phoneNumberId: FAKE_WHATSAPP_NUMBER_ID,
          baseUrl: fake.baseUrl,
          template: 'codigo_ingreso',
          // the fake never answers a number ending in 9999; success is quick even on a busy machine
          timeoutMs: 2_000,
        }),
      });
    });
    afterAll(async () => {
      await whatsApp.close();
      await fake.close();
    });
    const post = (url: string, payload: unknown) =>
      whatsApp.app
        .inject({ method: 'POST', url, payload: payload as object, remoteAddress })
        .then((r) => ({ status: r.statusCode, body: JSON.parse(r.body) }));

    it('sends the code in the template and shows it nowhere', async () => {
      const sent = await post('/api/diner/session/code', { phone: '11 5555-0101', country: 'ar' });
      expect(sent.status).toBe(202);
      expect(sent.body).toEqual({
        phone: DEMO_DINER_PHONE,
        channel: 'WHATSAPP',
        expiresInSeconds: 600,
        resendInSeconds: 60,
      });
      const request = fake.requests.at(-1);
      expect(request?.body?.to).toBe('5491155550101');
      const template = request?.body?.template as { components: { parameters: { text: string }[] }[] };
      const code = template.components[0]?.parameters[0]?.text as string;
      expect(code).toMatch(/^\d{6}$/);
      const res = await post('/api/diner/session', { phone: DEMO_DINER_PHONE, code });
      expect(res.body).toEqual({ diner: { phone: DEMO_DINER_PHONE, name: null } });
    });

    it('says in Spanish when WhatsApp refuses the number or is down, and keeps no code', async () => {
      const refused = await post('/api/diner/session/code', { phone: '+54 9 11 5555-0000' });
      expectApiError(refused, 400, 'CODE_NOT_SENT');
      expect(refused.body.message).toBe(DINER_SESSION_MESSAGES.codeNotSent);
      const down = await post('/api/diner/session/code', { phone: '+54 9 11 5555-5000' });
      expectApiError(down, 503, 'MESSAGING_UNAVAILABLE');
      expect(down.body.message).toBe(DINER_SESSION_MESSAGES.messagingUnavailable);
      const slow = await post('/api/diner/session/code', { phone: '+54 9 11 5555-9999' });
      expectApiError(slow, 503, 'MESSAGING_UNAVAILABLE');
      const rows = await whatsApp.database.db
        .select()
        .from(t.dinerSignInCodes)
        .where(eq(t.dinerSignInCodes.phone, '+5491155555000'));
      expect(rows).toEqual([]);
      // a code that never left does not count against the phone
      expectApiError(await post('/api/diner/session/code', { phone: '+54 9 11 5555-5000' }), 503);
    });
  });
});
