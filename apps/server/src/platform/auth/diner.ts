/**
 * The diner face: a diner proves a phone with a one-time code (features/diner-sign-in) and gets a
 * session cookie that the browser's scripts cannot read. A phone number alone opens nothing: orders,
 * addresses, points and their redemption all go through `authenticateDiner`.
 */
import { MESSAGES } from '@comanda/core';
import { eq } from 'drizzle-orm';
import type { FastifyReply, FastifyRequest } from 'fastify';
import * as t from '../../db/schema.ts';
import type { Db } from '../db.ts';
import { AppError } from '../errors.ts';
import { findRequestSessionSubject } from './sessions.ts';

export const DINER_SESSION_COOKIE = 'diner_session';
/** Diners stay signed in on their own phone for a month, like the apps they know. */
export const DINER_SESSION_TTL_MS = 30 * 24 * 60 * 60 * 1000;

export interface DinerPrincipal {
  customerId: number;
  /** E.164, the verified phone */
  phone: string;
}

export const dinerUnauthorized = () => new AppError('UNAUTHORIZED', 401, MESSAGES.loginRequired);

/** The signed-in diner, or null when there is no live diner session. */
export async function findDiner(db: Db, request: FastifyRequest, now: Date): Promise<DinerPrincipal | null> {
  const token = request.cookies[DINER_SESSION_COOKIE];
  if (!token) return null;
  const customerId = await findRequestSessionSubject(request, db, 'DINER', token, now);
  if (customerId === null) return null;
  const [customer] = await db
    .select({ phone: t.customers.phone })
    .from(t.customers)
    .where(eq(t.customers.id, customerId));
  return customer ? { customerId, phone: customer.phone } : null;
}

/** The signed-in diner; 401 'Inicie sesión' otherwise. */
export async function authenticateDiner(db: Db, request: FastifyRequest, now: Date): Promise<DinerPrincipal> {
  const diner = await findDiner(db, request, now);
  if (!diner) throw dinerUnauthorized();
  return diner;
}

/** Max-Age rather than a date, for the same reason as the staff cookie (a fixed NOW in demos). */
export function setDinerCookie(reply: FastifyReply, token: string, secure: boolean): void {
  reply.setCookie(DINER_SESSION_COOKIE, token, {
    httpOnly: true,
    sameSite: 'lax',
    secure,
    path: '/',
    maxAge: DINER_SESSION_TTL_MS / 1000,
  });
}

export function clearDinerCookie(reply: FastifyReply, secure: boolean): void {
  reply.clearCookie(DINER_SESSION_COOKIE, { httpOnly: true, sameSite: 'lax', secure, path: '/' });
}
