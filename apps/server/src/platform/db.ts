import { mkdirSync } from 'node:fs';
import { connect, type Socket } from 'node:net';
import { fileURLToPath } from 'node:url';
import { PGlite } from '@electric-sql/pglite';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import { drizzle as drizzlePostgres } from 'drizzle-orm/postgres-js';
import { migrate as migratePostgres } from 'drizzle-orm/postgres-js/migrator';
import postgres from 'postgres';
import * as schema from '../db/schema.ts';

export type Schema = typeof schema;
// biome-ignore lint/suspicious/noExplicitAny: both drivers' databases share this query-builder type
export type Db = PgDatabase<PgQueryResultHKT, Schema, any>;
export type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];

export interface Database {
  db: Db;
  kind: 'pglite' | 'postgres';
  close(): Promise<void>;
}

/**
 * How long PostgreSQL may take before a request is answered 503 instead of waiting for it (platform/
 * errors.ts): a connection that is not ready within `connectMs`, a statement still running after
 * `statementMs` (cancelled by the server), and no byte at all from the database for `silenceMs` while a
 * statement waits (the network to it is gone: the connections are dropped and opened again).
 */
export interface DatabaseTimeouts {
  connectMs: number;
  statementMs: number;
  /** Half a second past the statement timeout unless given: a live server answers by then. */
  silenceMs?: number;
}

export const DEFAULT_DATABASE_TIMEOUTS: DatabaseTimeouts = { connectMs: 1000, statementMs: 1000 };

export const migrationsFolder = fileURLToPath(new URL('../db/migrations', import.meta.url));

// migrations run on a connection of their own, without the serving pool's statement timeout
const postgresUrls = new WeakMap<Database, string>();

/** PostgreSQL when a URL is given, otherwise the embedded PGlite in `dataDir` (or in memory). */
export async function openDatabase(options: {
  url?: string;
  dataDir?: string;
  pglite?: PGlite;
  timeouts?: Partial<DatabaseTimeouts>;
}): Promise<Database> {
  if (options.url) {
    const timeouts = { ...DEFAULT_DATABASE_TIMEOUTS, ...options.timeouts };
    const watch = silenceWatch(timeouts.silenceMs ?? timeouts.statementMs + 500);
    const client = postgres(options.url, {
      max: 10,
      onnotice: () => {},
      connect_timeout: timeouts.connectMs / 1000,
      connection: { statement_timeout: timeouts.statementMs },
      // while the database is away every attempt fails at once or after connectMs: retry soon rather
      // than after postgres.js's growing pause (up to 20 s), so recovery needs no waiting or restart
      backoff: (retries: number) => Math.min(0.05 * retries, 0.25),
      ...watch.socketOption,
    });
    const db = drizzlePostgres(watch.track(client), { schema, casing: 'snake_case' }) as unknown as Db;
    const database: Database = {
      db,
      kind: 'postgres',
      close: async () => {
        watch.stop();
        await client.end({ timeout: 5 });
      },
    };
    postgresUrls.set(database, options.url);
    return database;
  }
  let client = options.pglite;
  if (!client) {
    if (options.dataDir) mkdirSync(options.dataDir, { recursive: true });
    client = await PGlite.create(options.dataDir ? `${options.dataDir}/pgdata` : undefined);
  }
  const pg = client;
  const db = drizzlePglite(pg, { schema, casing: 'snake_case' }) as unknown as Db;
  return { db, kind: 'pglite', close: () => pg.close() };
}

export async function migrateDatabase(database: Database): Promise<void> {
  const url = postgresUrls.get(database);
  if (database.kind === 'postgres' && url) {
    // an index on a large table may take longer than a request's statement timeout
    const client = postgres(url, { max: 1, onnotice: () => {} });
    try {
      // biome-ignore lint/suspicious/noExplicitAny: the migrator wants its own driver's type
      await migratePostgres(drizzlePostgres(client) as any, { migrationsFolder });
    } finally {
      await client.end({ timeout: 5 });
    }
  } else if (database.kind === 'postgres') {
    // biome-ignore lint/suspicious/noExplicitAny: the migrator wants its own driver's type
    await migratePostgres(database.db as any, { migrationsFolder });
  } else {
    // biome-ignore lint/suspicious/noExplicitAny: the migrator wants its own driver's type
    await migratePglite(database.db as any, { migrationsFolder });
  }
}

type Sql = postgres.Sql;
type SocketOptions = { host: string[]; port: number[]; path?: string | false };

/**
 * Notices a database that went silent: a partition (or a host gone without closing its connections)
 * leaves open connections waiting for answers that never come, and postgres.js waits with them, for
 * as long as TCP takes to give up (minutes). Statements are counted while they wait; when one waits and
 * no connection has received a byte for `silenceMs` (longer than the statement timeout, after which a
 * live server always answers), every connection is dropped: the waiting statements fail at once and
 * the next ones connect again. Counts bytes with `socket.bytesRead`, so TLS connections count too.
 */
function silenceWatch(silenceMs: number, tickMs = 100) {
  const sockets = new Set<Socket>();
  let waiting = 0;
  let heard = 0;
  let heardAt = 0;
  let timer: NodeJS.Timeout | null = null;

  const bytesHeard = () => {
    let total = 0;
    for (const socket of sockets) {
      if (socket.destroyed) sockets.delete(socket);
      else total += socket.bytesRead;
    }
    return total;
  };

  function tick() {
    const total = bytesHeard();
    const now = performance.now();
    if (total !== heard) {
      heard = total;
      heardAt = now;
    } else if (now - heardAt > silenceMs) {
      for (const socket of sockets) socket.destroy();
      heardAt = now;
    }
  }

  /** Marks a statement as waiting; the returned function marks it done. */
  function start(): () => void {
    if (waiting++ === 0) {
      heard = bytesHeard();
      heardAt = performance.now();
      timer = setInterval(tick, tickMs);
      timer.unref();
    }
    let done = false;
    return () => {
      if (done) return;
      done = true;
      if (--waiting === 0 && timer) {
        clearInterval(timer);
        timer = null;
      }
    };
  }

  /** A pending query that counts as waiting from the moment it is awaited until it settles. */
  function waited<Q extends PromiseLike<unknown>>(query: Q): Q {
    const then = query.then;
    // biome-ignore lint/suspicious/noThenProperty: awaiting a postgres.js query calls its then; this one counts the wait
    (query as { then: PromiseLike<unknown>['then'] }).then = (onFulfilled, onRejected) => {
      const done = start();
      return then
        .call(
          query,
          (value) => {
            done();
            return value;
          },
          (error: unknown) => {
            done();
            throw error;
          },
        )
        .then(onFulfilled, onRejected);
    };
    return query;
  }

  /**
   * The client with its queries counted: `unsafe` (every query Drizzle sends), and the BEGIN and COMMIT
   * of a transaction (from `begin` until its callback runs, and from its end until it settles).
   */
  function track<T extends Sql | postgres.TransactionSql>(sql: T): T {
    return new Proxy(sql, {
      get(target, property, receiver) {
        const value = Reflect.get(target, property, receiver) as unknown;
        if (typeof value !== 'function') return value;
        if (property === 'unsafe')
          return (query: string, parameters: unknown[] = [], options: Record<string, unknown> = {}) =>
            // Drizzle sends every query through `unsafe` and asks for an unnamed statement unless the
            // query was given a name; postgres.js then spends two round trips on a query with parameters
            // (describe, then execute) and PostgreSQL a parse and plan each time. Named (prepared)
            // statements are described and parsed once per connection and then cost one round trip.
            waited(
              value.call(target, query, parameters, { ...options, prepare: true }) as PromiseLike<unknown>,
            );
        if (property === 'begin' || property === 'savepoint')
          return (...args: unknown[]) => {
            const body = args.pop() as (tx: postgres.TransactionSql) => unknown;
            let done = start();
            const settled = (
              value.apply(target, [
                ...args,
                async (tx: postgres.TransactionSql) => {
                  done();
                  try {
                    return await body(track(tx));
                  } finally {
                    done = start();
                  }
                },
              ]) as Promise<unknown>
            ).finally(() => done());
            return settled;
          };
        return value;
      },
    });
  }

  // the connections are opened here, so the watch can count their bytes and drop them
  let attempts = 0;
  const socketOption = {
    socket: (options: SocketOptions) => {
      const index = attempts++ % options.host.length; // several hosts are tried in turn
      const host = options.host[index] ?? 'localhost';
      const port = options.port[index] ?? 5432;
      const socket = options.path ? connect(options.path) : connect(port, host);
      // postgres.js names the server in its errors, and TLS's server name, from these
      Object.assign(socket, { host, port });
      sockets.add(socket);
      return socket;
    },
    // postgres.js takes a `socket` function (its types leave it out)
  } as Record<never, never>;

  return {
    track,
    socketOption,
    stop() {
      if (timer) clearInterval(timer);
      timer = null;
    },
  };
}
