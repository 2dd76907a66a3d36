/**
 * How failed secrets (a password, a shop's security code, a one-time code) slow their sender down: a few
 * failures are free, then each one doubles the wait before the next try, up to a ceiling. Nothing is
 * ever locked for everyone: the server counts failures per account *and source address* (a stranger's
 * guesses slow the stranger), per address over all accounts (one address trying many accounts) and per
 * account over all addresses (many addresses on one account, which addresses that signed in to the
 * account before skip). See apps/server/src/platform/failure-throttle.ts.
 */

export interface BackoffPolicy {
  /** Failures in the window that cost no wait. */
  freeFailures: number;
  /** The wait after the first failure past the free ones; each further failure doubles it. */
  firstWaitMs: number;
  maxWaitMs: number;
  /** Failures older than this are forgotten. */
  windowMs: number;
}

const MINUTE = 60_000;

/**
 * One account from one address: 3 free failures, then 1 s, 2 s, 4 s … up to 15 minutes, so about 12
 * guesses in a quarter of an hour instead of a lock the owner would share.
 */
export const ACCOUNT_ADDRESS_BACKOFF: BackoffPolicy = {
  freeFailures: 3,
  firstWaitMs: 1000,
  maxWaitMs: 15 * MINUTE,
  windowMs: 15 * MINUTE,
};

/** One address over every account (trying one password on many e-mails, one code on many shops). */
export const ADDRESS_BACKOFF: BackoffPolicy = {
  freeFailures: 20,
  firstWaitMs: 1000,
  maxWaitMs: 15 * MINUTE,
  windowMs: 15 * MINUTE,
};

/**
 * One account over every address (a guessing spread over many addresses): far more than one person
 * mistypes, and addresses that signed in to the account before are never held by it.
 */
export const ACCOUNT_BACKOFF: BackoffPolicy = {
  freeFailures: 50,
  firstWaitMs: 1000,
  maxWaitMs: 15 * MINUTE,
  windowMs: 15 * MINUTE,
};

/** The wait the `failures`-th failure in the window costs (0 while free). */
export function backoffWaitMs(failures: number, policy: BackoffPolicy): number {
  const past = failures - policy.freeFailures;
  if (past < 0) return 0;
  // 2 ** 40 would already overflow any sane ceiling; the cap keeps the number finite
  return Math.min(policy.firstWaitMs * 2 ** Math.min(past, 40), policy.maxWaitMs);
}

/**
 * When the next try may be made, given the failure times (ms, any order): null when it may now.
 * The wait runs from the newest failure in the window.
 */
export function nextAttemptAt(
  failureTimes: readonly number[],
  now: number,
  policy: BackoffPolicy,
): number | null {
  const recent = failureTimes.filter((time) => now - time < policy.windowMs);
  if (recent.length === 0) return null;
  const wait = backoffWaitMs(recent.length, policy);
  if (wait === 0) return null;
  const at = Math.max(...recent) + wait;
  return at > now ? at : null;
}

/** 'Demasiados intentos. Probá de nuevo en 8 segundos.' / '… en 2 minutos.': the wait, rounded up. */
export function tooManyAttemptsMessage(waitMs: number): string {
  const seconds = Math.max(1, Math.ceil(waitMs / 1000));
  if (seconds < 60)
    return `Demasiados intentos. Probá de nuevo en ${seconds === 1 ? '1 segundo' : `${seconds} segundos`}.`;
  const minutes = Math.ceil(seconds / 60);
  return `Demasiados intentos. Probá de nuevo en ${minutes === 1 ? '1 minuto' : `${minutes} minutos`}.`;
}
