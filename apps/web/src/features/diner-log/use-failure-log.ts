/**
 * The spec's "only logged" fetch failures of the storefront's pages (storefront.md section 8: the menu
 * and discounts fetch failures, the order modes and the branch lookup; post-order section 8: the order
 * follow-up fetch): each failed fetch goes to POST /api/diner/log once, with what was asked and why it
 * failed. A 404 is the page's own answer (a wrong link), not a failure to log. The logger is imported
 * on the first failure only, so pages whose first JS is counted do not carry it.
 */
import { useEffect, useRef } from 'react';
import { isApiError } from '../../api/api.ts';
import type { DinerLogContext } from './log-to-backend.ts';

export interface FailedFetch {
  error: unknown;
  /** TanStack Query's errorUpdatedAt: a new failure of the same query is logged again. */
  errorUpdatedAt: number;
}

export function logFetchFailure(what: string, error: unknown, context: DinerLogContext = {}): void {
  if (!error || (isApiError(error) && error.status === 404)) return;
  const message = error instanceof Error ? error.message : String(error);
  const detail = isApiError(error) ? { status: error.status, code: error.code } : {};
  void import('./log-to-backend.ts')
    .then(({ logToBackend }) =>
      logToBackend(`${what} fetch failed`, {
        ...context,
        payload: { ...(context.payload as object | undefined), message, ...detail },
        stack: error instanceof Error && !isApiError(error) ? (error.stack ?? null) : null,
      }),
    )
    .catch(() => {
      // the log is best effort: a page that cannot load its logger goes on
    });
}

/** Logs a query's failure each time it fails anew (the page itself shows what the spec says, if anything). */
export function useFailureLog(what: string, failed: FailedFetch, context: DinerLogContext = {}): void {
  const { error, errorUpdatedAt } = failed;
  // the context as it is when the failure happens: a new object each render must not log again
  const contextRef = useRef(context);
  contextRef.current = context;
  useEffect(() => {
    if (error && errorUpdatedAt) logFetchFailure(what, error, contextRef.current);
  }, [error, errorUpdatedAt, what]);
}
