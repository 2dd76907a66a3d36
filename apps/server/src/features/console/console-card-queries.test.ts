import { readFileSync } from 'node:fs';
import { PGlite } from '@electric-sql/pglite';
import { eq } from 'drizzle-orm';
import { drizzle } from 'drizzle-orm/pglite';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { TEST_NOW } from '../../../test/test-now.ts';
import * as schema from '../../db/schema.ts';
import type { Db } from '../../platform/db.ts';
import { loadConsoleBoard, loadConsoleOrder } from './console-orders.ts';

const t = schema;

/**
 * Issue 29: a card is read with one query (a change's card used to take eleven, the board ten), so a
 * new order reaches fifty boards without ten round trips to the database first. The demo database,
 * with a logger counting the statements the reads send.
 */
describe('console cards: one query each', () => {
  let client: PGlite;
  let db: Db;
  const statements: string[] = [];

  beforeAll(async () => {
    client = await PGlite.create({ loadDataDir: new Blob([readFileSync(inject('pgliteDumpPath'))]) });
    db = drizzle(client, {
      schema,
      casing: 'snake_case',
      logger: { logQuery: (query) => statements.push(query) },
    }) as unknown as Db;
  });
  afterAll(() => client.close());

  async function counted<T>(read: () => Promise<T>): Promise<{ value: T; queries: number }> {
    statements.length = 0;
    const value = await read();
    return { value, queries: statements.length };
  }

  async function contactOf(alias: string) {
    const [contact] = await db.select().from(t.branchContacts).where(eq(t.branchContacts.alias, alias));
    if (!contact) throw new Error(`no contact ${alias}`);
    return contact;
  }

  it("reads a contact's whole board, its cards and day totals, with one query", async () => {
    const contact = await contactOf('donmateo-palermo');
    const { value: board, queries } = await counted(() => loadConsoleBoard(db, contact, new Date(TEST_NOW)));
    expect(queries).toBe(1);
    expect(board.orders.length).toBeGreaterThan(3);
    // newest first
    const times = board.orders.map((order) => Date.parse(order.orderedAt));
    expect(times).toEqual([...times].sort((a, b) => b - a));
  });

  it('reads each changed order’s card with one query, the same card the board shows', async () => {
    const contact = await contactOf('donmateo-palermo');
    const board = await loadConsoleBoard(db, contact, new Date(TEST_NOW));
    for (const shown of board.orders) {
      const { value: card, queries } = await counted(() => loadConsoleOrder(db, shown.id));
      expect(queries).toBe(1);
      expect(card).toEqual(shown);
    }
    // the demo's order on its way carries its shipment and rider; a delivered one its payment
    const onItsWay = board.orders.find((order) => order.code === 'DMP8QN5T4R');
    expect(onItsWay?.shipment).toMatchObject({
      status: 'ON_ROUTE_TO_DROP_OFF',
      riderName: expect.any(String),
    });
    expect(onItsWay?.items.length).toBeGreaterThan(0);
  });

  it('answers null, with one query, for an order that does not exist', async () => {
    const { value, queries } = await counted(() => loadConsoleOrder(db, 987_654));
    expect(value).toBeNull();
    expect(queries).toBe(1);
  });
});
