import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { getJson, idsOf } from '../../../test/http.ts';
import { createTestApp, databaseKinds, type TestApp } from '../../../test/test-app.ts';
import { FEE_LOOKUP_WITHOUT_ADDRESS } from './routes.ts';

/** storefront.md section 5: 'The delivery-fee lookup warns when the diner has no fullAddress.' */
describe.each(databaseKinds)('the delivery-fee lookup without a full address (%s)', (kind) => {
  let test: TestApp;
  let contactId: number;

  beforeAll(async () => {
    test = await createTestApp(kind);
    contactId = (await idsOf(test.app, 'donmateo-palermo')).contactId;
  });
  afterAll(() => test.close());

  it('warns in the log and still answers by the point', async () => {
    const warn = vi.spyOn(test.app.appLog, 'warn');
    const res = await getJson(
      test.app,
      `/api/branch/${contactId}/deliveryzones/fee?lat=-34.5880&lng=-58.4110`,
    );
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ inArea: true, zoneName: 'Palermo' });
    expect(warn).toHaveBeenCalledWith(
      { branchContactId: contactId, reqId: expect.any(String) },
      FEE_LOOKUP_WITHOUT_ADDRESS,
    );

    warn.mockClear();
    const blank = await getJson(
      test.app,
      `/api/branch/${contactId}/deliveryzones/fee?lat=-34.5880&lng=-58.4110&fullAddress=%20`,
    );
    expect(blank.status).toBe(200);
    expect(warn).toHaveBeenCalledTimes(1);
    warn.mockRestore();
  });

  it('says nothing when the full address comes', async () => {
    const warn = vi.spyOn(test.app.appLog, 'warn');
    const address = encodeURIComponent('Av. Santa Fe 3100, CABA');
    const res = await getJson(
      test.app,
      `/api/branch/${contactId}/deliveryzones/fee?lat=-34.5880&lng=-58.4110&fullAddress=${address}`,
    );
    expect(res.status).toBe(200);
    expect(warn).not.toHaveBeenCalled();
    warn.mockRestore();
  });
});
