/**
 * The diner log for first screens: the same reports as log-to-backend.ts, but its code is downloaded
 * with the first report, so a page that fails nothing (nearly every visit) does not carry it in its
 * first JS. Like the log itself, never throws and never shows anything to the diner.
 */
import { useEffect, useRef } from 'react';
import type { DinerLogContext } from './log-to-backend.ts';

const logger = () => import('./log-to-backend.ts');

/** logToBackend, once its module has arrived; a module that cannot be downloaded drops the report. */
export function logLater(text: string, context: DinerLogContext = {}): void {
  void logger()
    .then((log) => log.logToBackend(text, context))
    .catch(() => {
      // the log is best effort
    });
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
    void logger()
      .then((log) => log.logFetchFailure(what, error, at))
      .catch(() => {
        // the log is best effort
      });
  }, [error, errorUpdatedAt, what]);
}
