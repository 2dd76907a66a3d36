import { normalizePhone } from '@comanda/core';
import { describe, expect, it } from 'vitest';
import { loadPhoneCheck } from './phone-check.ts';

describe('the checkout phone check, loaded on demand', () => {
  it('is core’s normalizePhone: the same phones pass and fail as on the server', async () => {
    const check = await loadPhoneCheck();
    expect(check).toBe(normalizePhone);
    expect(check('11 5555-0101', 'ar')).toBe('+5491155550101');
    expect(check('9 8765 4321', 'cl')).toBe('+56987654321');
    expect(check('1234', 'ar')).toBeNull();
  });

  it('downloads once however often it is asked for', async () => {
    const [first, second] = await Promise.all([loadPhoneCheck(), loadPhoneCheck()]);
    expect(first).toBe(second);
  });
});
