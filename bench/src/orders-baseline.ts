/**
 * The database's floor for an order (issue 29): the same order written by a bare transaction from the
 * bench itself, with no HTTP, no checks and no pricing: BEGIN, the order row, its item rows, COMMIT.
 * It runs in the same bench run, on the same database and with as many clients as the POST /api/order
 * measurement, so `POST orders/s ÷ baseline orders/s` shows what our checks, pricing, answer and live
 * update cost over what PostgreSQL itself needs, whatever the shared machine is doing.
 */

import { randomBytes } from 'node:crypto';
import type { CartLine } from '@comanda/core';
import postgres from 'postgres';
import { config } from './config.ts';
import { round } from './load.ts';

export interface BaselineFigures {
  ordersPerSec: number;
  p50Ms: number;
  p99Ms: number;
  orders: number;
  durationSeconds: number;
}

export interface BaselineOrder {
  contactId: number;
  modeId: number;
  modeType: string;
  currency: string;
  paymentMethod: string;
  total: number;
  itemsPrice: number;
  lines: readonly CartLine[];
}

function percentile(sorted: number[], p: number): number {
  if (sorted.length === 0) return 0;
  const index = Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1);
  return sorted[Math.max(0, index)] ?? 0;
}

/** `clients` loops writing the order for `seconds`; their rows are deleted afterwards. */
export async function bareTransactionBaseline(
  order: BaselineOrder,
  clients: number,
  seconds: number,
): Promise<BaselineFigures> {
  const sql = postgres(config.databaseUrl, { max: clients, onnotice: () => {} });
  const prefix = `BL${randomBytes(3).toString('hex').toUpperCase()}`;
  const items = order.lines.map((line, position) => ({
    reference_id: line.referenceId,
    name: line.name,
    quantity: line.quantity,
    price_without_discount: Math.round(line.originalPrice / line.quantity),
    acc_price: line.price,
    position,
  }));
  const latencies: number[] = [];
  let n = 0;
  const writeOne = async () => {
    const code = `${prefix}${(n++).toString(36).toUpperCase().padStart(6, '0')}`;
    const phone = `+5491169${String(n % 1_000_000).padStart(6, '0')}`;
    const started = performance.now();
    await sql.begin(async (tx) => {
      const [row] = await tx<{ id: number }[]>`
        insert into orders (code, branch_contact_id, order_mode_id, type, currency, customer_name, phone,
          payment_method, items_price, total)
        values (${code}, ${order.contactId}, ${order.modeId}, ${order.modeType}, ${order.currency},
          'Cliente Base', ${phone}, ${order.paymentMethod}, ${order.itemsPrice}, ${order.total})
        returning id`;
      if (!row) throw new Error('the baseline order was not written');
      await tx`insert into order_items ${tx(items.map((item) => ({ ...item, order_id: row.id })))}`;
    });
    latencies.push(performance.now() - started);
  };
  const started = performance.now();
  const until = started + seconds * 1000;
  try {
    await Promise.all(
      Array.from({ length: clients }, async () => {
        while (performance.now() < until) await writeOne();
      }),
    );
    const elapsed = (performance.now() - started) / 1000;
    latencies.sort((a, b) => a - b);
    return {
      ordersPerSec: round(latencies.length / elapsed),
      p50Ms: round(percentile(latencies, 50), 1),
      p99Ms: round(percentile(latencies, 99), 1),
      orders: latencies.length,
      durationSeconds: round(elapsed),
    };
  } finally {
    // its orders are not the product's: they must not swell the boards or the history of later sections
    await sql`delete from orders where code like ${`${prefix}%`}`.catch(() => {});
    await sql.end({ timeout: 5 });
  }
}
