import { type ChildProcess, spawn } from 'node:child_process';
import { mkdtempSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';

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

  it('serves an empty database without loading the demo businesses or their passwords', async () => {
    const port = await freePort();
    child = spawn(process.execPath, ['--import', 'tsx', join(import.meta.dirname, 'main.ts')], {
      env: {
        ...process.env,
        NODE_ENV: 'production',
        PAYMENTS_PROVIDER: 'sandbox',
        SANDBOX_PAYMENTS_SECRET: 'production-test-sandbox-secret',
        MESSAGING_PROVIDER: 'SANDBOX',
        PORT: String(port),
        HOST: '127.0.0.1',
        DATA_DIR: mkdtempSync(join(tmpdir(), 'comanda-production-')),
        DATABASE_URL: '',
        REDIS_URL: '',
        NOW: '',
      },
      stdio: 'ignore',
    });
    const base = `http://127.0.0.1:${port}`;
    let health: Response | null = null;
    for (let attempt = 0; attempt < 120 && !health; attempt++) {
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
  }, 60_000);
});
