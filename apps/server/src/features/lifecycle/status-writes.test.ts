/**
 * The engine is the one writer of status columns: this test reads every server source file and fails on
 * a status write of orders, shipments, shipment stacks or payments outside features/lifecycle, in the
 * query builder (`.update(t.orders).set({ status ... })`) or in SQL (`update orders set status`). New rows
 * are created with their first status only here, by order placement (one SQL statement that records its
 * creation events) and by the business import (history being loaded, not moved).
 */
import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

const SRC = fileURLToPath(new URL('../..', import.meta.url));
const ENGINE = 'features/lifecycle/';
const TABLES = ['orders', 'shipments', 'shipmentStacks', 'orderPayments'];
const SQL_TABLES = ['orders', 'shipments', 'shipment_stacks', 'order_payments'];
/** Files that may insert rows of those tables with a first status (see above). */
const CREATORS = ['features/order/place-order.ts', 'features/business-import/import-business.ts'];

function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return entry.name === 'migrations' ? [] : sourceFiles(path);
    return entry.name.endsWith('.ts') && !entry.name.endsWith('.test.ts') ? [path] : [];
  });
}

/** The text of the first `.set({...})` after `from` (balanced braces), or ''. */
function setBlockAfter(text: string, from: number): string {
  const start = text.indexOf('.set(', from);
  if (start < 0 || start - from > 200) return '';
  let depth = 0;
  for (let i = start + 5; i < text.length; i++) {
    if (text[i] === '(') depth++;
    if (text[i] === ')') {
      if (depth === 0) return text.slice(start, i + 1);
      depth--;
    }
  }
  return '';
}

/** Status writes found in one file's text: `file: what`. */
export function statusWritesIn(file: string, text: string): string[] {
  const found: string[] = [];
  for (const table of TABLES) {
    const update = new RegExp(`\\.update\\(t\\.${table}\\)`, 'g');
    for (const match of text.matchAll(update)) {
      const block = setBlockAfter(text, match.index + match[0].length);
      if (/\bstatus\b/.test(block)) found.push(`${file}: .update(t.${table}).set({ status })`);
    }
    const insert = new RegExp(`\\.insert\\(t\\.${table}\\)`, 'g');
    if (!CREATORS.includes(file))
      for (const _ of text.matchAll(insert)) found.push(`${file}: .insert(t.${table})`);
  }
  for (const table of SQL_TABLES) {
    const sqlUpdate = new RegExp(`update\\s+"?${table}"?\\s+set\\s+[^;]*\\bstatus\\s*=`, 'gi');
    for (const _ of text.matchAll(sqlUpdate)) found.push(`${file}: update ${table} set status`);
  }
  return found;
}

describe('status writes', () => {
  it('happen only in the lifecycle engine', () => {
    const outside = sourceFiles(SRC)
      .map((path) => relative(SRC, path).replaceAll('\\', '/'))
      .filter((file) => !file.startsWith(ENGINE))
      .flatMap((file) => statusWritesIn(file, readFileSync(join(SRC, file), 'utf8')));
    expect(outside, 'move these writes into features/lifecycle (the engine)').toEqual([]);
  });

  it('are recognised in both forms (the detector itself)', () => {
    expect(
      statusWritesIn(
        'x.ts',
        "await tx.update(t.shipments).set({ riderId: 1, status: 'DELIVERED' }).where(w);",
      ),
    ).toEqual(['x.ts: .update(t.shipments).set({ status })']);
    expect(statusWritesIn('x.ts', 'await db.update(t.orders).set({ errorType: e }).where(w);')).toEqual([]);
    expect(statusWritesIn('x.ts', "sql`update order_payments set amount = 1, status = 'PAID'`")).toEqual([
      'x.ts: update order_payments set status',
    ]);
    expect(statusWritesIn('x.ts', 'await tx.insert(t.orderPayments).values(v);')).toEqual([
      'x.ts: .insert(t.orderPayments)',
    ]);
  });
});
