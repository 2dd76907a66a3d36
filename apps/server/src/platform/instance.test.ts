import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, databaseKinds, type TestApp } from '../../test/test-app.ts';
import * as t from '../db/schema.ts';
import { holderIsGone, startServerInstance } from './instance.ts';

describe.each(databaseKinds)('server instances (%s)', (kind) => {
  let test: TestApp;
  beforeAll(async () => {
    test = await createTestApp(kind);
  });
  afterAll(() => test.close());

  // one row to select the expression over: the test app's own instance
  const alive = async (id: string) => {
    const [row] = await test.database.db
      .select({ gone: sql<boolean>`${holderIsGone(sql`${id}`)}` })
      .from(t.serverInstances)
      .where(eq(t.serverInstances.id, test.app.serverInstance.id));
    return row?.gone === false;
  };

  it('beats while the process runs, and is gone once it stops or stops beating', async () => {
    const errors: unknown[] = [];
    const instance = await startServerInstance(test.database.db, (error) => errors.push(error), 50);
    expect(await alive(instance.id)).toBe(true);
    const first = (
      await test.database.db.select().from(t.serverInstances).where(eq(t.serverInstances.id, instance.id))
    )[0]?.heartbeatAt;
    // it beats every 50 ms; a busy machine may run the beat late, so wait for one (generously)
    await expect
      .poll(
        async () =>
          (
            await test.database.db
              .select()
              .from(t.serverInstances)
              .where(eq(t.serverInstances.id, instance.id))
          )[0]?.heartbeatAt?.getTime(),
        { timeout: 15_000 },
      )
      .toBeGreaterThan(first?.getTime() ?? 0);
    await instance.stop();
    expect(await alive(instance.id)).toBe(false);
    // a process killed: its row stays, but its last beat is old
    await test.database.db
      .insert(t.serverInstances)
      .values({ id: 'stale', heartbeatAt: sql`now() - interval '7 seconds'` });
    expect(await alive('stale')).toBe(false);
    expect(await alive(test.app.serverInstance.id)).toBe(true);
    expect(errors).toEqual([]);
  });
});
