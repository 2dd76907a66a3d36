import { describe, expect, it } from 'vitest';
import { formatCartModeCookie, parseCartModeCookie } from './cart-mode-cookie.ts';

describe('the cart mode cookie', () => {
  it('reads back what it wrote, whatever the alias holds', () => {
    for (const alias of ['donmateo-palermo', 'café.centro', 'a b;c']) {
      expect(parseCartModeCookie(formatCartModeCookie({ alias, orderModeId: 5 }))).toEqual({
        alias,
        orderModeId: 5,
      });
    }
  });

  it.each([
    [undefined],
    [''],
    ['5'],
    ['5.'],
    ['x.donmateo'],
    ['-5.donmateo'],
    ['12345678901.donmateo'],
    ['5.%E0%A4%A'],
  ])('ignores a missing or malformed value %j', (value) => {
    expect(parseCartModeCookie(value)).toBeNull();
  });
});
