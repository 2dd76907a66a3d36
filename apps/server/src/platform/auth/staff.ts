/**
 * The staff face: e-mail and password (scrypt, compared in constant time), a session cookie that the
 * browser's scripts cannot read (httpOnly, SameSite=Lax), and the check every console call makes.
 */
import { CONSOLE_MESSAGES, type StaffRole } from '@comanda/core/contract';
import { and, eq, isNull } from 'drizzle-orm';
import type { FastifyReply, FastifyRequest } from 'fastify';
import * as t from '../../db/schema.ts';
import type { Db } from '../db.ts';
import { AppError } from '../errors.ts';
import { findRequestSessionSubject } from './sessions.ts';

export const STAFF_SESSION_COOKIE = 'staff_session';
/** A long service and a half: staff sign in again the next day. */
export const STAFF_SESSION_TTL_MS = 16 * 60 * 60 * 1000;

export interface StaffPrincipal {
  id: number;
  branchId: number;
  role: StaffRole;
  name: string;
  email: string;
}

export const staffUnauthorized = () => new AppError('UNAUTHORIZED', 401, CONSOLE_MESSAGES.signInRequired);
export const otherBranch = () => new AppError('FORBIDDEN', 403, CONSOLE_MESSAGES.otherBranch);

/** The staff member calling, from the session cookie; 401 when missing, unknown or expired. */
export async function authenticateStaff(db: Db, request: FastifyRequest, now: Date): Promise<StaffPrincipal> {
  const token = request.cookies[STAFF_SESSION_COOKIE];
  if (!token) throw staffUnauthorized();
  const staffId = await findRequestSessionSubject(request, db, 'STAFF', token, now);
  if (staffId === null) throw staffUnauthorized();
  const [staff] = await db
    .select({
      id: t.staffAccounts.id,
      branchId: t.staffAccounts.branchId,
      role: t.staffAccounts.role,
      name: t.staffAccounts.name,
      email: t.staffAccounts.email,
    })
    .from(t.staffAccounts)
    // a revoked account's sessions are ended with the revocation; this is the second lock
    .where(and(eq(t.staffAccounts.id, staffId), isNull(t.staffAccounts.revokedAt)));
  if (!staff) throw staffUnauthorized();
  return staff;
}

/** Staff see and change only their own branch's contacts and orders. */
export function assertSameBranch(staff: StaffPrincipal, branchId: number): void {
  if (staff.branchId !== branchId) throw otherBranch();
}

/**
 * The cookie lives as long as the session, counted from now (Max-Age), not to a date: the server's
 * clock may be fixed by NOW in demos and tests while the browser's is not.
 */
export function setStaffCookie(reply: FastifyReply, token: string, secure: boolean): void {
  reply.setCookie(STAFF_SESSION_COOKIE, token, {
    httpOnly: true,
    sameSite: 'lax',
    secure,
    path: '/',
    maxAge: STAFF_SESSION_TTL_MS / 1000,
  });
}

export function clearStaffCookie(reply: FastifyReply, secure: boolean): void {
  reply.clearCookie(STAFF_SESSION_COOKIE, { httpOnly: true, sameSite: 'lax', secure, path: '/' });
}
