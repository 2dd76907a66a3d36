/**
 * The one session-token pattern of every face (DESIGN.md, Security): a random 256-bit token is handed
 * to the browser or the rider's phone; only its SHA-256 is stored, with the face it opens and an expiry.
 * Staff sessions, rider shifts and (later) verified diners all go through these functions.
 */
import { and, eq, gt } from 'drizzle-orm';
import type { FastifyRequest } from 'fastify';
import * as t from '../../db/schema.ts';
import type { Db, Tx } from '../db.ts';
import { newToken, sha256 } from '../secrets.ts';

export type AuthFace = (typeof t.AUTH_FACE_VALUES)[number];

/** Tokens longer than this are nobody's: refused before any hashing or look-up. */
export const MAX_TOKEN_CHARS = 200;

export function hashSessionToken(token: string): string {
  return sha256(token);
}

/** A new session for `subjectId` on `face`, valid until `expiresAt`; answers the token (never stored). */
export async function issueSession(
  db: Db | Tx,
  face: AuthFace,
  subjectId: number,
  now: Date,
  expiresAt: Date,
): Promise<string> {
  const { token, tokenHash } = newToken();
  await db.insert(t.authSessions).values({ tokenHash, face, subjectId, createdAt: now, expiresAt });
  return token;
}

/** Stores the hash of a token the caller chose (the demo seed's documented rider token). */
export async function storeSession(
  db: Db | Tx,
  face: AuthFace,
  subjectId: number,
  token: string,
  expiresAt: Date,
): Promise<void> {
  await db.insert(t.authSessions).values({ tokenHash: hashSessionToken(token), face, subjectId, expiresAt });
}

/** The subject of a live session of `face`, or null when the token is unknown, of another face or expired. */
export async function findSessionSubject(
  db: Db,
  face: AuthFace,
  token: string,
  now: Date,
): Promise<number | null> {
  if (token.length === 0 || token.length > MAX_TOKEN_CHARS) return null;
  const [row] = await db
    .select({ subjectId: t.authSessions.subjectId })
    .from(t.authSessions)
    .where(
      and(
        eq(t.authSessions.tokenHash, hashSessionToken(token)),
        eq(t.authSessions.face, face),
        gt(t.authSessions.expiresAt, now),
      ),
    );
  return row?.subjectId ?? null;
}

/**
 * `findSessionSubject` for the token a request carries, behind its address's budget of unknown tokens
 * (token-guard.ts), which is checked before the look-up: every face's authentication goes through here.
 */
export async function findRequestSessionSubject(
  request: FastifyRequest,
  db: Db,
  face: AuthFace,
  token: string,
  now: Date,
): Promise<number | null> {
  const guard = request.server.tokenGuard;
  if (!guard) return findSessionSubject(db, face, token, now);
  const tokenHash = hashSessionToken(token.slice(0, MAX_TOKEN_CHARS + 1));
  await guard.admit(request.ip, tokenHash, now.getTime());
  const subjectId = await findSessionSubject(db, face, token, now);
  await guard.settle(request.ip, tokenHash, subjectId !== null, now.getTime());
  return subjectId;
}

/** Ends one session (sign-out). */
export async function revokeSession(db: Db | Tx, face: AuthFace, token: string): Promise<void> {
  if (token.length === 0 || token.length > MAX_TOKEN_CHARS) return;
  await db
    .delete(t.authSessions)
    .where(and(eq(t.authSessions.tokenHash, hashSessionToken(token)), eq(t.authSessions.face, face)));
}

/** Ends every session of a subject (a rider's shift ends, a staff password changes). */
export async function revokeSessionsOf(db: Db | Tx, face: AuthFace, subjectId: number): Promise<void> {
  await db
    .delete(t.authSessions)
    .where(and(eq(t.authSessions.face, face), eq(t.authSessions.subjectId, subjectId)));
}

/** The token of an `Authorization: Bearer <token>` header, or null. */
export function bearerTokenOf(header: string | undefined): string | null {
  if (!header || header.length > MAX_TOKEN_CHARS + 7) return null;
  const match = /^Bearer\s+(\S+)\s*$/i.exec(header);
  return match?.[1] ?? null;
}
