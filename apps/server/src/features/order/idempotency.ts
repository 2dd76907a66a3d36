/**
 * Idempotency keys of `POST /api/order`, as Stripe defines them: the first request under a key binds it to
 * a hash of its body. A retry with the same body gets the same order back (or 409 while the first is still
 * running); another body under the same key is refused with 422 and learns nothing of the first order.
 */
import { and, eq, lt, or, sql } from 'drizzle-orm';
import * as t from '../../db/schema.ts';
import type { Db } from '../../platform/db.ts';
import { AppError } from '../../platform/errors.ts';
import { holderIsGone } from '../../platform/instance.ts';
import { sha256 } from '../../platform/secrets.ts';

/**
 * A first request still running after this long frees its key whatever its process says (the placement's
 * statements time out long before); a process that died frees it within seconds (its heartbeat stops).
 */
const IN_FLIGHT_MS = 2 * 60 * 1000;
/** What the 409 of a key in flight tells the client to wait (Retry-After). */
export const IN_FLIGHT_RETRY_AFTER_SECONDS = 2;

export const IDEMPOTENCY_MESSAGES = {
  reused: 'Esta clave ya se usó para otro pedido. Volvé a intentarlo desde tu carrito.',
  inFlight: 'Tu pedido se está enviando. Esperá unos segundos antes de volver a intentarlo.',
} as const;

/** The same JSON whatever the order of its keys: what the hash of a request is taken over. */
export function canonicalJson(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(canonicalJson).join(',')}]`;
  if (value !== null && typeof value === 'object') {
    const entries = Object.entries(value as Record<string, unknown>)
      .filter(([, v]) => v !== undefined)
      .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
    return `{${entries.map(([k, v]) => `${JSON.stringify(k)}:${canonicalJson(v)}`).join(',')}}`;
  }
  return JSON.stringify(value) ?? 'null';
}

export type KeyClaim = { kind: 'new' } | { kind: 'placed' };

/**
 * Claims `key` for a request with `body`: 'new' when this request is the one to place the order (release
 * the key if it fails), 'placed' when an earlier request with the same body stored its order already.
 * Throws 422 for another body under the key, 409 while the first request is still running.
 */
export async function claimIdempotencyKey(
  db: Db,
  key: string,
  body: unknown,
  now: Date,
  isPlaced: (key: string) => Promise<boolean>,
  holder: string,
): Promise<KeyClaim> {
  const requestHash = sha256(canonicalJson(body));
  const inFlight = () =>
    new AppError('ORDER_IN_FLIGHT', 409, IDEMPOTENCY_MESSAGES.inFlight).retryAfter(
      IN_FLIGHT_RETRY_AFTER_SECONDS,
    );
  const [claimed] = await db
    .insert(t.idempotencyKeys)
    .values({ key, requestHash, holder, createdAt: now })
    .onConflictDoNothing()
    .returning({ key: t.idempotencyKeys.key });
  if (claimed) return { kind: 'new' };
  const [row] = await db.select().from(t.idempotencyKeys).where(eq(t.idempotencyKeys.key, key));
  // released between our insert and this read: the caller's retry claims it
  if (!row) throw inFlight();
  if (row.requestHash !== requestHash)
    throw new AppError('IDEMPOTENCY_KEY_REUSED', 422, IDEMPOTENCY_MESSAGES.reused);
  if (await isPlaced(key)) return { kind: 'placed' };
  // the first request is still running, unless its process died (no heartbeat for seconds) or it has
  // been running too long: then this one takes the key over
  const [takenOver] = await db
    .update(t.idempotencyKeys)
    .set({ createdAt: now, holder })
    .where(
      and(
        eq(t.idempotencyKeys.key, key),
        or(
          holderIsGone(sql`"idempotency_keys"."holder"`),
          lt(t.idempotencyKeys.createdAt, new Date(now.getTime() - IN_FLIGHT_MS)),
        ),
      ),
    )
    .returning({ key: t.idempotencyKeys.key });
  if (takenOver) return { kind: 'new' };
  throw inFlight();
}

/** A request that placed nothing frees its key, so the diner's retry can place the order. */
export async function releaseIdempotencyKey(db: Db, key: string): Promise<void> {
  await db.delete(t.idempotencyKeys).where(eq(t.idempotencyKeys.key, key));
}
