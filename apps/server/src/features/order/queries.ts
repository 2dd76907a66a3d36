import type { DiscountCodeRule } from '@comanda/core';
import { and, eq, sql } from 'drizzle-orm';
import * as t from '../../db/schema.ts';
import type { Db } from '../../platform/db.ts';

export type DiscountCodeRow = typeof t.discountCodes.$inferSelect;

/** An active code of a branch within its validity window, matched regardless of case. */
export async function findDiscountCode(db: Db, branchId: number, code: string, now: Date) {
  const [row] = await db
    .select({ code: t.discountCodes, plateName: t.plates.showName })
    .from(t.discountCodes)
    .leftJoin(t.plates, eq(t.plates.id, t.discountCodes.plateId))
    .where(
      and(
        eq(t.discountCodes.branchId, branchId),
        eq(sql`upper(${t.discountCodes.code})`, code.trim().toUpperCase()),
        eq(t.discountCodes.active, true),
      ),
    );
  if (!row) return null;
  const { validFrom, validUntil } = row.code;
  if ((validFrom && validFrom > now) || (validUntil && validUntil <= now)) return null;
  return { row: row.code, rule: toDiscountCodeRule(row.code, row.plateName) };
}

export function toDiscountCodeRule(row: DiscountCodeRow, plateName: string | null): DiscountCodeRule {
  return {
    id: row.id,
    code: row.code,
    type: row.type === 'FIXED' ? 'FIXED' : row.type === 'FREE_DELIVERY' ? 'FREE_DELIVERY' : 'PERCENT',
    value: row.value,
    maximumDiscount: row.maximumDiscount,
    minimumOrderAmount: row.minimumOrderAmount,
    plate: row.plateId ? { id: row.plateId, name: plateName ?? '' } : null,
    categoryName: row.categoryName,
    firstTimeOnly: row.firstTimeOnly,
    freeDelivery: row.freeDelivery,
    limitedUsage: row.limitedUsage,
  };
}
