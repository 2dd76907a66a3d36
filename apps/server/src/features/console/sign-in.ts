/**
 * Staff sign-in: e-mail and password against the scrypt hash, then a STAFF session. Wrong passwords slow
 * down the address that sends them (platform/failure-throttle.ts), so a stranger cannot lock the owner
 * out. An unknown e-mail costs the same scrypt as a known one, so answers do not tell which e-mails
 * have accounts.
 */
import { TEAM_MESSAGES } from '@comanda/core/back-office';
import { CONSOLE_MESSAGES, type StaffSignIn } from '@comanda/core/contract';
import { eq } from 'drizzle-orm';
import * as t from '../../db/schema.ts';
import type { AttemptStore } from '../../platform/attempt-limiter.ts';
import { issueSession, STAFF_SESSION_TTL_MS, type StaffPrincipal } from '../../platform/auth/index.ts';
import type { Db } from '../../platform/db.ts';
import { AppError } from '../../platform/errors.ts';
import { FailureThrottle } from '../../platform/failure-throttle.ts';
import { hashSecret, verifySecretAsync } from '../../platform/secrets.ts';

// compared against when the e-mail has no account, so both answers take one scrypt
const NO_ACCOUNT_HASH = hashSecret('no account has this password');

export function createStaffSignIn(db: Db, attempts?: AttemptStore) {
  const failures = new FailureThrottle('staff-sign-in', attempts);
  return async function signIn(
    credentials: StaffSignIn,
    now: Date,
    /** The sender's address: failures are counted per account and address. */
    ip: string,
  ): Promise<{ staff: StaffPrincipal; token: string; expiresAt: Date }> {
    await failures.check(credentials.email, ip, now.getTime());
    const [account] = await db
      .select()
      .from(t.staffAccounts)
      .where(eq(t.staffAccounts.email, credentials.email));
    const valid = await verifySecretAsync(credentials.password, account?.passwordHash ?? NO_ACCOUNT_HASH);
    if (!account || !valid) {
      await failures.failed(credentials.email, ip, now.getTime());
      throw new AppError('CREDENTIALS_INVALID', 401, CONSOLE_MESSAGES.credentialsInvalid);
    }
    await failures.succeeded(credentials.email, ip, now.getTime());
    // told only to whoever knows the password: the owner took this account's access (features/team)
    if (account.revokedAt) throw new AppError('ACCESS_REVOKED', 403, TEAM_MESSAGES.accountRevoked);
    const expiresAt = new Date(now.getTime() + STAFF_SESSION_TTL_MS);
    const token = await issueSession(db, 'STAFF', account.id, now, expiresAt);
    const { id, branchId, role, name, email } = account;
    return { staff: { id, branchId, role, name, email }, token, expiresAt };
  };
}
