import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { memoryStorage } from '../../testing/memory-storage.ts';
import { captureExternalUser } from './capture-external-user.ts';
import { EXTERNAL_USER_KEY, externalBenefitsQuery, getExternalUser } from './external-user.ts';

describe('the external-benefit user of a partner’s link', () => {
  beforeEach(() => vi.stubGlobal('sessionStorage', memoryStorage()));
  afterEach(() => vi.unstubAllGlobals());

  it('keeps the member for the session and takes the link’s keys (the token) out of the query', () => {
    const rest = captureExternalUser(
      '?partner=Sandbox&externalUserId=socio-1&externalToken=sandbox-socio-1&code=X',
    );
    expect(rest).toBe('?code=X');
    expect(getExternalUser()).toEqual({
      partner: 'sandbox',
      externalUserId: 'socio-1',
      token: 'sandbox-socio-1',
    });
    expect(captureExternalUser('?partner=sandbox&externalUserId=a&externalToken=b')).toBe('');
  });

  it('keeps nobody from an incomplete link, and asks for no benefits without a member', () => {
    expect(captureExternalUser('?partner=sandbox&externalToken=t')).toBe('');
    expect(getExternalUser()).toBeNull();
    expect(externalBenefitsQuery(1, 2, 'DELIVERY').enabled).toBe(false);
    sessionStorage.setItem(EXTERNAL_USER_KEY, '{not json');
    expect(getExternalUser()).toBeNull();
  });

  it('asks for the member’s benefits with its token, and answers none when the partner or server fails', async () => {
    captureExternalUser('?partner=sandbox&externalUserId=socio-1&externalToken=sandbox-socio-1');
    const benefit = { id: 7, name: 'Beneficio', type: 'PERCENT', value: 0.1, externalBenefitType: 'P' };
    const fetch = vi
      .fn()
      .mockResolvedValueOnce(new Response(JSON.stringify({ generalDiscounts: [benefit] }), { status: 200 }))
      .mockResolvedValueOnce(
        new Response(JSON.stringify({ code: 'EXTERNAL_USER_REFUSED', message: 'No.' }), { status: 401 }),
      );
    vi.stubGlobal('fetch', fetch);
    const query = externalBenefitsQuery(1, 2, 'TAKE_AWAY');
    expect(query.enabled).toBe(true);
    const run = () => (query.queryFn as () => Promise<unknown>)();
    expect(await run()).toEqual([benefit]);
    const [url, init] = fetch.mock.calls[0] as [string, RequestInit];
    expect(url).toBe('/api/external-benefits/sandbox');
    expect((init.headers as Record<string, string>).Authorization).toBe('Bearer sandbox-socio-1');
    expect(JSON.parse(init.body as string)).toEqual({
      branchId: 1,
      branchContactId: 2,
      externalUserId: 'socio-1',
      orderModeType: 'TAKE_AWAY',
    });
    // silent: the diner orders without the benefit
    expect(await run()).toEqual([]);
  });
});
