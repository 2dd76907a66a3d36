/**
 * Rider bearer tokens (DESIGN.md, Security): random, 256 bits, stored only as their SHA-256 in
 * rider_tokens with an expiry. The rider sign-in (a later slice) issues them; the rider's calls send
 * `Authorization: Bearer <token>`.
 */
import { RIDER_MESSAGES } from '@comanda/core';
import { and, eq, gt } from 'drizzle-orm';
import type { FastifyRequest } from 'fastify';
import * as t from '../../db/schema.ts';
import type { Db } from '../../platform/db.ts';
import { AppError } from '../../platform/errors.ts';
import { newToken, sha256 } from '../../platform/secrets.ts';

/** A token outlives a long week of shifts; signing in again issues a new one. */
export const RIDER_TOKEN_TTL_MS = 30 * 24 * 60 * 60 * 1000;
const MAX_TOKEN_CHARS = 200;

export type RiderRow = typeof t.riders.$inferSelect;

export function hashRiderToken(token: string): string {
  return sha256(token);
}

/** Stores the hash of a token the caller chose (the demo seed's documented token uses it). */
export async function storeRiderToken(
  db: Db,
  riderId: number,
  token: string,
  expiresAt: Date,
): Promise<void> {
  await db.insert(t.riderTokens).values({ tokenHash: hashRiderToken(token), riderId, expiresAt });
}

/** A new random token for the rider, valid for `ttlMs` from `now`; only its hash is kept. */
export async function issueRiderToken(
  db: Db,
  riderId: number,
  now: Date,
  ttlMs = RIDER_TOKEN_TTL_MS,
): Promise<string> {
  const { token, tokenHash } = newToken();
  await db.insert(t.riderTokens).values({
    tokenHash,
    riderId,
    createdAt: now,
    expiresAt: new Date(now.getTime() + ttlMs),
  });
  return token;
}

/** The rider a token belongs to, or null when it is unknown or expired. */
export async function findRiderByToken(db: Db, token: string, now: Date): Promise<RiderRow | null> {
  const [row] = await db
    .select({ rider: t.riders })
    .from(t.riderTokens)
    .innerJoin(t.riders, eq(t.riders.id, t.riderTokens.riderId))
    .where(and(eq(t.riderTokens.tokenHash, hashRiderToken(token)), gt(t.riderTokens.expiresAt, now)));
  return row?.rider ?? null;
}

/** The token of an `Authorization: Bearer <token>` header, or null. */
export function bearerTokenOf(header: string | undefined): string | null {
  if (!header || header.length > MAX_TOKEN_CHARS + 7) return null;
  const match = /^Bearer\s+(\S+)\s*$/i.exec(header);
  return match?.[1] ?? null;
}

const unauthorized = () => new AppError('UNAUTHORIZED', 401, RIDER_MESSAGES.sessionInvalid);

/** The rider calling, from the bearer token; 401 with a Spanish message when missing, unknown or expired. */
export async function authenticateRider(db: Db, request: FastifyRequest, now: Date): Promise<RiderRow> {
  const token = bearerTokenOf(request.headers.authorization);
  if (!token) throw unauthorized();
  const rider = await findRiderByToken(db, token, now);
  if (!rider) throw unauthorized();
  return rider;
}
