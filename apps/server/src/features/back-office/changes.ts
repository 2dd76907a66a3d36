/** The back office's log: who changed what, and when. Written in the transaction of the change itself. */
import type { BackOfficeChange } from '@comanda/core/contract';
import { desc, eq } from 'drizzle-orm';
import * as t from '../../db/schema.ts';
import type { Db, Tx } from '../../platform/db.ts';

export type ChangeArea =
  | 'SIGN_UP'
  | 'MENU_DRAFT'
  | 'MENU_PUBLISH'
  | 'SHOP'
  | 'BRAND'
  | 'PAYMENTS'
  | 'DELIVERY'
  | 'TEAM';

export async function recordChange(
  tx: Db | Tx,
  change: { branchId: number; staffId: number | null; area: ChangeArea; summary: string; at: Date },
): Promise<void> {
  await tx.insert(t.backOfficeChanges).values({
    branchId: change.branchId,
    staffId: change.staffId,
    area: change.area,
    summary: change.summary,
    createdAt: change.at,
  });
}

export async function listChanges(db: Db, branchId: number, limit = 100): Promise<BackOfficeChange[]> {
  const rows = await db
    .select({
      id: t.backOfficeChanges.id,
      area: t.backOfficeChanges.area,
      summary: t.backOfficeChanges.summary,
      staffName: t.staffAccounts.name,
      createdAt: t.backOfficeChanges.createdAt,
    })
    .from(t.backOfficeChanges)
    .leftJoin(t.staffAccounts, eq(t.staffAccounts.id, t.backOfficeChanges.staffId))
    .where(eq(t.backOfficeChanges.branchId, branchId))
    .orderBy(desc(t.backOfficeChanges.createdAt), desc(t.backOfficeChanges.id))
    .limit(limit);
  return rows.map((row) => ({ ...row, createdAt: row.createdAt.toISOString() }));
}
