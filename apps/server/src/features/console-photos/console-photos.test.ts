/**
 * Dish and brand photos (issue 25, item 3): an owner uploads an image, the server keeps a WebP within
 * 1200x1200 under the key of its bytes and serves it back with a year of cache.
 */
import { mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Readable } from 'node:stream';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DONMATEO_COOK, DONMATEO_OWNER, staffCookie } from '../../../test/staff.ts';
import { createTestApp, databaseKinds, type TestApp } from '../../../test/test-app.ts';
import { CROSS_SITE_MESSAGE, OWNER_ONLY_MESSAGE } from '../../platform/auth/face-guard.ts';
import { createLocalPhotoStore, type PhotoStore } from '../../platform/photos/index.ts';

const UNREADABLE = 'El archivo no es una foto que podamos leer. Subí una imagen JPG, PNG o WebP.';
const TOO_LARGE = 'La foto pesa más de 8 MB. Subí una más liviana.';
const IMMUTABLE = 'public, max-age=31536000, immutable';

const picture = (width: number, height: number, seed = 0) =>
  sharp({ create: { width, height, channels: 3, background: { r: 200 - seed, g: 120, b: 60 + seed } } });

function upload(
  test: TestApp,
  options: {
    cookie?: string;
    type?: string;
    body: Buffer | string | Readable;
    headers?: Record<string, string>;
  },
) {
  return test.app.inject({
    method: 'POST',
    url: '/api/console/photos',
    headers: {
      ...(options.cookie ? { cookie: options.cookie } : {}),
      ...(options.type ? { 'content-type': options.type } : {}),
      ...options.headers,
    },
    payload: options.body,
  });
}

describe.each(databaseKinds)('owner photo uploads (%s)', (kind) => {
  let test: TestApp;
  let dataDir: string;
  let owner: string;
  let cook: string;

  beforeAll(async () => {
    dataDir = mkdtempSync(join(tmpdir(), 'comanda-photos-'));
    test = await createTestApp(kind, { photos: createLocalPhotoStore({ dataDir }) });
    owner = await staffCookie(test.app, DONMATEO_OWNER);
    cook = await staffCookie(test.app, DONMATEO_COOK);
  });
  afterAll(async () => {
    await test.close();
    rmSync(dataDir, { recursive: true, force: true });
  });

  const storedFiles = () => readdirSync(join(dataDir, 'photos'));

  it('turns a large JPEG into a WebP within 1200x1200 and serves it with a year of cache', async () => {
    const jpeg = await picture(3000, 2000).jpeg().toBuffer();
    const res = await upload(test, { cookie: owner, type: 'image/jpeg', body: jpeg });
    expect(res.statusCode).toBe(201);
    const body = res.json();
    expect(body).toEqual({
      url: expect.stringMatching(/^\/files\/photos\/[0-9a-f]{32}\.webp$/),
      width: 1200,
      height: 800,
    });
    const name = body.url.split('/').pop();
    expect(storedFiles()).toContain(name);
    const stored = readFileSync(join(dataDir, 'photos', name));
    expect(await sharp(stored).metadata()).toMatchObject({ format: 'webp', width: 1200, height: 800 });

    const served = await test.app.inject({ method: 'GET', url: body.url });
    expect(served.statusCode).toBe(200);
    expect(served.headers['content-type']).toBe('image/webp');
    expect(served.headers['cache-control']).toBe(IMMUTABLE);
    expect(served.headers.etag).toBe(`"${name.slice(0, 32)}"`);
    expect(served.rawPayload.equals(stored)).toBe(true);

    const again = await test.app.inject({
      method: 'GET',
      url: body.url,
      headers: { 'if-none-match': served.headers.etag as string },
    });
    expect(again.statusCode).toBe(304);
    expect(again.rawPayload.length).toBe(0);
    expect(again.headers['cache-control']).toBe(IMMUTABLE);
  });

  it('takes a tall PNG, and the same photo twice is one file under one URL', async () => {
    const png = await picture(2000, 3000, 30).png().toBuffer();
    const first = await upload(test, { cookie: owner, type: 'image/png', body: png });
    expect(first.statusCode).toBe(201);
    expect(first.json()).toMatchObject({ width: 800, height: 1200 });
    const before = storedFiles().length;
    const second = await upload(test, { cookie: owner, type: 'image/png', body: png });
    expect(second.statusCode).toBe(201);
    expect(second.json().url).toBe(first.json().url);
    expect(storedFiles().length).toBe(before);
  });

  it('answers the Spanish 400 for text, a fake PNG, JSON or no body at all, never a 500', async () => {
    const cases = [
      { type: 'text/plain', body: 'hola, soy un texto' },
      { type: 'image/png', body: Buffer.from('\u0089PNG\r\n\u001a\nno es una imagen', 'latin1') },
      { type: 'application/json', body: '{"imageUrl":"https://example.com/x.jpg"}' },
      { type: 'multipart/form-data; boundary=x', body: '--x\r\n\r\nnada\r\n--x--' },
      {
        type: 'image/svg+xml',
        body: '<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>',
      },
      { body: '' },
    ];
    for (const { type, body } of cases) {
      const res = await upload(test, { cookie: owner, ...(type ? { type } : {}), body });
      expect(res.statusCode, type).toBe(400);
      expect(res.json(), type).toEqual({ code: 'BAD_REQUEST', message: UNREADABLE });
    }
  });

  it('refuses a photo over the limit with the Spanish 413, announced or streamed', async () => {
    const big = Buffer.alloc(8 * 1024 * 1024 + 1, 1);
    const announced = await upload(test, { cookie: owner, type: 'image/jpeg', body: big });
    expect(announced.statusCode).toBe(413);
    expect(announced.json()).toEqual({ code: 'PAYLOAD_TOO_LARGE', message: TOO_LARGE });
    // no Content-Length: the count stops at the limit
    const streamed = await upload(test, { cookie: owner, type: 'image/jpeg', body: Readable.from([big]) });
    expect(streamed.statusCode).toBe(413);
    expect(streamed.json()).toEqual({ code: 'PAYLOAD_TOO_LARGE', message: TOO_LARGE });
  });

  it('lets only a signed-in owner upload, and only from the app’s own site', async () => {
    const jpeg = await picture(400, 300, 50).jpeg().toBuffer();
    const anonymous = await upload(test, { type: 'image/jpeg', body: jpeg });
    expect(anonymous.statusCode).toBe(401);
    expect(anonymous.json().code).toBe('UNAUTHORIZED');
    // as the face guards' own test calls every console route
    expect((await upload(test, { type: 'application/json', body: '{}' })).statusCode).toBe(401);

    const byCook = await upload(test, { cookie: cook, type: 'image/jpeg', body: jpeg });
    expect(byCook.statusCode).toBe(403);
    expect(byCook.json()).toEqual({ code: 'FORBIDDEN', message: OWNER_ONLY_MESSAGE });

    const foreign = await upload(test, {
      cookie: owner,
      type: 'image/jpeg',
      body: jpeg,
      headers: { origin: 'https://evil.example' },
    });
    expect(foreign.statusCode).toBe(403);
    expect(foreign.json()).toEqual({ code: 'FORBIDDEN', message: CROSS_SITE_MESSAGE });
    const crossSite = await upload(test, {
      cookie: owner,
      type: 'image/jpeg',
      body: jpeg,
      headers: { 'sec-fetch-site': 'cross-site' },
    });
    expect(crossSite.statusCode).toBe(403);

    const sameSite = await upload(test, {
      cookie: owner,
      type: 'image/jpeg',
      body: jpeg,
      headers: { origin: 'http://localhost:3000', 'sec-fetch-site': 'same-origin' },
    });
    expect(sameSite.statusCode).toBe(201);
  });

  it('serves only exact keys: unknown photos and any other path under /files are a JSON 404', async () => {
    const jpeg = await picture(300, 300, 70).jpeg().toBuffer();
    const { url } = (await upload(test, { cookie: owner, type: 'image/jpeg', body: jpeg })).json();
    const name = url.split('/').pop() as string;
    for (const path of [
      `/files/photos/${'0'.repeat(32)}.webp`,
      `/files/photos/${name.toUpperCase()}`,
      `/files/photos/${name.replace('.webp', '.png')}`,
      `/files/photos/${name}.tmp`,
      '/files/photos/..%2F..%2F..%2Fetc%2Fpasswd',
      '/files/photos/../../../etc/passwd',
      `/files/photos/%2E%2E%2F${name}`,
      '/files/photos/',
      '/files/x',
    ]) {
      const res = await test.app.inject({ method: 'GET', url: path });
      expect(res.statusCode, path).toBe(404);
      expect(res.headers['content-type'], path).toContain('application/json');
      expect(res.json().code, path).toBe('NOT_FOUND');
    }
  });
});

describe('photos beside the web app', () => {
  let test: TestApp;
  let webDist: string;
  let dataDir: string;
  beforeAll(async () => {
    webDist = mkdtempSync(join(tmpdir(), 'comanda-web-'));
    writeFileSync(
      join(webDist, 'index.html'),
      readFileSync(new URL('../../../../web/index.html', import.meta.url), 'utf8'),
    );
    mkdirSync(join(webDist, '.vite'));
    writeFileSync(
      join(webDist, '.vite', 'manifest.json'),
      JSON.stringify({ 'index.html': { file: 'assets/index-1.js', isEntry: true } }),
    );
    dataDir = mkdtempSync(join(tmpdir(), 'comanda-photos-'));
    test = await createTestApp('pglite', { webDist, photos: createLocalPhotoStore({ dataDir }) });
  });
  afterAll(async () => {
    await test.close();
    rmSync(webDist, { recursive: true, force: true });
    rmSync(dataDir, { recursive: true, force: true });
  });

  it('serves a stored photo, and keeps /files out of the web app’s not-found page', async () => {
    const owner = await staffCookie(test.app, DONMATEO_OWNER);
    const jpeg = await picture(500, 400, 90).jpeg().toBuffer();
    const { url } = (await upload(test, { cookie: owner, type: 'image/jpeg', body: jpeg })).json();
    const served = await test.app.inject({ method: 'GET', url });
    expect(served.statusCode).toBe(200);
    expect(served.headers['content-type']).toBe('image/webp');
    for (const path of [
      `/files/photos/${'f'.repeat(32)}.webp`,
      '/files/photos/a/b.webp',
      '/files/logo.png',
    ]) {
      const missing = await test.app.inject({ method: 'GET', url: path });
      expect(missing.statusCode, path).toBe(404);
      expect(missing.headers['content-type'], path).toContain('application/json');
    }
    // the web app's own pages are still its own
    const page = await test.app.inject({ method: 'GET', url: '/console/login' });
    expect(page.headers['content-type']).toContain('text/html');
  });
});

describe('a photo store that fails, and a smaller limit', () => {
  let test: TestApp;
  const failing: PhotoStore = {
    put: async () => {
      throw new Error('bucket away');
    },
  };
  beforeAll(async () => {
    test = await createTestApp('pglite', { photos: failing, photoMaxBytes: 1024 * 1024 });
  });
  afterAll(() => test.close());

  it('answers 503 in Spanish when the photo cannot be stored, and says the configured limit', async () => {
    const owner = await staffCookie(test.app, DONMATEO_OWNER);
    const jpeg = await picture(300, 200).jpeg().toBuffer();
    const failed = await upload(test, { cookie: owner, type: 'image/jpeg', body: jpeg });
    expect(failed.statusCode).toBe(503);
    expect(failed.json()).toEqual({
      code: 'SERVICE_UNAVAILABLE',
      message: 'No pudimos guardar la foto. Probá de nuevo en unos minutos.',
    });
    // a store that serves no files itself (S3): its photos are not under /files here
    expect(
      (await test.app.inject({ method: 'GET', url: `/files/photos/${'a'.repeat(32)}.webp` })).statusCode,
    ).toBe(404);

    const tooLarge = await upload(test, {
      cookie: owner,
      type: 'image/png',
      body: Buffer.alloc(1024 * 1024 + 1),
    });
    expect(tooLarge.statusCode).toBe(413);
    expect(tooLarge.json().message).toBe('La foto pesa más de 1 MB. Subí una más liviana.');
  });
});
