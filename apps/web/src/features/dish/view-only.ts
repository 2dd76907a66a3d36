import { MESSAGES } from '@comanda/core';
import type { BranchContact, OrderMode } from '@comanda/core/contract';
import { isClosedNow } from '../menu/closed-banner.tsx';

/** Why a dish can be looked at but not added, or null when the mode takes orders (now or scheduled). */
export function viewOnlyReason(contact: BranchContact, mode: OrderMode): string | null {
  if (!mode.orderEnabled) return MESSAGES.menuInformativeOnly;
  if (isClosedNow(contact, mode) && !mode.canSchedule) return MESSAGES.closedShopBody;
  return null;
}
