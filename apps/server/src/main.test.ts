import { type ChildProcess, spawn } from 'node:child_process';
import { mkdtempSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { DEMO_RIDER_TOKEN } from './db/seed.ts';

async function freePort(): Promise<number> {
  return new Promise((resolve) => {
    const server = createServer().listen(0, '127.0.0.1', () => {
      const { port } = server.address() as { port: number };
      server.close(() => resolve(port));
    });
  });
}

describe('production start', () => {
  let child: ChildProcess | null = null;
  afterAll(() => {
    child?.kill('SIGTERM');
  });

  it('serves an empty database without the demo businesses, their passwords, rider token or orders', async () => {
    const port = await freePort();
    child = spawn(process.execPath, ['--import', 'tsx', join(import.meta.dirname, 'main.ts')], {
      env: {
        ...process.env,
        NODE_ENV: 'production',
        PAYMENTS_PROVIDER: 'sandbox',
        SANDBOX_PAYMENTS_SECRET: 'production-test-sandbox-secret',
        MESSAGING_PROVIDER: 'SANDBOX',
        PAYMENT_CREDENTIALS_KEY: 'b'.repeat(64),
        PORT: String(port),
        HOST: '127.0.0.1',
        DATA_DIR: mkdtempSync(join(tmpdir(), 'comanda-production-')),
        DATABASE_URL: '',
        REDIS_URL: '',
        NOW: '',
        // long enough to look at the drain; production's default is 5 s
        SHUTDOWN_DELAY_MS: '3000',
      },
      stdio: ['ignore', 'pipe', 'ignore'],
    });
    let output = '';
    child.stdout?.on('data', (chunk: Buffer) => {
      output += chunk.toString();
    });
    const base = `http://127.0.0.1:${port}`;
    let health: Response | null = null;
    // a first start creates the embedded database: up to a minute and a half on a busy two-core machine
    for (let attempt = 0; attempt < 360 && !health; attempt++) {
      health = await fetch(`${base}/api/health`).catch(() => null);
      if (!health) await new Promise((resolve) => setTimeout(resolve, 250));
    }
    expect(health?.status).toBe(200);
    expect((await fetch(`${base}/api/diner/donmateo-palermo`)).status).toBe(404);
    const login = await fetch(`${base}/api/console/login`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({ email: 'encargado@donmateo.com.ar', password: 'donmateo2026' }),
    });
    expect(login.status).toBe(401);
    const rider = await fetch(`${base}/api/rider/location`, {
      method: 'PUT',
      headers: { Authorization: `Bearer ${DEMO_RIDER_TOKEN}`, 'Content-Type': 'application/json' },
      body: JSON.stringify({ lat: -34.58, lng: -58.41 }),
    });
    expect(rider.status).toBe(401);
    expect((await fetch(`${base}/api/diner/donmateo-palermo/order/DMP7HV2N4D`)).status).toBe(404);
    // the start log's last entry says where to open the app
    expect(output).toContain(`"msg":"Comanda lista en http://localhost:${port}"`);

    // SIGTERM: not ready at once, still alive and serving during the delay (a second signal changes
    // nothing), then a clean exit
    expect((await fetch(`${base}/api/health/ready`)).status).toBe(200);
    const exited = new Promise<number | null>((resolve) => child?.once('exit', (code) => resolve(code)));
    child.kill('SIGTERM');
    await expect.poll(async () => (await fetch(`${base}/api/health/ready`)).status).toBe(503);
    child.kill('SIGTERM');
    expect((await fetch(`${base}/api/health/live`)).status).toBe(200);
    expect((await fetch(`${base}/api/health`)).status).toBe(200);
    expect(await exited).toBe(0);
    child = null;
  }, 150_000);
});
