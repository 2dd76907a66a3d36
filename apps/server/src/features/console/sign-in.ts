/**
 * Staff sign-in: e-mail and password against the scrypt hash, at most 5 failures per account in 15
 * minutes (whatever the address), then a STAFF session. An unknown e-mail costs the same scrypt as a
 * known one, so answers do not tell which e-mails have accounts.
 */
import { CONSOLE_MESSAGES, type StaffSignIn } from '@comanda/core/contract';
import { eq } from 'drizzle-orm';
import * as t from '../../db/schema.ts';
import { AttemptLimiter, type AttemptStore } from '../../platform/attempt-limiter.ts';
import { issueSession, STAFF_SESSION_TTL_MS, type StaffPrincipal } from '../../platform/auth/index.ts';
import type { Db } from '../../platform/db.ts';
import { AppError } from '../../platform/errors.ts';
import { hashSecret, verifySecretAsync } from '../../platform/secrets.ts';

export const STAFF_FAILURES_PER_ACCOUNT = 5;
export const STAFF_FAILURE_WINDOW_MS = 15 * 60 * 1000;

// compared against when the e-mail has no account, so both answers take one scrypt
const NO_ACCOUNT_HASH = hashSecret('no account has this password');

export function createStaffSignIn(db: Db, attempts?: AttemptStore) {
  const failures = new AttemptLimiter(
    STAFF_FAILURES_PER_ACCOUNT,
    STAFF_FAILURE_WINDOW_MS,
    attempts,
    'staff-sign-in',
  );
  return async function signIn(
    credentials: StaffSignIn,
    now: Date,
  ): Promise<{ staff: StaffPrincipal; token: string; expiresAt: Date }> {
    if (await failures.isBlocked(credentials.email, now.getTime()))
      throw new AppError('RATE_LIMITED', 429, CONSOLE_MESSAGES.tooManyAttempts);
    const [account] = await db
      .select()
      .from(t.staffAccounts)
      .where(eq(t.staffAccounts.email, credentials.email));
    const valid = await verifySecretAsync(credentials.password, account?.passwordHash ?? NO_ACCOUNT_HASH);
    if (!account || !valid) {
      await failures.recordFailure(credentials.email, now.getTime());
      throw new AppError('CREDENTIALS_INVALID', 401, CONSOLE_MESSAGES.credentialsInvalid);
    }
    await failures.reset(credentials.email);
    const expiresAt = new Date(now.getTime() + STAFF_SESSION_TTL_MS);
    const token = await issueSession(db, 'STAFF', account.id, now, expiresAt);
    const { id, branchId, role, name, email } = account;
    return { staff: { id, branchId, role, name, email }, token, expiresAt };
  };
}
