import { spawn } from 'node:child_process';
import { mkdtempSync, readdirSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import type { Db } from '../platform/db.ts';
import { DEMO_REFUSED_IN_PRODUCTION, seedDemo, seedIfEmpty } from './seed.ts';

// a database that fails the test if anything reaches it
const untouchable = new Proxy({} as Db, {
  get(_target, property) {
    throw new Error(`the database was used (${String(property)})`);
  },
});

describe('demo data in production', () => {
  it('is never loaded, whoever asks', async () => {
    const production = { NODE_ENV: 'production' };
    await expect(seedDemo(untouchable, new Date(), production)).rejects.toThrow(DEMO_REFUSED_IN_PRODUCTION);
    expect(await seedIfEmpty(untouchable, new Date(), production)).toBe(false);
  });

  it('is refused by `npm run seed`, before it opens the database', async () => {
    const dataDir = mkdtempSync(join(tmpdir(), 'comanda-seed-production-'));
    const child = spawn(process.execPath, ['--import', 'tsx', join(import.meta.dirname, 'seed-cli.ts')], {
      env: { ...process.env, NODE_ENV: 'production', DATA_DIR: dataDir, DATABASE_URL: '' },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let output = '';
    child.stderr?.on('data', (chunk: Buffer) => {
      output += chunk.toString();
    });
    const code = await new Promise<number | null>((resolve) => child.once('exit', resolve));
    expect(code).toBe(1);
    expect(output).toContain(`Refusing to seed: ${DEMO_REFUSED_IN_PRODUCTION}`);
    expect(readdirSync(dataDir)).toEqual([]);
  }, 60_000);
});
