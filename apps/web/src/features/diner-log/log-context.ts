/**
 * The branch and contact on screen, for diner logs that do not name their own. Kept apart from the
 * logger so the app shell can set it without loading the logger into the first paint's JS.
 */
export interface DinerLogIds {
  bcId?: number | null;
  branchId?: number | null;
}

let current: DinerLogIds = {};

export function setDinerLogContext(next: DinerLogIds): void {
  current = next;
}

export function dinerLogContext(): DinerLogIds {
  return current;
}
