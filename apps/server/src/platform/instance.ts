/**
 * This server process's identity in the database, kept alive by a heartbeat: a row in server_instances
 * refreshed every HEARTBEAT_MS with the database's own clock (the app's may be fixed by NOW). A process
 * killed (kill -9, a crash, a lost machine) stops beating; after INSTANCE_DEAD_AFTER_MS what it claimed
 * is free for others. A clean stop removes its row at once.
 */
import { randomBytes } from 'node:crypto';
import { eq, type SQL, sql } from 'drizzle-orm';
import * as t from '../db/schema.ts';
import type { Db } from './db.ts';

export const HEARTBEAT_MS = 2_000;
/** Three missed beats: the process is gone. */
export const INSTANCE_DEAD_AFTER_MS = 3 * HEARTBEAT_MS;

export interface ServerInstance {
  readonly id: string;
  stop(): Promise<void>;
}

export async function startServerInstance(
  db: Db,
  onError: (error: unknown) => void,
  heartbeatMs = HEARTBEAT_MS,
): Promise<ServerInstance> {
  const id = randomBytes(9).toString('base64url');
  // a database away is never fatal here: the beats go on trying (and an absent instance only means
  // that its keys in flight are free to take over, never that anything is lost)
  const quietly = async (work: () => Promise<unknown>) => {
    try {
      await work();
    } catch (error) {
      onError(error);
    }
  };
  const beat = () =>
    quietly(() =>
      db
        .insert(t.serverInstances)
        .values({ id, heartbeatAt: sql`now()` })
        .onConflictDoUpdate({ target: t.serverInstances.id, set: { heartbeatAt: sql`now()` } }),
    );
  await beat();
  // the long dead are forgotten (a row per process ever started would pile up)
  await quietly(() =>
    db.delete(t.serverInstances).where(sql`${t.serverInstances.heartbeatAt} < now() - interval '1 day'`),
  );
  const timer = setInterval(beat, heartbeatMs);
  timer.unref();
  return {
    id,
    async stop() {
      clearInterval(timer);
      await quietly(() => db.delete(t.serverInstances).where(eq(t.serverInstances.id, id)));
    },
  };
}

/**
 * SQL: the holder in `holderColumn` (written out, table included, as it would be ambiguous inside the
 * subquery) is not a live process: no row, or no beat for a while.
 */
export const holderIsGone = (holderColumn: SQL) =>
  sql`not exists (select 1 from ${t.serverInstances} i where i.id = ${holderColumn}
    and i.heartbeat_at > now() - make_interval(secs => ${INSTANCE_DEAD_AFTER_MS / 1000}))`;
