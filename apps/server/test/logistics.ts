import { eq } from 'drizzle-orm';
import * as t from '../src/db/schema.ts';
import type { Db } from '../src/platform/db.ts';

/** The demo shipment of an order, by the order's code (ids depend on import order). */
export async function shipmentOf(db: Db, orderCode: string) {
  const [row] = await db
    .select({ shipment: t.shipments })
    .from(t.shipments)
    .innerJoin(t.logisticsOrders, eq(t.logisticsOrders.id, t.shipments.logisticsOrderId))
    .innerJoin(t.orders, eq(t.orders.id, t.logisticsOrders.orderId))
    .where(eq(t.orders.code, orderCode));
  if (!row) throw new Error(`no shipment for ${orderCode}`);
  return row.shipment;
}

/** A demo rider by phone: Martín Gómez (+5491160000001, active) or Sofía Ruiz (+5491160000002). */
export async function riderByPhone(db: Db, phone: string) {
  const [rider] = await db.select().from(t.riders).where(eq(t.riders.phone, phone));
  if (!rider) throw new Error(`no rider ${phone}`);
  return rider;
}

export const MARTIN = '+5491160000001';
export const SOFIA = '+5491160000002';
