import { randomBytes } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import postgres from 'postgres';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { withDatabase } from '../../test/global-setup.ts';
import { type TcpHop, tcpHop } from '../../test/tcp-hop.ts';
import { TEST_NOW } from '../../test/test-now.ts';
import { buildApp } from '../app.ts';
import { createMemoryBus } from './bus.ts';
import { createClock } from './clock.ts';
import { type Database, openDatabase } from './db.ts';

const url = process.env.TEST_DATABASE_URL;
const SPANISH_UNAVAILABLE =
  'El servicio no está disponible en este momento. Volvé a intentarlo en unos segundos.';
/**
 * How soon an answer must come: the timeouts above plus room for a busy machine, still far from the
 * waits this test tells apart (tens of seconds, or as long as the outage).
 */
const ANSWERED_WITHIN_MS = 5_000;

/**
 * PostgreSQL goes away under a running app (through a TCP hop the test cuts): requests are answered 503
 * with Retry-After and a Spanish message as soon as the app's database timeouts run out (1 s to connect,
 * 1.5 s of silence), instead of waiting as long as the outage (or postgres.js's 30 s connect timeout and
 * reconnection pauses growing to 20 s); once the database is back the same app answers again, without
 * a restart.
 */
describe.skipIf(!url)('requests while PostgreSQL is away (postgres)', () => {
  let hop: TcpHop;
  let database: Database;
  let app: FastifyInstance;
  let admin: postgres.Sql;
  const name = `comanda_outage_${randomBytes(6).toString('hex')}`;

  beforeAll(async () => {
    const target = new URL(url as string);
    admin = postgres(url as string, { max: 1, onnotice: () => {} });
    await admin.unsafe(`create database ${name} template ${inject('postgresTemplate')}`);
    hop = tcpHop({ host: target.hostname, port: Number(target.port || 5432) });
    await hop.up();
    database = await openDatabase({ url: hop.url(withDatabase(url as string, name)) });
    app = await buildApp({
      database,
      bus: createMemoryBus(),
      clock: createClock(TEST_NOW),
      publicUrl: 'http://localhost:3000',
    });
    await app.ready();
  });
  afterAll(async () => {
    await app?.close();
    await database?.close();
    await hop?.down();
    await admin.unsafe(`drop database if exists ${name} with (force)`);
    await admin.end();
  });

  const timed = async (path: string) => {
    const started = performance.now();
    const res = await app.inject({ method: 'GET', url: path });
    return { res, ms: performance.now() - started };
  };
  const expectUnavailable = ({ res, ms }: Awaited<ReturnType<typeof timed>>) => {
    expect(res.statusCode, res.body).toBe(503);
    expect(res.headers['retry-after']).toBe('5');
    expect(res.json()).toEqual({ code: 'SERVICE_UNAVAILABLE', message: SPANISH_UNAVAILABLE });
    expect(ms).toBeLessThan(ANSWERED_WITHIN_MS);
  };

  it('answers 503 at once while PostgreSQL refuses connections, and again once it is back', async () => {
    expect((await timed('/api/diner/donmateo-palermo')).res.statusCode).toBe(200);
    await hop.down();
    // one request after another: past the pool's ten fresh connections, postgres.js used to pause
    // longer before each new attempt (up to 20 s), and each request waited for it
    for (let i = 0; i < 16; i++) expectUnavailable(await timed('/api/diner/donmateo-palermo'));
    const health = await timed('/api/health');
    expectUnavailable(health);

    await hop.up();
    const back = await timed('/api/diner/donmateo-palermo');
    expect(back.res.statusCode).toBe(200);
    expect(back.ms).toBeLessThan(ANSWERED_WITHIN_MS);
  });

  it('answers 503 within seconds when PostgreSQL goes silent: new connections and open ones alike', async () => {
    // warm several connections, then nothing comes back on them and new ones never complete
    await Promise.all(
      ['donmateo-palermo', 'donmateo', 'donmateo-belgrano'].map((alias) => timed(`/api/diner/${alias}`)),
    );
    await hop.blackhole();
    const answers = await Promise.all([
      timed('/api/diner/donmateo-palermo'),
      timed('/api/diner/donmateo'),
      timed('/api/diner/branchordermodes/1'),
      timed('/api/health'),
    ]);
    for (const answer of answers) expectUnavailable(answer);
    // the silent connections were dropped: once the network is back the app answers again
    await hop.down();
    await hop.up();
    const back = await timed('/api/diner/donmateo-palermo');
    expect(back.res.statusCode, back.res.body).toBe(200);
  });
});
