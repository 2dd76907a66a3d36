/**
 * `npm run history -w @comanda/bench`: how long the owner console's order history and reports take on a
 * shop with a few thousand orders (issue 27 item 5). A database of its own on the bench's PostgreSQL
 * (BENCH_DATABASE_URL's server), migrated and seeded with the demo, then HISTORY_ORDERS orders (5000 by
 * default) for Palermo over the last 90 days, written by SQL (items, payments and status events too);
 * the calls go through the app in this process (`inject`, no network), each timed REPEAT times after
 * one warm-up. Prints the median and the worst; the database is dropped at the end.
 */
import { randomBytes } from 'node:crypto';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import postgres from 'postgres';
import { buildApp } from '../../apps/server/src/app.ts';
import { seedDemo } from '../../apps/server/src/db/seed.ts';
import { createMemoryBus } from '../../apps/server/src/platform/bus.ts';
import { createClock } from '../../apps/server/src/platform/clock.ts';
import { migrateDatabase, openDatabase } from '../../apps/server/src/platform/db.ts';
import { defaultPaymentsSetup } from '../../apps/server/src/platform/payments/index.ts';
import { config } from './config.ts';

const NOW = '2026-11-18T15:00:00-03:00';
const ORDERS = Number(process.env.HISTORY_ORDERS ?? 5000);
const REPEAT = Number(process.env.HISTORY_REPEAT ?? 20);
const OWNER = { email: 'encargado@donmateo.com.ar', password: 'donmateo2026' };

const admin = postgres(config.databaseUrl, { max: 1, onnotice: () => {} });
const name = `comanda_history_bench_${randomBytes(4).toString('hex')}`;
await admin.unsafe(`create database ${name}`);
const url = new URL(config.databaseUrl);
url.pathname = `/${name}`;
const database = await openDatabase({ url: url.toString() });

try {
  await migrateDatabase(database);
  await seedDemo(database.db, new Date(NOW));
  const sql = postgres(url.toString(), { max: 1, onnotice: () => {} });
  const started = Date.now();
  // Palermo's orders: one every ~26 minutes back over 90 days, a mix of modes, payments and statuses
  await sql`
    with contact as (select id from branch_contacts where alias = 'donmateo-palermo'),
    modes as (select id, type, row_number() over (order by id) - 1 as n from order_modes where branch_contact_id = (select id from contact)),
    pays as (select id, payment_method, row_number() over (order by id) - 1 as n from payment_types where branch_contact_id = (select id from contact)),
    made as (
      select g,
        ${new Date(NOW)}::timestamptz - (g * interval '90 days' / ${ORDERS}) as at,
        (array['DELIVERED','DELIVERED','DELIVERED','DELIVERED','CANCELED','READY','PAYMENT_EXPIRED'])[1 + g % 7] as status
      from generate_series(1, ${ORDERS}) g
    )
    insert into orders (code, branch_contact_id, order_mode_id, type, status, currency, customer_name, phone,
      ordered_at, payment_type_id, payment_method, items_price, total, accepted_at, ready_at, finished_at, created_at, updated_at)
    select 'BENCH' || lpad(g::text, 7, '0'), (select id from contact), m.id, m.type, made.status, 'ARS',
      'Cliente ' || g, '+54911' || lpad((g % 100000)::text, 8, '0'), made.at, p.id, p.payment_method,
      (10 + g % 40) * 100000, (10 + g % 40) * 100000,
      case when made.status in ('DELIVERED', 'READY') then made.at + interval '3 minutes' end,
      case when made.status in ('DELIVERED', 'READY') then made.at + (15 + g % 20) * interval '1 minute' end,
      case when made.status = 'DELIVERED' then made.at + (40 + g % 30) * interval '1 minute' end,
      made.at, made.at
    from made
    join modes m on m.n = g % (select count(*) from modes)
    join pays p on p.n = g % (select count(*) from pays)`;
  await sql`
    insert into order_items (order_id, reference_id, name, quantity, price_without_discount, acc_price, position)
    select o.id, 1, (array['Muzzarella','Fugazzeta','Napolitana','Empanada de carne','Tiramisú'])[1 + o.id % 5],
      1 + o.id % 3, o.items_price, o.items_price, 0
    from orders o where o.code like 'BENCH%'`;
  await sql`
    insert into status_events (entity, entity_id, order_id, from_status, to_status, actor, created_at)
    select 'ORDER', o.id, o.id, null, 'GENERATED', 'DINER', o.ordered_at from orders o where o.code like 'BENCH%'`;
  await sql`analyze`;
  await sql.end();
  console.log(`seeded ${ORDERS} orders in ${((Date.now() - started) / 1000).toFixed(1)} s`);

  const clock = createClock(NOW);
  const app = await buildApp({
    database,
    bus: createMemoryBus(),
    clock,
    publicUrl: 'http://localhost:3000',
    payments: defaultPaymentsSetup('http://localhost:3000', clock),
    dataDir: join(tmpdir(), `comanda-history-bench-${randomBytes(4).toString('hex')}`),
  });
  await app.ready();
  const login = await app.inject({ method: 'POST', url: '/api/console/login', payload: OWNER });
  const cookie = `staff_session=${login.cookies.find((c) => c.name === 'staff_session')?.value}`;
  const first = await app.inject({ method: 'GET', url: '/api/console/orders', headers: { cookie } });
  const cursor = (JSON.parse(first.body) as { nextCursor: string }).nextCursor;

  const calls: [string, string][] = [
    ['history, first page (30 days)', '/api/console/orders'],
    ['history, page 2 (cursor)', `/api/console/orders?cursor=${encodeURIComponent(cursor)}`],
    ['history, 90 days, status filter', '/api/console/orders?from=2026-08-21&to=2026-11-18&status=CANCELED'],
    ['history, search by name', '/api/console/orders?q=cliente%2012'],
    ['CSV, 30 days', '/api/console/orders.csv'],
    ['report, 30 days', '/api/console/reports'],
    ['report, 90 days', '/api/console/reports?from=2026-08-21&to=2026-11-18'],
  ];
  console.log(`| call | median ms | worst ms | status |\n|---|---|---|---|`);
  for (const [label, path] of calls) {
    let status = 0;
    const times: number[] = [];
    for (let i = 0; i <= REPEAT; i++) {
      const start = performance.now();
      const res = await app.inject({ method: 'GET', url: path, headers: { cookie } });
      const ms = performance.now() - start;
      status = res.statusCode;
      if (i > 0) times.push(ms);
    }
    times.sort((a, b) => a - b);
    const median = times[Math.floor(times.length / 2)] ?? 0;
    console.log(`| ${label} | ${median.toFixed(1)} | ${(times.at(-1) ?? 0).toFixed(1)} | ${status} |`);
  }
  await app.close();
} finally {
  await database.close();
  await admin.unsafe(`drop database if exists ${name} with (force)`);
  await admin.end();
}
