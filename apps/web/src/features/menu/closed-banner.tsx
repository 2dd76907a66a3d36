import { MESSAGES } from '@comanda/core';
import type { BranchContact, OrderMode } from '@comanda/core/contract';

/** Closed for an immediate order: outside the shop's hours, the mode's NOW hours, or a scheduled-only mode. */
export function isClosedNow(contact: BranchContact, mode: OrderMode): boolean {
  return !contact.open || !mode.nowEnabled || !mode.openNow;
}

/** The red banner: 'Local cerrado.' or, when a later order can be scheduled, 'Local cerrado, programa tu pedido.' */
export function ClosedBanner({
  canSchedule,
  onShowHours,
}: {
  canSchedule: boolean;
  onShowHours: () => void;
}) {
  return (
    <div className="closed-banner" role="status">
      <div className="closed-banner__inner">
        <span>{canSchedule ? MESSAGES.closedScheduleBanner : MESSAGES.closedBanner}</span>
        <button type="button" className="closed-banner__link" onClick={onShowHours}>
          {MESSAGES.seeOpeningHours}
        </button>
      </div>
    </div>
  );
}
