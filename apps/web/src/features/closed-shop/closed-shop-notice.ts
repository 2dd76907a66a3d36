import { MESSAGES } from '@comanda/core';
import type { BranchContact, OrderMode } from '@comanda/core/contract';
import { isClosedNow } from '../menu/closed-banner.tsx';

export interface ClosedShopNotice {
  kind: 'closed' | 'schedule';
  title: string;
  body: string;
}

const SEEN_KEY = 'comanda:closed-notice';

/**
 * The notice for a mode that cannot take an immediate order, by the same reading as the red banner:
 * 'Programa tu pedido' when a later order can be scheduled, 'Local cerrado' otherwise.
 */
export function closedShopNoticeFor(contact: BranchContact, mode: OrderMode): ClosedShopNotice | null {
  if (!mode.orderEnabled || !isClosedNow(contact, mode)) return null;
  return mode.canSchedule
    ? { kind: 'schedule', title: MESSAGES.scheduleOrderTitle, body: MESSAGES.scheduleOrderBody }
    : { kind: 'closed', title: MESSAGES.closedShopTitle, body: MESSAGES.closedShopBody };
}

/** Once per browser session and shop: true the first time it is asked, then false. */
export function takeFirstShowing(alias: string): boolean {
  const key = `${SEEN_KEY}:${alias}`;
  try {
    if (sessionStorage.getItem(key)) return false;
    sessionStorage.setItem(key, '1');
  } catch {
    // storage disabled: the notice may show again on the next visit, which is harmless
  }
  return true;
}
