/**
 * The diner log for first screens: the same reports as log-to-backend.ts, but its code is downloaded
 * with the first report, so a page that fails nothing (nearly every visit) does not carry it in its
 * first JS. Like the log itself, never throws and never shows anything to the diner.
 */
import { useEffect, useRef } from 'react';
import type { DinerLogContext } from './log-to-backend.ts';

/** Runs `report` once log-to-backend.ts has arrived; a module that cannot be downloaded drops it. */
function withLogger(report: (log: typeof import('./log-to-backend.ts')) => void): void {
  import('./log-to-backend.ts').then(report).catch(() => {
    // the log is best effort
  });
}

/** logToBackend, once its module has arrived. */
export function logLater(text: string, context: DinerLogContext = {}): void {
  withLogger((log) => log.logToBackend(text, context));
}

export interface FailedFetch {
  error: unknown;
  /** TanStack Query's errorUpdatedAt: a new failure of the same query is logged again. */
  errorUpdatedAt: number;
}

/**
 * Logs a query's failure each time it fails anew (log-to-backend's logFetchFailure: the spec's "only
 * logged" fetch failures; the page itself shows what the spec says, if anything).
 */
export function useFailureLog(what: string, failed: FailedFetch, context: DinerLogContext = {}): void {
  const { error, errorUpdatedAt } = failed;
  // the context as it is when the failure happens: a new object each render must not log again
  const contextRef = useRef(context);
  contextRef.current = context;
  useEffect(() => {
    if (!error || !errorUpdatedAt) return;
    const at = contextRef.current;
    withLogger((log) => log.logFetchFailure(what, error, at));
  }, [error, errorUpdatedAt, what]);
}
