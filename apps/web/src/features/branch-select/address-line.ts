import type { BranchContactListItem } from '@comanda/core/contract';

/**
 * A branch's address on one line ('Av. Corrientes 1234, Palermo'). Its own module: the menu's header
 * and the order-mode screen show it without loading the branch list's cards.
 */
export function formatAddressLine(address: BranchContactListItem['address']): string {
  const street = [address.street, address.number].filter(Boolean).join(' ');
  return [street, address.locality].filter(Boolean).join(', ');
}
