/**
 * The delivery address of the diner's last order, remembered on this device (localStorage
 * 'comanda:address') and offered in the address modal next time (storefront.md "fromLocalStorage"):
 * what a signed-in diner's profile does on the server, for a diner who never signed in.
 */
import type { CheckoutAddress } from './use-checkout.ts';

export const DEVICE_ADDRESS_KEY = 'comanda:address';

export function getDeviceAddress(): CheckoutAddress | null {
  try {
    const stored = JSON.parse(localStorage.getItem(DEVICE_ADDRESS_KEY) ?? 'null') as CheckoutAddress | null;
    return stored && typeof stored.street === 'string' && stored.street.trim() && Number.isFinite(stored.lat)
      ? { ...stored, fromLocalStorage: true }
      : null;
  } catch {
    return null;
  }
}

export function rememberDeviceAddress({ fromLocalStorage: _flag, ...address }: CheckoutAddress): void {
  try {
    localStorage.setItem(DEVICE_ADDRESS_KEY, JSON.stringify(address));
  } catch {
    // storage full or disabled: nothing is offered next time
  }
}
