import { Writable } from 'node:stream';
import { DrizzleQueryError } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TEST_NOW } from '../../test/test-now.ts';
import { buildApp } from '../app.ts';
import { createMemoryBus } from './bus.ts';
import { createClock } from './clock.ts';
import type { Database, Db } from './db.ts';
import { redactText, redactUrl, serializeError } from './log-redaction.ts';

const CODE = 'DMP7HV2N4D';
const PHONE = '+5491155550101';

describe('redactUrl', () => {
  it.each([
    [`/api/diner/donmateo-palermo/order/${CODE}`, '/api/diner/donmateo-palermo/order/…'],
    [`/api/events/order/donmateo-palermo/${CODE}`, '/api/events/order/donmateo-palermo/…'],
    [`/api/events/tracking/donmateo-palermo/${CODE}`, '/api/events/tracking/donmateo-palermo/…'],
    [
      `/api/logisticsorder/tracking/donmateo-palermo/${CODE}`,
      '/api/logisticsorder/tracking/donmateo-palermo/…',
    ],
    [`/api/callback/transbank/donmateo-palermo/${CODE}`, '/api/callback/transbank/donmateo-palermo/…'],
    [`/api/survey/order/${CODE}`, '/api/survey/order/…'],
    [`/api/survey/${CODE}`, '/api/survey/…'],
    ['/api/orderingcustomer/%2B5491155550101?branchId=3', '/api/orderingcustomer/…?…'],
    ['/api/branch/3/loyalty-points/history/%2B5491155550101', '/api/branch/3/loyalty-points/history/…'],
    ['/api/diner/customer/%2B5491155550101/loyalty-reward/2', '/api/diner/customer/…/loyalty-reward/2'],
    ['/api/recovery/cart/5491155550101/7', '/api/recovery/cart/…/7'],
    ['/api/payments/sandbox/checkout/eyJhIjoxfQ.c2ln', '/api/payments/sandbox/checkout/…'],
    [`/menu/donmateo-palermo/order/${CODE}`, '/menu/donmateo-palermo/order/…'],
    [`/MENU/donmateo-palermo/order/${CODE}/`, '/MENU/donmateo-palermo/order/…/'],
    [`/encuesta/donmateo-palermo/${CODE}`, '/encuesta/donmateo-palermo/…'],
    [`/logistics/tracking/order/donmateo-palermo/${CODE}`, '/logistics/tracking/order/donmateo-palermo/…'],
    // a phone anywhere, however it is written; query strings are never shown
    ['/api/anything/11%205555-0101', '/api/anything/…'],
    ['/api/rider/bc/phone?branchContactId=1&phone=1155550101', '/api/rider/bc/phone?…'],
    // everything else is kept as it is
    ['/api/diner/donmateo-palermo/menu/12', '/api/diner/donmateo-palermo/menu/12'],
    ['/menu/donmateo-palermo/Delivery', '/menu/donmateo-palermo/Delivery'],
    ['/assets/index-DrKQpFal.js', '/assets/index-DrKQpFal.js'],
    ['/api/shipments/123456', '/api/shipments/123456'],
  ])('%s → %s', (url, expected) => {
    expect(redactUrl(url)).toBe(expected);
  });
});

describe('serializeError', () => {
  it('keeps what a failed query says, without its parameters, values or phones', () => {
    const cause = Object.assign(
      new Error('duplicate key value violates unique constraint "customers_phone"'),
      {
        name: 'PostgresError',
        code: '23505',
        detail: `Key (phone)=(${PHONE}) already exists.`,
        constraint_name: 'customers_phone',
      },
    );
    const error = new DrizzleQueryError(
      'insert into customers (phone, code) values ($1, $2)',
      [PHONE, CODE],
      cause,
    );
    const text = JSON.stringify(serializeError(error));
    expect(text).not.toContain(PHONE);
    expect(text).not.toContain(CODE);
    expect(text).not.toContain('5491155550101');
    expect(text).toContain('insert into customers (phone, code) values ($1, $2)');
    expect(text).toContain('customers_phone');
    expect(text).toContain('23505');
  });

  it('hides phones in free text but keeps dates, addresses and line numbers', () => {
    expect(redactText(`no customer ${PHONE} at 127.0.0.1:5432 on 2026-11-18 (app.ts:123:45)`)).toBe(
      'no customer … at 127.0.0.1:5432 on 2026-11-18 (app.ts:123:45)',
    );
  });
});

describe('what the log shows of requests and errors', () => {
  let app: FastifyInstance;
  const lines: string[] = [];
  // the calls below either need no database or fail, which is logged too
  const noDatabase: Database = { db: {} as Db, kind: 'pglite', close: async () => {} };

  beforeAll(async () => {
    app = await buildApp({
      database: noDatabase,
      bus: createMemoryBus(),
      clock: createClock(TEST_NOW),
      publicUrl: 'http://localhost:3000',
      logger: true, // development: a line per request, and errors
      logStream: new Writable({
        write(chunk, _encoding, done) {
          lines.push(...String(chunk).split('\n').filter(Boolean));
          done();
        },
      }),
    });
    app.get('/api/test/failed-query', async () => {
      const cause = Object.assign(new Error('relation "customers" is locked'), { code: 'XX000' });
      throw new DrizzleQueryError(
        'select * from customers where phone = $1 and code = $2',
        [PHONE, CODE],
        cause,
      );
    });
    await app.ready();
  });
  afterAll(() => app.close());

  it('writes no order code and no phone, and logs each 500 with its request id', async () => {
    const urls = [
      `/api/diner/donmateo-palermo/order/${CODE}`,
      `/api/events/order/donmateo-palermo/${CODE}`,
      `/api/logisticsorder/tracking/donmateo-palermo/${CODE}`,
      `/api/orderingcustomer/${encodeURIComponent(PHONE)}?branchId=1`,
      `/api/rider/bc/phone?branchContactId=1&phone=${encodeURIComponent(PHONE)}`,
      `/menu/donmateo-palermo/order/${CODE}`,
    ];
    for (const url of urls) await app.inject({ method: 'GET', url });
    const failed = await app.inject({ method: 'GET', url: `/api/test/failed-query?phone=${PHONE}` });
    expect(failed.statusCode).toBe(500);

    const log = lines.join('\n');
    expect(lines.length).toBeGreaterThan(urls.length); // a line per request at least
    expect(log).not.toContain(CODE);
    expect(log).not.toContain('5491155550101');
    expect(log).toContain('/api/diner/donmateo-palermo/order/…');
    const entries = lines.map((line) => JSON.parse(line) as Record<string, unknown>);
    const errorLine = entries.find((entry) => entry.url === '/api/test/failed-query?…');
    expect(errorLine).toMatchObject({ level: 50, method: 'GET', reqId: failed.headers['x-request-id'] });
    expect(JSON.stringify(errorLine)).toContain('select * from customers where phone = $1');
  });
});
