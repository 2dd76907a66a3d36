import { spawnSync } from 'node:child_process';
import { cpSync, mkdtempSync, readdirSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

const serverRoot = fileURLToPath(new URL('../..', import.meta.url));

describe('migrations', () => {
  it('match the schema: generating from it adds no new migration', () => {
    const out = mkdtempSync(join(tmpdir(), 'comanda-migrations-'));
    cpSync(join(serverRoot, 'src/db/migrations'), out, { recursive: true });
    const before = readdirSync(out).filter((f) => f.endsWith('.sql'));
    const result = spawnSync(
      process.execPath,
      [
        join(serverRoot, '../../node_modules/drizzle-kit/bin.cjs'),
        'generate',
        '--dialect=postgresql',
        '--schema=./src/db/schema.ts',
        `--out=${out}`,
        '--casing=snake_case',
      ],
      { cwd: serverRoot, encoding: 'utf8' },
    );
    expect(result.status, result.stderr).toBe(0);
    const after = readdirSync(out).filter((f) => f.endsWith('.sql'));
    expect(after, 'run `npm run db:generate` and commit the new migration').toEqual(before);
  });
});
