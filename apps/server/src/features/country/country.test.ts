import { CountrySchema } from '@comanda/core/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { expectApiError, getJson } from '../../../test/http.ts';
import { createTestApp, databaseKinds, type TestApp } from '../../../test/test-app.ts';

describe.each(databaseKinds)('country call on %s', (kind) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp(kind);
  });
  afterAll(() => t.close());

  it('answers currency, symbol, decimals and phone prefix', async () => {
    const ar = CountrySchema.parse((await getJson(t.app, '/api/country/ar')).body);
    expect(ar).toMatchObject({
      code: 'ar',
      currency: { code: 'ARS', symbol: '$', decimals: 2 },
      phonePrefix: '+54',
    });
    const cl = CountrySchema.parse((await getJson(t.app, '/api/country/CL')).body);
    expect(cl).toMatchObject({ currency: { code: 'CLP', decimals: 0 }, phonePrefix: '+56' });
  });

  it('answers 404 for an unknown country and 400 for a malformed code', async () => {
    expectApiError(await getJson(t.app, '/api/country/zz'), 404);
    expectApiError(await getJson(t.app, '/api/country/arg'), 400);
  });
});
