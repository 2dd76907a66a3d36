import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { memoryStorage } from '../../testing/memory-storage.ts';

describe('the cart state’s payment type', () => {
  beforeEach(() => vi.stubGlobal('localStorage', memoryStorage()));
  afterEach(() => vi.unstubAllGlobals());

  it('keeps the payment type’s method, id and upload, and forgets it with a change of mode', async () => {
    const { CART_STORAGE_KEY, cartActions, getCart, reloadCartFromStorage } = await import('./cart-store.ts');
    reloadCartFromStorage();
    cartActions.setMode('donmateo-palermo', 7, 'hash-7', false);
    cartActions.setPaymentType('donmateo-palermo', {
      id: 3,
      showName: 'Transferencia',
      paymentMethod: 'TRANSFER',
      active: true,
      upload: 'APP',
      onlinePayment: null,
      bankTransfer: null,
    } as Parameters<typeof cartActions.setPaymentType>[1]);
    const stored = JSON.parse(localStorage.getItem(CART_STORAGE_KEY) ?? '{}');
    expect(stored.paymentType).toEqual({ id: 3, paymentMethod: 'TRANSFER', upload: 'APP' });
    expect(getCart('donmateo-palermo').paymentType).toEqual({
      id: 3,
      paymentMethod: 'TRANSFER',
      upload: 'APP',
    });
    cartActions.setMode('donmateo-palermo', 8, 'hash-8', false);
    expect(getCart('donmateo-palermo').paymentType).toBeNull();
  });
});
