import { BACK_OFFICE_MESSAGES, fillMessage } from './messages.ts';

export type ChecklistItemKey = 'MENU' | 'HOURS' | 'MODE' | 'PAYMENT';

export interface ChecklistItem {
  key: ChecklistItemKey;
  label: string;
  done: boolean;
}

export interface OpeningChecklistInput {
  /** visible plates on the published menus of the shop's order modes (or of the branch when it has none) */
  visiblePlates: number;
  /** opening ranges over the week */
  openingRanges: number;
  activeModes: number;
  activePaymentTypes: number;
}

/** What a shop still needs before it can open its storefront, in the order an owner would do it. */
export function openingChecklist(input: OpeningChecklistInput): ChecklistItem[] {
  return [
    { key: 'MENU', label: BACK_OFFICE_MESSAGES.checklistMenu, done: input.visiblePlates > 0 },
    { key: 'HOURS', label: BACK_OFFICE_MESSAGES.checklistHours, done: input.openingRanges > 0 },
    { key: 'MODE', label: BACK_OFFICE_MESSAGES.checklistMode, done: input.activeModes > 0 },
    { key: 'PAYMENT', label: BACK_OFFICE_MESSAGES.checklistPayment, done: input.activePaymentTypes > 0 },
  ];
}

/** null when every item is done; otherwise the refusal that names what is missing. */
export function cannotOpenReason(items: ChecklistItem[]): string | null {
  const missing = items.filter((item) => !item.done);
  if (missing.length === 0) return null;
  const names = missing.map((item) => item.label.charAt(0).toLowerCase() + item.label.slice(1));
  return fillMessage(BACK_OFFICE_MESSAGES.cannotOpenYet, { missing: names.join('; ') });
}
