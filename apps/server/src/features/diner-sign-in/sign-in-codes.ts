/**
 * Diner sign-in by phone with a one-time code (docs/decisions/012-diner-sign-in.md): the diner asks
 * for a code, the messaging provider sends it, and the code trades for a DINER session once. Codes are
 * 6 digits from crypto, stored as a scrypt hash, live 10 minutes. Limits count per address, so a
 * stranger cannot keep the diner out: a code takes 5 guesses from each address (20 from all), and a
 * phone gets from one address at most one code a minute, 3 in 10 minutes and 10 a day (30 a day from
 * all addresses, against message floods). Asking for a code answers the same for any phone, so nobody
 * learns who is a customer.
 */
import { randomInt } from 'node:crypto';
import {
  formatSignInCode,
  nextSignInCodeFromAddressAt,
  normalizePhone,
  SIGN_IN_CODE_LENGTH,
  SIGN_IN_CODE_MAX_ATTEMPTS,
  SIGN_IN_CODE_MAX_GUESSES,
  SIGN_IN_CODE_RESEND_AFTER_MS,
  SIGN_IN_CODE_TTL_MS,
  secondsUntil,
  signInCodeState,
} from '@comanda/core';
import {
  DINER_SESSION_MESSAGES,
  type DinerSession,
  type SignInCodeRequest,
  type SignInCodeSent,
  type SignInVerify,
} from '@comanda/core/contract';
import { and, desc, eq, gt, isNull, lt, sql } from 'drizzle-orm';
import * as t from '../../db/schema.ts';
import { DINER_SESSION_TTL_MS, issueSession } from '../../platform/auth/index.ts';
import type { Db, Tx } from '../../platform/db.ts';
import { AppError, badRequest } from '../../platform/errors.ts';
import { addressKey } from '../../platform/failure-throttle.ts';
import type { MessagingProvider } from '../../platform/messaging/index.ts';
import { hashSecretAsync, verifySecretAsync } from '../../platform/secrets.ts';
import { phoneCountryOf } from '../checkout-info/queries.ts';
import { codeExpired, codeLocked, deliverOneTimeCode } from './deliver-code.ts';

const DAY_MS = 24 * 60 * 60_000;

/** The phone as E.164, read in the diner's chosen country, else the branch's, else Argentina. */
export async function signInPhoneOf(
  db: Db,
  input: Pick<SignInCodeRequest, 'phone' | 'country' | 'branchId'>,
): Promise<string> {
  const country = input.country ?? (input.branchId ? await phoneCountryOf(db, input.branchId) : 'ar');
  const phone = normalizePhone(input.phone, country);
  if (!phone) throw badRequest(DINER_SESSION_MESSAGES.phoneInvalid);
  return phone;
}

/** POST /api/diner/session/code: a new code for the phone, sent by the provider. */
export async function requestSignInCode(
  deps: { db: Db; messaging: MessagingProvider; log: (error: unknown) => void },
  input: SignInCodeRequest,
  now: Date,
  /** The asking address: the request limits are counted per address. */
  ip: string,
): Promise<SignInCodeSent> {
  const { db, messaging } = deps;
  const phone = await signInPhoneOf(db, input);
  const address = addressKey(ip);
  const code = formatSignInCode(randomInt(0, 10 ** SIGN_IN_CODE_LENGTH));
  const codeHash = await hashSecretAsync(code);
  const id = await db.transaction(async (tx) => {
    // one phone's requests queue here, so two at once cannot both pass the limits
    await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${`diner-sign-in:${phone}`}))`);
    const recent = await tx
      .select({ at: t.dinerSignInCodes.createdAt, from: t.dinerSignInCodes.requestedFrom })
      .from(t.dinerSignInCodes)
      .where(
        and(
          eq(t.dinerSignInCodes.phone, phone),
          gt(t.dinerSignInCodes.createdAt, new Date(now.getTime() - DAY_MS)),
        ),
      );
    const nextAt = nextSignInCodeFromAddressAt(recent, address, now);
    if (nextAt) {
      // the code already sent still works: the answer says where it went and when to ask again, so
      // the screen keeps the code field open (the same answer for any phone: nobody learns who is a customer)
      const wait = secondsUntil(nextAt, now);
      throw new AppError('TOO_MANY_CODES', 429, DINER_SESSION_MESSAGES.codeAlreadySent(wait), [
        { phone, channel: messaging.channel, resendInSeconds: wait },
      ]).retryAfter(wait);
    }
    const [row] = await tx
      .insert(t.dinerSignInCodes)
      .values({
        phone,
        codeHash,
        requestedFrom: address,
        createdAt: now,
        expiresAt: new Date(now.getTime() + SIGN_IN_CODE_TTL_MS),
      })
      .returning({ id: t.dinerSignInCodes.id });
    if (!row) throw new AppError('INTERNAL', 500, DINER_SESSION_MESSAGES.signInFailed);
    return row.id;
  });

  const visibleCode = await deliverOneTimeCode(deps, { phone, code }, () =>
    db.delete(t.dinerSignInCodes).where(eq(t.dinerSignInCodes.id, id)),
  );
  return {
    phone,
    channel: messaging.channel,
    expiresInSeconds: SIGN_IN_CODE_TTL_MS / 1000,
    resendInSeconds: SIGN_IN_CODE_RESEND_AFTER_MS / 1000,
    ...(visibleCode ? { sandboxCode: visibleCode } : {}),
  };
}

/**
 * POST /api/diner/session: the phone's newest code, tried once per call. A guess is counted before the
 * code is compared, for the address and for the code (conditional writes), so concurrent guesses never
 * exceed either limit, and the code is spent with a conditional update too, so concurrent right answers
 * open one session.
 */
export async function verifySignInCode(
  db: Db,
  input: SignInVerify,
  now: Date,
  ip: string,
): Promise<{ diner: DinerSession; token: string }> {
  const phone = await signInPhoneOf(db, input);
  const address = addressKey(ip);
  const codes = t.dinerSignInCodes;
  const [latest] = await db
    .select()
    .from(codes)
    .where(eq(codes.phone, phone))
    .orderBy(desc(codes.createdAt), desc(codes.id))
    .limit(1);
  if (!latest) throw codeExpired();
  const refuse = (state: ReturnType<typeof signInCodeState>) =>
    state === 'LOCKED' ? codeLocked() : codeExpired();
  const state = signInCodeState(latest, now, SIGN_IN_CODE_MAX_GUESSES);
  if (state !== 'LIVE') throw refuse(state);

  // this address's guess of this code, counted only while it has guesses left
  const guesses = t.dinerSignInGuesses;
  const [fromHere] = await db
    .insert(guesses)
    .values({ codeId: latest.id, address, attempts: 1 })
    .onConflictDoUpdate({
      target: [guesses.codeId, guesses.address],
      set: { attempts: sql`${guesses.attempts} + 1` },
      setWhere: lt(guesses.attempts, SIGN_IN_CODE_MAX_ATTEMPTS),
    })
    .returning({ attempts: guesses.attempts });
  if (!fromHere) throw codeLocked();
  const [guess] = await db
    .update(codes)
    .set({ attempts: sql`${codes.attempts} + 1` })
    .where(
      and(
        eq(codes.id, latest.id),
        isNull(codes.usedAt),
        gt(codes.expiresAt, now),
        lt(codes.attempts, SIGN_IN_CODE_MAX_GUESSES),
      ),
    )
    .returning({ attempts: codes.attempts });
  if (!guess) {
    const [current] = await db.select().from(codes).where(eq(codes.id, latest.id));
    throw refuse(current ? signInCodeState(current, now, SIGN_IN_CODE_MAX_GUESSES) : 'EXPIRED');
  }
  if (!(await verifySecretAsync(input.code, latest.codeHash)))
    throw new AppError(
      'CODE_WRONG',
      400,
      DINER_SESSION_MESSAGES.codeWrong(
        Math.min(SIGN_IN_CODE_MAX_ATTEMPTS - fromHere.attempts, SIGN_IN_CODE_MAX_GUESSES - guess.attempts),
      ),
    );

  return db.transaction(async (tx) => {
    const [spent] = await tx
      .update(codes)
      .set({ usedAt: now })
      .where(and(eq(codes.id, latest.id), isNull(codes.usedAt)))
      .returning({ id: codes.id });
    if (!spent) throw codeExpired();
    // a verified phone becomes a customer (an identity only: nothing is told to any business)
    await tx.insert(t.customers).values({ phone, createdAt: now }).onConflictDoNothing();
    const [customer] = await tx
      .select({ id: t.customers.id })
      .from(t.customers)
      .where(eq(t.customers.phone, phone));
    if (!customer) throw new AppError('INTERNAL', 500, DINER_SESSION_MESSAGES.signInFailed);
    const token = await issueSession(
      tx,
      'DINER',
      customer.id,
      now,
      new Date(now.getTime() + DINER_SESSION_TTL_MS),
    );
    return { diner: { phone, name: await profileNameOf(tx, customer.id, input.branchId) }, token };
  });
}

/** The name the diner gave this business (her profile there); none without a branch or a profile. */
async function profileNameOf(db: Db | Tx, customerId: number, branchId: number | undefined) {
  if (!branchId) return null;
  const [profile] = await db
    .select({ name: t.customerProfiles.name })
    .from(t.customerProfiles)
    .where(and(eq(t.customerProfiles.customerId, customerId), eq(t.customerProfiles.branchId, branchId)));
  return profile?.name ?? null;
}

/** The signed-in diner's phone, and her name at the branch when one is given. */
export async function loadDinerSession(
  db: Db,
  diner: { customerId: number; phone: string },
  branchId: number | undefined,
): Promise<DinerSession> {
  return { phone: diner.phone, name: await profileNameOf(db, diner.customerId, branchId) };
}
