import { type ChildProcess, spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { request } from 'node:http';
import { createServer } from 'node:net';
import { join } from 'node:path';
import type { FastifyInstance } from 'fastify';
import postgres from 'postgres';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { withDatabase } from '../test/global-setup.ts';
import { buildOrder, orderContext, postOrder } from '../test/order-payload.ts';
import { SseClient } from '../test/sse-client.ts';
import { asStaff, DONMATEO_OWNER, staffCookie } from '../test/staff.ts';
import { TEST_NOW } from '../test/test-now.ts';
import { openUrl, readyLine } from './cluster.ts';
import { loadConfig } from './platform/config.ts';

const MAIN = join(import.meta.dirname, 'main.ts');
const DATABASE_URL = process.env.TEST_DATABASE_URL;
const REDIS_URL = process.env.TEST_REDIS_URL;

async function freePort(): Promise<number> {
  return new Promise((resolve) => {
    const server = createServer().listen(0, '127.0.0.1', () => {
      const { port } = server.address() as { port: number };
      server.close(() => resolve(port));
    });
  });
}

interface Server {
  child: ChildProcess;
  base: string;
  output: () => string;
  exit: Promise<number | null>;
}

/** `node main.ts` as `npm start` runs it, with its output kept for the assertions. */
function startServer(env: Record<string, string>): Server & { port: string } {
  const child = spawn(process.execPath, ['--import', 'tsx', MAIN], {
    env: {
      ...process.env,
      NODE_ENV: 'test',
      HOST: '127.0.0.1',
      NOW: TEST_NOW,
      // the API only: no web build to read
      WEB_DIST: join(import.meta.dirname, 'no-web-build'),
      PUBLIC_URL: '',
      WORKERS: '',
      ...env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout?.on('data', (chunk: Buffer) => {
    output += chunk.toString();
  });
  child.stderr?.on('data', (chunk: Buffer) => {
    output += chunk.toString();
  });
  const exit = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
  const port = env.PORT ?? '0';
  return { child, base: `http://127.0.0.1:${port}`, output: () => output, exit, port };
}

async function untilServing(server: Server): Promise<void> {
  for (let attempt = 0; attempt < 240; attempt++) {
    const health = await fetch(`${server.base}/api/health`).catch(() => null);
    if (health?.status === 200) return;
    if (server.child.exitCode !== null) break;
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  throw new Error(`the server did not start:\n${server.output()}`);
}

async function stopServer(server: Server | undefined): Promise<void> {
  if (!server || server.child.exitCode !== null || server.child.signalCode !== null) return;
  server.child.kill('SIGTERM');
  await server.exit;
}

/** The test helpers speak app.inject(); these servers are other processes: the same calls over HTTP. */
function overHttp(base: string): FastifyInstance {
  const app = {
    async inject(options: {
      method?: string;
      url: string;
      headers?: Record<string, string>;
      payload?: unknown;
    }) {
      const withBody = options.payload !== undefined;
      const res = await fetch(`${base}${options.url}`, {
        method: options.method ?? 'GET',
        headers: { ...(withBody ? { 'Content-Type': 'application/json' } : {}), ...options.headers },
        ...(withBody ? { body: JSON.stringify(options.payload) } : {}),
      });
      const body = await res.text();
      const cookies = res.headers.getSetCookie().map((header) => {
        const pair = header.split(';')[0] ?? '';
        const equals = pair.indexOf('=');
        return { name: pair.slice(0, equals), value: pair.slice(equals + 1) };
      });
      return {
        statusCode: res.status,
        headers: Object.fromEntries(res.headers),
        body,
        cookies,
        json: () => JSON.parse(body),
      };
    },
  };
  return app as unknown as FastifyInstance;
}

/** A stream request from an address of its own (127.x.y.z), so that no earlier run's count weighs. */
function streamStatus(url: string, localAddress: string): Promise<number> {
  return new Promise((resolve, reject) => {
    const req = request(url, { localAddress, headers: { Accept: 'text/event-stream' } }, (res) => {
      resolve(res.statusCode ?? 0);
      res.destroy();
    });
    req.on('error', reject);
    req.end();
  });
}

describe('the start log', () => {
  it('says where to open the app: PUBLIC_URL when set, else this machine on the port taken', () => {
    expect(readyLine(openUrl({ PUBLIC_URL: 'https://pedidos.donmateo.com.ar' }, 3000))).toBe(
      'Comanda lista en https://pedidos.donmateo.com.ar',
    );
    expect(readyLine(openUrl({}, 3100))).toBe('Comanda lista en http://localhost:3100');
    expect(readyLine(openUrl({ PUBLIC_URL: '' }, 3000), 4)).toBe(
      'Comanda lista en http://localhost:3000 (4 procesos)',
    );
  });
});

describe('WORKERS', () => {
  it('is one process unless told otherwise, and more only on PostgreSQL and Redis', () => {
    expect(loadConfig({}).WORKERS).toBe(1);
    expect(() => loadConfig({ WORKERS: '2' })).toThrow(/WORKERS above 1 needs DATABASE_URL/);
    expect(() => loadConfig({ WORKERS: '2', DATABASE_URL: 'postgres://db/comanda' })).toThrow(/REDIS_URL/);
    const both = { DATABASE_URL: 'postgres://db/comanda', REDIS_URL: 'redis://cache:6379' };
    expect(loadConfig({ WORKERS: '4', ...both }).WORKERS).toBe(4);
    expect(() => loadConfig({ WORKERS: '0', ...both })).toThrow(/WORKERS/);
  });

  it('refuses more than one process on the embedded database, saying what it needs', async () => {
    const server = startServer({
      WORKERS: '2',
      PORT: String(await freePort()),
      DATABASE_URL: '',
      REDIS_URL: '',
    });
    expect(await server.exit).toBe(1);
    expect(server.output()).toContain(
      'WORKERS above 1 needs DATABASE_URL (PostgreSQL: the embedded database belongs to one process) and REDIS_URL',
    );
  }, 60_000);
});

describe.skipIf(!DATABASE_URL || !REDIS_URL)('several server processes on one PostgreSQL and Redis', () => {
  const STREAM_LIMIT = 4;
  let admin: ReturnType<typeof postgres>;
  let database: string;
  let a: Server;
  let b: Server;

  beforeAll(async () => {
    // a fresh copy of the migrated demo database, as every PostgreSQL test gets (test/test-app.ts)
    admin = postgres(DATABASE_URL as string, { max: 1, onnotice: () => {} });
    database = `comanda_test_${randomBytes(6).toString('hex')}`;
    await admin.unsafe(`create database ${database} template ${inject('postgresTemplate')}`);
    const env = {
      DATABASE_URL: withDatabase(DATABASE_URL as string, database),
      REDIS_URL: REDIS_URL as string,
      STREAM_RATE_LIMIT: String(STREAM_LIMIT),
    };
    a = startServer({ ...env, PORT: String(await freePort()) });
    b = startServer({ ...env, PORT: String(await freePort()) });
    await Promise.all([untilServing(a), untilServing(b)]);
  }, 120_000);

  afterAll(async () => {
    await Promise.all([stopServer(a), stopServer(b)]);
    await admin.unsafe(`drop database if exists ${database} with (force)`);
    await admin.end();
  }, 60_000);

  it("shows an order placed on one on the other's follow-up stream, with the status staff set on the first", async () => {
    const onA = overHttp(a.base);
    const takeAway = await orderContext(onA, 'donmateo-palermo', 'Take Away');
    const placed = await postOrder(
      onA,
      buildOrder(takeAway, {
        dishes: [{ plate: 'Muzzarella', size: 'Grande', garnishes: ['Integral', 'Jamón'] }],
        payment: 'CASH',
      }),
    );
    expect(placed.status, JSON.stringify(placed.body)).toBe(201);
    const { id, code } = placed.body.data as { id: number; code: string };

    const stream = await SseClient.open(`${b.base}/api/events/order/donmateo-palermo/${code}`);
    try {
      expect(stream.status).toBe(200);
      expect((await stream.event(0)).data).toMatchObject({ code, status: 'GENERATED' });

      const owner = await staffCookie(onA, DONMATEO_OWNER);
      const accepted = await asStaff(onA, owner, 'PUT', `/api/console/orders/${id}/status`, {
        status: 'ACCEPTED',
        expectedStatus: 'GENERATED',
        preparationMinutes: 25,
      });
      expect(accepted.status, JSON.stringify(accepted.body)).toBe(200);
      // published by A after its commit, through Redis, to the stream B holds open
      await stream.until(() =>
        stream.events.some((e) => (e.data as { status?: string }).status === 'ACCEPTED'),
      );
      expect(stream.events.at(-1)?.data).toMatchObject({ code, status: 'ACCEPTED' });
    } finally {
      stream.close();
    }
  }, 60_000);

  it('holds a per-minute limit across both: the requests split between them get 429 past it', async () => {
    const [x = 0, y = 0, z = 0] = randomBytes(3);
    const client = `127.${1 + (x % 254)}.${y}.${1 + (z % 254)}`;
    const path = '/api/events/order/donmateo-palermo/DMP7HV2N4D';
    const statuses: [string, number][] = [];
    for (let i = 0; i < STREAM_LIMIT + 2; i++) {
      const server = i % 2 === 0 ? a : b;
      statuses.push([server === a ? 'A' : 'B', await streamStatus(`${server.base}${path}`, client)]);
    }
    // each process alone would let 4 through; together they let 4 through in all
    expect(statuses).toEqual([
      ['A', 200],
      ['B', 200],
      ['A', 200],
      ['B', 200],
      ['A', 429],
      ['B', 429],
    ]);
  }, 60_000);

  it('runs WORKERS=2 processes on one port, announces them once, and stops them on SIGTERM', async () => {
    const port = String(await freePort());
    const cluster = startServer({
      WORKERS: '2',
      PORT: port,
      DATABASE_URL: withDatabase(DATABASE_URL as string, database),
      REDIS_URL: REDIS_URL as string,
    });
    try {
      await untilServing(cluster);
      for (let i = 0; i < 120 && !cluster.output().includes('Comanda lista'); i++)
        await new Promise((resolve) => setTimeout(resolve, 250));
      expect(cluster.output()).toContain(`Comanda lista en http://localhost:${port} (2 procesos)`);
      expect(cluster.output().match(/Comanda lista/g)).toHaveLength(1);
      for (let i = 0; i < 6; i++) expect((await fetch(`${cluster.base}/api/health`)).status).toBe(200);
    } finally {
      cluster.child.kill('SIGTERM');
    }
    expect(await cluster.exit).toBe(0);
  }, 120_000);
});
