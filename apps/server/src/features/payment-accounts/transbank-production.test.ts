/** On Webpay's production environment the public test commerce is refused before any call to Transbank. */
import { PAYMENT_ACCOUNT_MESSAGES as M } from '@comanda/core/back-office';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { expectApiError } from '../../../test/http.ts';
import { asStaff, DONMATEO_OWNER, staffCookie } from '../../../test/staff.ts';
import { createTestApp, databaseKinds, type TestApp } from '../../../test/test-app.ts';

describe.each(databaseKinds)('Webpay in production (%s)', (kind) => {
  let test: TestApp;
  beforeAll(async () => {
    test = await createTestApp(kind, {
      payments: { transbank: { environmentUrl: 'https://webpay3g.transbank.cl' } },
    });
  });
  afterAll(() => test.close());

  it('offers no test commerce and refuses it with a clear reason', async () => {
    const owner = await staffCookie(test.app, DONMATEO_OWNER);
    const view = await asStaff(test.app, owner, 'GET', '/api/console/payments/account');
    expect(view.body.available.transbankIntegration).toBe(false);
    const refused = await asStaff(test.app, owner, 'PUT', '/api/console/payments/account/transbank', {
      integration: true,
    });
    expectApiError(refused, 409, 'INTEGRATION_OFF');
    expect(refused.body.message).toBe(M.integrationOff);
    // nothing changed: the demo's sandbox account is still the one connected
    expect(
      (await asStaff(test.app, owner, 'GET', '/api/console/payments/account')).body.account.provider,
    ).toBe('SANDBOX');
  });
});
