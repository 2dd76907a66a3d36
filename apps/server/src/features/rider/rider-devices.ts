/**
 * The rider's own phone. The shop's security code is shared by all its riders, so it alone must not
 * let one rider (or anyone who learned it) take over another's shift: a shift starts or ends with the
 * code alone only on the phone the rider registered with or proved. That phone carries a long-lived
 * httpOnly `rider_device` cookie whose SHA-256 the rider's row keeps. On any other phone the right
 * security code sends a one-time code to the rider's phone through the messaging interface (WhatsApp,
 * or the sandbox), and the same call with that code completes the change and makes this phone hers.
 * The codes follow the diners' sign-in code rules (core's sign-in-code.ts): 6 digits, 10 minutes,
 * 5 guesses, one a minute, 3 in 10 minutes, 10 a day per rider.
 */
import { randomInt, timingSafeEqual } from 'node:crypto';
import {
  DINER_SESSION_MESSAGES,
  formatSignInCode,
  nextSignInCodeAt,
  SIGN_IN_CODE_LENGTH,
  SIGN_IN_CODE_MAX_ATTEMPTS,
  SIGN_IN_CODE_RESEND_AFTER_MS,
  SIGN_IN_CODE_TTL_MS,
  signInCodeState,
} from '@comanda/core';
import type { RiderPhoneCodeSent } from '@comanda/core/contract';
import { and, desc, eq, gt, isNull, lt, sql } from 'drizzle-orm';
import * as t from '../../db/schema.ts';
import type { Db } from '../../platform/db.ts';
import { AppError } from '../../platform/errors.ts';
import type { MessagingProvider } from '../../platform/messaging/index.ts';
import { hashSecretAsync, newToken, sha256, verifySecretAsync } from '../../platform/secrets.ts';
import { codeExpired, codeLocked, deliverOneTimeCode } from '../diner-sign-in/deliver-code.ts';

export const RIDER_DEVICE_COOKIE = 'rider_device';
/** A phone stays the rider's for a year after it last proved itself. */
export const RIDER_DEVICE_MAX_AGE_S = 365 * 24 * 60 * 60;

type RiderRow = typeof t.riders.$inferSelect;
const DAY_MS = 24 * 60 * 60_000;
const codes = t.riderPhoneCodes;

/** True when the request's `rider_device` cookie is this rider's known phone. */
export function isRiderDevice(
  rider: Pick<RiderRow, 'deviceTokenHash'>,
  deviceToken: string | undefined,
): boolean {
  if (!rider.deviceTokenHash || !deviceToken) return false;
  const given = Buffer.from(sha256(deviceToken));
  const known = Buffer.from(rider.deviceTokenHash);
  return given.length === known.length && timingSafeEqual(given, known);
}

/** Makes the calling phone the rider's: a new device token (the cookie's value); an earlier phone's stops counting. */
export async function rememberRiderDevice(db: Db, riderId: number): Promise<string> {
  const { token, tokenHash } = newToken();
  await db.update(t.riders).set({ deviceTokenHash: tokenHash }).where(eq(t.riders.id, riderId));
  return token;
}

/** Sends a new one-time code to the rider's phone, within the per-rider request limits. */
export async function sendRiderPhoneCode(
  deps: { db: Db; messaging: MessagingProvider; log: (error: unknown) => void },
  rider: RiderRow,
  now: Date,
): Promise<RiderPhoneCodeSent> {
  const { db, messaging } = deps;
  const code = formatSignInCode(randomInt(0, 10 ** SIGN_IN_CODE_LENGTH));
  const codeHash = await hashSecretAsync(code);
  const id = await db.transaction(async (tx) => {
    // one rider's requests queue here, so two at once cannot both pass the limits
    await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${`rider-phone-code:${rider.id}`}))`);
    const recent = await tx
      .select({ createdAt: codes.createdAt })
      .from(codes)
      .where(and(eq(codes.riderId, rider.id), gt(codes.createdAt, new Date(now.getTime() - DAY_MS))));
    const nextAt = nextSignInCodeAt(
      recent.map((row) => row.createdAt),
      now,
    );
    if (nextAt)
      throw new AppError('TOO_MANY_CODES', 429, DINER_SESSION_MESSAGES.tooManyCodes).retryAfter(
        Math.ceil((nextAt.getTime() - now.getTime()) / 1000),
      );
    const [row] = await tx
      .insert(codes)
      .values({
        riderId: rider.id,
        codeHash,
        createdAt: now,
        expiresAt: new Date(now.getTime() + SIGN_IN_CODE_TTL_MS),
      })
      .returning({ id: codes.id });
    if (!row) throw new AppError('INTERNAL', 500, DINER_SESSION_MESSAGES.signInFailed);
    return row.id;
  });
  const visibleCode = await deliverOneTimeCode(deps, { phone: rider.phone, code }, () =>
    db.delete(codes).where(eq(codes.id, id)),
  );
  return {
    phoneCodeRequired: true,
    phoneEnding: rider.phone.slice(-4),
    channel: messaging.channel,
    expiresInSeconds: SIGN_IN_CODE_TTL_MS / 1000,
    resendInSeconds: SIGN_IN_CODE_RESEND_AFTER_MS / 1000,
    ...(visibleCode ? { sandboxCode: visibleCode } : {}),
  };
}

/**
 * The rider's newest code, tried once: the guess is counted before the comparison (a conditional
 * update, so concurrent guesses never pass the limit) and the code is spent once.
 */
export async function verifyRiderPhoneCode(db: Db, riderId: number, code: string, now: Date): Promise<void> {
  const [latest] = await db
    .select()
    .from(codes)
    .where(eq(codes.riderId, riderId))
    .orderBy(desc(codes.createdAt), desc(codes.id))
    .limit(1);
  if (!latest) throw codeExpired();
  const state = signInCodeState(latest, now);
  if (state === 'LOCKED') throw codeLocked();
  if (state !== 'LIVE') throw codeExpired();
  const [guess] = await db
    .update(codes)
    .set({ attempts: sql`${codes.attempts} + 1` })
    .where(
      and(
        eq(codes.id, latest.id),
        isNull(codes.usedAt),
        gt(codes.expiresAt, now),
        lt(codes.attempts, SIGN_IN_CODE_MAX_ATTEMPTS),
      ),
    )
    .returning({ attempts: codes.attempts });
  if (!guess) throw codeLocked();
  if (!(await verifySecretAsync(code, latest.codeHash)))
    throw new AppError(
      'CODE_WRONG',
      400,
      DINER_SESSION_MESSAGES.codeWrong(SIGN_IN_CODE_MAX_ATTEMPTS - guess.attempts),
    );
  const [spent] = await db
    .update(codes)
    .set({ usedAt: now })
    .where(and(eq(codes.id, latest.id), isNull(codes.usedAt)))
    .returning({ id: codes.id });
  if (!spent) throw codeExpired();
}
