/**
 * The spec's "only logged" fallbacks go to POST /api/diner/log: a text body holding a JSON context
 * (text, bcId, branchId, url, lat, lng, fullAddress, addressFromLocalStorage, component, payload, stack).
 * Never throws and never shows anything to the diner. First screens use log-later.ts, which downloads
 * this module with the first report.
 */
import { isApiError } from '../../api/api.ts';
import { type DinerLogIds, dinerLogContext } from './log-context.ts';

/** A broken page must not flood the log (the server also rate-limits per address). */
export const MAX_LOGS_PER_PAGE_VIEW = 10;
const MAX_BODY_CHARS = 12_000;

export { setDinerLogContext } from './log-context.ts';

export interface DinerLogContext extends DinerLogIds {
  lat?: number | null;
  lng?: number | null;
  fullAddress?: string | null;
  addressFromLocalStorage?: boolean | null;
  component?: string | null;
  payload?: unknown;
  stack?: string | null;
}

let sent = 0;

export function logToBackend(text: string, context: DinerLogContext = {}): void {
  if (sent >= MAX_LOGS_PER_PAGE_VIEW) return;
  sent++;
  try {
    const shared = dinerLogContext();
    const record = {
      text: text.slice(0, 4000),
      bcId: context.bcId ?? shared.bcId ?? null,
      branchId: context.branchId ?? shared.branchId ?? null,
      url: globalThis.location?.href ?? null,
      lat: context.lat ?? null,
      lng: context.lng ?? null,
      fullAddress: context.fullAddress ?? null,
      addressFromLocalStorage: context.addressFromLocalStorage ?? null,
      component: context.component ?? null,
      payload: context.payload ?? null,
      stack: context.stack?.slice(0, 4000) ?? null,
    };
    let body = JSON.stringify(record);
    // the server takes at most 16 KB: a large payload is dropped rather than the whole report
    if (body.length > MAX_BODY_CHARS) body = JSON.stringify({ ...record, payload: '[truncated]' });
    void fetch('/api/diner/log', {
      method: 'POST',
      keepalive: true,
      headers: { 'content-type': 'text/plain;charset=UTF-8' },
      body,
    }).catch(() => {
      // the log is best effort
    });
  } catch {
    // a context that cannot be serialised is not worth an error for the diner
  }
}

/**
 * The spec's "only logged" fetch failures of the storefront's pages (storefront.md section 8: the menu
 * and discounts fetch failures, the order modes and the branch lookup; post-order section 8: the order
 * follow-up fetch): each failed fetch is logged once, with what was asked and why it failed. A 404 is
 * the page's own answer (a wrong link), not a failure to log.
 */
export function logFetchFailure(what: string, error: unknown, context: DinerLogContext = {}): void {
  if (!error || (isApiError(error) && error.status === 404)) return;
  const detail = isApiError(error) ? { status: error.status, code: error.code } : {};
  logToBackend(`${what} fetch failed`, {
    ...context,
    payload: {
      ...(context.payload as object | undefined),
      message: String((error as Error).message ?? error),
      ...detail,
    },
    stack: error instanceof Error && !isApiError(error) ? (error.stack ?? null) : null,
  });
}
