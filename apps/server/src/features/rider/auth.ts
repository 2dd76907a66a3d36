/**
 * The rider face of the shared auth module (platform/auth): a rider's token is a session of face RIDER,
 * random, stored only as its SHA-256 with an expiry. The rider's calls send `Authorization: Bearer <token>`
 * (or the `rider` cookie of the rider's pages).
 */
import { RIDER_MESSAGES } from '@comanda/core';
import { eq } from 'drizzle-orm';
import type { FastifyRequest } from 'fastify';
import * as t from '../../db/schema.ts';
import {
  bearerTokenOf,
  findRequestSessionSubject,
  findSessionSubject,
  hashSessionToken,
  issueSession,
  storeSession,
} from '../../platform/auth/index.ts';
import type { Db } from '../../platform/db.ts';
import { AppError } from '../../platform/errors.ts';

export { bearerTokenOf };

/** A token outlives a long week of shifts; signing in again issues a new one. */
export const RIDER_TOKEN_TTL_MS = 30 * 24 * 60 * 60 * 1000;
export const RIDER_COOKIE = 'rider';

export type RiderRow = typeof t.riders.$inferSelect;

export const hashRiderToken = hashSessionToken;

/** Stores the hash of a token the caller chose (the demo seed's documented token uses it). */
export function storeRiderToken(db: Db, riderId: number, token: string, expiresAt: Date): Promise<void> {
  return storeSession(db, 'RIDER', riderId, token, expiresAt);
}

/** A new random token for the rider, valid for `ttlMs` from `now`; only its hash is kept. */
export function issueRiderToken(
  db: Db,
  riderId: number,
  now: Date,
  ttlMs = RIDER_TOKEN_TTL_MS,
): Promise<string> {
  return issueSession(db, 'RIDER', riderId, now, new Date(now.getTime() + ttlMs));
}

/** The rider a token belongs to, or null when it is unknown or expired. */
export async function findRiderByToken(db: Db, token: string, now: Date): Promise<RiderRow | null> {
  const riderId = await findSessionSubject(db, 'RIDER', token, now);
  if (riderId === null) return null;
  const [rider] = await db.select().from(t.riders).where(eq(t.riders.id, riderId));
  return rider ?? null;
}

const unauthorized = () => new AppError('UNAUTHORIZED', 401, RIDER_MESSAGES.sessionInvalid);

/** The rider calling, from the bearer token or the `rider` cookie; 401 in Spanish when missing, unknown or expired. */
export async function authenticateRider(db: Db, request: FastifyRequest, now: Date): Promise<RiderRow> {
  const token = bearerTokenOf(request.headers.authorization) ?? request.cookies?.[RIDER_COOKIE] ?? null;
  if (!token) throw unauthorized();
  // behind the address's budget of unknown tokens, counted before the look-up (platform/auth/token-guard.ts)
  const riderId = await findRequestSessionSubject(request, db, 'RIDER', token, now);
  if (riderId === null) throw unauthorized();
  const [rider] = await db.select().from(t.riders).where(eq(t.riders.id, riderId));
  // a rider the owner deactivated has no shift, even one started in the same instant (features/team)
  if (!rider || rider.disabledAt) throw unauthorized();
  return rider;
}
