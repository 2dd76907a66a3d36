/**
 * Each face's guard covers its whole route group (issue 23, item 6): every console and shipment route
 * refuses a caller without a session, the kitchen role cannot pause modes or change auto-accept, and a
 * cookie-authenticated write from another site, or not in JSON, is refused (item 5).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { callApi, expectApiError } from '../../../test/http.ts';
import { asStaff, DONMATEO_COOK, DONMATEO_OWNER, staffCookie } from '../../../test/staff.ts';
import { createTestApp, databaseKinds, type TestApp } from '../../../test/test-app.ts';
import { CROSS_SITE_MESSAGE, JSON_ONLY_MESSAGE, OWNER_ONLY_MESSAGE } from './face-guard.ts';

const GROUPS = [
  /^\/api\/console\//,
  /^\/api\/events\/console\//,
  /^\/api\/shipments/,
  /^\/api\/stacking/,
  /^\/api\/shipmentstacks/,
];

describe.each(databaseKinds)('face guards (%s)', (kind) => {
  let test: TestApp;
  let owner: string;
  let cook: string;
  let contactId: number;

  beforeAll(async () => {
    test = await createTestApp(kind);
    owner = await staffCookie(test.app, DONMATEO_OWNER);
    cook = await staffCookie(test.app, DONMATEO_COOK);
    const me = await asStaff(test.app, owner, 'GET', '/api/console/me');
    contactId = me.body.contacts[0].id;
  });
  afterAll(() => test.close());

  it('refuses every console and rider route without a session, the public sign-in and sign-up aside', async () => {
    const guarded = test.app.routeTable.filter(
      (route) => route.method !== 'HEAD' && GROUPS.some((group) => group.test(route.url)),
    );
    expect(guarded.length).toBeGreaterThanOrEqual(15);
    const open = guarded.filter((route) => route.public).map((route) => `${route.method} ${route.url}`);
    expect(open.sort()).toEqual([
      'GET /api/console/signup',
      'GET /api/console/signup/alias',
      'POST /api/console/access/accept',
      'POST /api/console/access/check',
      'POST /api/console/login',
      'POST /api/console/logout',
      'POST /api/console/signup',
    ]);
    for (const route of guarded.filter((candidate) => !candidate.public)) {
      const url = route.url.replace(/:[A-Za-z]+/g, '1');
      const res = await test.app.inject({
        method: route.method as 'GET',
        url,
        ...(route.method === 'GET' ? {} : { payload: {} }),
      });
      expect(res.statusCode, `${route.method} ${route.url}`).toBe(401);
    }
  });

  it('lets only the OWNER pause a mode or change auto-accept; the kitchen gets 403', async () => {
    const me = await asStaff(test.app, owner, 'GET', '/api/console/me');
    const mode = me.body.contacts[0].modes[0];
    const settings = `/api/console/contacts/${contactId}/settings`;
    const byCook = await asStaff(test.app, cook, 'PUT', settings, { autoAccept: true });
    expectApiError(byCook, 403);
    expect(byCook.body.message).toBe(OWNER_ONLY_MESSAGE);
    expectApiError(
      await asStaff(test.app, cook, 'PUT', `/api/console/ordermodes/${mode.id}`, { orderEnabled: false }),
      403,
    );
    expect((await asStaff(test.app, owner, 'PUT', settings, { autoAccept: false })).status).toBe(200);
    expect(
      (await asStaff(test.app, owner, 'PUT', `/api/console/ordermodes/${mode.id}`, { orderEnabled: true }))
        .status,
    ).toBe(200);
    // the kitchen still runs the board
    expect((await asStaff(test.app, cook, 'GET', `/api/console/contacts/${contactId}/orders`)).status).toBe(
      200,
    );
  });

  it('refuses a cookie-authenticated write from another site or not in JSON; same-site calls go through', async () => {
    const settings = `/api/console/contacts/${contactId}/settings`;
    const put = (headers: Record<string, string>, payload: string) =>
      callApi(test.app, 'PUT', settings, { headers: { cookie: owner, ...headers }, payload });
    const json = { 'content-type': 'application/json' };
    const foreign = await put({ ...json, origin: 'https://evil.example' }, '{"autoAccept":true}');
    expectApiError(foreign, 403);
    expect(foreign.body.message).toBe(CROSS_SITE_MESSAGE);
    expectApiError(await put({ ...json, 'sec-fetch-site': 'cross-site' }, '{"autoAccept":true}'), 403);
    expectApiError(await put({ ...json, 'sec-fetch-site': 'same-site' }, '{"autoAccept":true}'), 403);
    const form = await put({ 'content-type': 'application/x-www-form-urlencoded' }, 'autoAccept=true');
    expectApiError(form, 415);
    expect(form.body.message).toBe(JSON_ONLY_MESSAGE);
    expectApiError(await put({ 'content-type': 'text/plain' }, '{"autoAccept":true}'), 415);
    // the console's own page
    const own = await put(
      { ...json, origin: 'http://localhost:3000', 'sec-fetch-site': 'same-origin' },
      '{"autoAccept":false}',
    );
    expect(own.status, JSON.stringify(own.body)).toBe(200);
    // without a session cookie nothing here is a cookie write: the guard of the face answers
    expectApiError(
      await callApi(test.app, 'PUT', settings, {
        headers: { origin: 'https://evil.example', ...json },
        payload: '{}',
      }),
      401,
    );
  });
});
