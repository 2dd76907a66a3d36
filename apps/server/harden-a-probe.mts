import { sql } from 'drizzle-orm';
import { openDatabase } from './src/platform/db.ts';
import { tcpHop } from './test/tcp-hop.ts';
const hop = tcpHop({ host: '127.0.0.1', port: 5432 });
await hop.up();
const database = await openDatabase({ url: hop.url('postgres://postgres@127.0.0.1:5432/postgres') });
const time = async (label: string) => {
  const t = Date.now();
  try { await database.db.execute(sql`select 1`); console.log(label, 'ok', Date.now() - t); }
  catch (e) { const c = (e as {cause?: {code?: string; message?: string}}).cause; console.log(label, 'error', c?.code, c?.message, Date.now() - t); }
};
const tx = async (label: string) => {
  const t = Date.now();
  try { await database.db.transaction(async (tx) => { await tx.execute(sql`select 1`); }); console.log(label, 'ok', Date.now() - t); }
  catch (e) { console.log(label, 'error', (e as Error).message.slice(0, 80), Date.now() - t); }
};
await time('warm');
await Promise.all([time('w1'), time('w2'), time('w3')]);
await hop.down();
for (let i = 0; i < 6; i++) await time(`down ${i}`);
await hop.up();
await time('up');
await hop.blackhole();
await Promise.all([time('blackhole warm a'), time('blackhole warm b'), tx('blackhole tx')]);
await time('blackhole new');
await hop.down(); await hop.up();
for (let i = 0; i < 3; i++) await time(`up ${i}`);
await tx('tx up');
await time('slow ok?');
try { await database.db.execute(sql`select pg_sleep(2)`); } catch (e) { console.log('sleep2', (e as {cause?: {code?: string; message?: string}}).cause?.message); }
await database.close();
await hop.down();
