import {
  copyFileSync,
  existsSync,
  mkdirSync,
  mkdtempSync,
  readFileSync,
  rmSync,
  statSync,
  writeFileSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/test-app.ts';

const publicDir = new URL('../../../../web/public/', import.meta.url);
const demoDir = new URL('../../db/demo/', import.meta.url);

/** Every plate's imageUrl in the demo import files. */
function demoImageUrls(): { plate: string; url: string | undefined }[] {
  const out: { plate: string; url: string | undefined }[] = [];
  for (const file of ['sabores.json', 'aurora.json', 'lacasona.json']) {
    const data = JSON.parse(readFileSync(new URL(file, demoDir), 'utf8'));
    for (const branch of data.branches)
      for (const menu of branch.menus ?? [])
        for (const category of menu.categories)
          for (const plate of category.plates)
            out.push({ plate: `${branch.alias}/${plate.key}`, url: plate.imageUrl });
  }
  return out;
}

describe('demo dish photos', () => {
  it('gives every demo plate a small WebP photo that ships in the web build', () => {
    const urls = demoImageUrls();
    expect(urls.length).toBeGreaterThan(40);
    let total = 0;
    const seen = new Set<string>();
    for (const { plate, url } of urls) {
      expect(url, plate).toMatch(/^\/demo\/dishes\/[a-z0-9-]+\.webp$/);
      const file = new URL(`.${url}`, publicDir);
      expect(existsSync(file), `${plate}: ${url}`).toBe(true);
      const bytes = readFileSync(file);
      // a real WebP (RIFF....WEBP), kept small for phones on mobile data
      expect(bytes.subarray(0, 4).toString('latin1'), plate).toBe('RIFF');
      expect(bytes.subarray(8, 12).toString('latin1'), plate).toBe('WEBP');
      expect(bytes.length, plate).toBeLessThan(40 * 1024);
      if (!seen.has(url as string)) total += statSync(file).size;
      seen.add(url as string);
    }
    expect(total).toBeLessThan(1.5 * 1024 * 1024);
  });
});

describe('serving the demo photos', () => {
  let t: TestApp;
  let webDist: string;
  beforeAll(async () => {
    webDist = mkdtempSync(join(tmpdir(), 'comanda-web-'));
    writeFileSync(join(webDist, 'index.html'), readFileSync(new URL('../index.html', publicDir), 'utf8'));
    mkdirSync(join(webDist, '.vite'));
    writeFileSync(
      join(webDist, '.vite', 'manifest.json'),
      JSON.stringify({ 'index.html': { file: 'assets/index-1.js', isEntry: true } }),
    );
    mkdirSync(join(webDist, 'demo', 'dishes'), { recursive: true });
    copyFileSync(new URL('demo/dishes/flan.webp', publicDir), join(webDist, 'demo', 'dishes', 'flan.webp'));
    copyFileSync(new URL('demo/donmateo.svg', publicDir), join(webDist, 'demo', 'donmateo.svg'));
    t = await createTestApp('pglite', { webDist });
  });
  afterAll(async () => {
    await t.close();
    rmSync(webDist, { recursive: true, force: true });
  });

  it('serves a dish photo as image/webp, cacheable for a day', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/demo/dishes/flan.webp' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('image/webp');
    expect(res.headers['cache-control']).toBe('public, max-age=86400');
    expect(res.rawPayload.subarray(8, 12).toString('latin1')).toBe('WEBP');
  });

  it('keeps revalidating the logos, which a shop may replace under the same name', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/demo/donmateo.svg' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toContain('image/svg+xml');
    expect(res.headers['cache-control']).toBe('no-cache');
  });
});
