/**
 * Invite codes for SIGNUP_MODE=invite: random, shown once, stored as a SHA-256. A code opens one shop.
 * Written as three groups of four (ABCD-EFGH-JKMN) from an alphabet without look-alikes (no 0/O, 1/I/L).
 */
import { randomInt } from 'node:crypto';
import { and, eq, gt, isNull } from 'drizzle-orm';
import * as t from '../../db/schema.ts';
import type { Db, Tx } from '../../platform/db.ts';
import { sha256 } from '../../platform/secrets.ts';

const ALPHABET = 'ABCDEFGHJKMNPQRSTUVWXYZ23456789';

/** The code as typed: case, spaces and dashes do not matter. */
export const normaliseInviteCode = (code: string) => code.toUpperCase().replace(/[^A-Z0-9]/g, '');

export async function createInvite(
  db: Db,
  options: { now: Date; days: number; note?: string },
): Promise<{ code: string; expiresAt: Date }> {
  const raw = Array.from({ length: 12 }, () => ALPHABET[randomInt(ALPHABET.length)]).join('');
  const code = raw.match(/.{4}/g)?.join('-') ?? raw;
  const expiresAt = new Date(options.now.getTime() + options.days * 86_400_000);
  await db.insert(t.signUpInvites).values({
    codeHash: sha256(normaliseInviteCode(code)),
    note: options.note ?? null,
    createdAt: options.now,
    expiresAt,
  });
  return { code, expiresAt };
}

/** Spends a code for the new owner; false when it does not exist, expired or was spent (by a racer too). */
export async function spendInvite(tx: Tx, code: string, staffId: number, now: Date): Promise<boolean> {
  const spent = await tx
    .update(t.signUpInvites)
    .set({ usedAt: now, usedByStaffId: staffId })
    .where(
      and(
        eq(t.signUpInvites.codeHash, sha256(normaliseInviteCode(code))),
        isNull(t.signUpInvites.usedAt),
        gt(t.signUpInvites.expiresAt, now),
      ),
    )
    .returning({ codeHash: t.signUpInvites.codeHash });
  return spent.length === 1;
}

/** Whether a code could be spent now (checked before the work, spent inside the transaction). */
export async function inviteIsUsable(db: Db, code: string, now: Date): Promise<boolean> {
  const [row] = await db
    .select({ codeHash: t.signUpInvites.codeHash })
    .from(t.signUpInvites)
    .where(
      and(
        eq(t.signUpInvites.codeHash, sha256(normaliseInviteCode(code))),
        isNull(t.signUpInvites.usedAt),
        gt(t.signUpInvites.expiresAt, now),
      ),
    );
  return Boolean(row);
}
