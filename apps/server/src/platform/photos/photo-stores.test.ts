import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { createServer, type IncomingHttpHeaders, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../config.ts';
import { contentSecurityPolicy } from '../content-security-policy.ts';
import { createPhotoStore, photoImageSources } from './index.ts';
import { createLocalPhotoStore } from './local-store.ts';
import { isPhotoKey, photoKey } from './photo-store.ts';
import { createS3PhotoStore } from './s3-store.ts';

const WEBP = Buffer.from('RIFF\u0000\u0000\u0000\u0000WEBPVP8 fake bytes', 'latin1');

interface RecordedPut {
  method: string;
  path: string;
  headers: IncomingHttpHeaders;
  body: Buffer;
}

/** A local stand-in for an S3-compatible service: records each request and answers `status`. */
async function fakeS3(): Promise<{
  endpoint: string;
  requests: RecordedPut[];
  status: number;
  close(): Promise<void>;
}> {
  const state = {
    endpoint: '',
    requests: [] as RecordedPut[],
    status: 200,
    close: async () => {},
  };
  const server: Server = createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      state.requests.push({
        method: request.method ?? '',
        path: request.url ?? '',
        headers: request.headers,
        body: Buffer.concat(chunks),
      });
      if (state.status === 200) {
        response.writeHead(200, { etag: '"d41d8cd98f00b204e9800998ecf8427e"', 'content-length': '0' }).end();
        return;
      }
      const xml =
        '<?xml version="1.0" encoding="UTF-8"?><Error><Code>InternalError</Code><Message>down</Message></Error>';
      response.writeHead(state.status, { 'content-type': 'application/xml' }).end(xml);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  state.endpoint = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  state.close = () =>
    new Promise<void>((resolve) => {
      server.closeAllConnections();
      server.close(() => resolve());
    });
  return state;
}

describe('content-addressed keys', () => {
  it('are 32 hex digits of the bytes’ SHA-256 and .webp: the same bytes, the same key', () => {
    const key = photoKey(WEBP);
    expect(key).toMatch(/^[0-9a-f]{32}\.webp$/);
    expect(photoKey(Buffer.from(WEBP))).toBe(key);
    expect(photoKey(Buffer.concat([WEBP, Buffer.from('x')]))).not.toBe(key);
    for (const bad of ['../x.webp', `${key}/`, key.toUpperCase(), `${key.slice(0, 31)}.webp`, `a${key}`])
      expect(isPhotoKey(bad), bad).toBe(false);
  });
});

describe('the local photo store', () => {
  let dataDir: string;
  beforeAll(() => {
    dataDir = mkdtempSync(join(tmpdir(), 'comanda-photos-'));
  });
  afterAll(() => rmSync(dataDir, { recursive: true, force: true }));

  it('keeps a photo as one file under DATA_DIR/photos and answers its path on the app', async () => {
    const store = createLocalPhotoStore({ dataDir });
    const key = photoKey(WEBP);
    expect(await store.put(key, WEBP)).toBe(`/files/photos/${key}`);
    expect(await store.put(key, WEBP)).toBe(`/files/photos/${key}`);
    expect(readdirSync(join(dataDir, 'photos'))).toEqual([key]);
    expect(readFileSync(join(dataDir, 'photos', key))).toEqual(WEBP);
    expect(await store.read?.(key)).toEqual(WEBP);
    expect(await store.read?.(photoKey(Buffer.from('other')))).toBeNull();
    expect(await store.read?.('../../etc/passwd')).toBeNull();
    await expect(store.put('../escape.webp', WEBP)).rejects.toThrow(/not a photo key/);
  });
});

describe('the S3 photo store (a local fake service)', () => {
  let s3: Awaited<ReturnType<typeof fakeS3>>;
  const stores: { destroy(): void }[] = [];
  beforeAll(async () => {
    s3 = await fakeS3();
  });
  afterEach(() => {
    s3.requests.length = 0;
    s3.status = 200;
  });
  afterAll(async () => {
    for (const store of stores) store.destroy();
    await s3.close();
  });

  const storeOf = (publicUrl = 'https://fotos.example.com/comanda/') => {
    const store = createS3PhotoStore({
      endpoint: s3.endpoint,
      region: 'us-east-1',
      bucket: 'comanda-fotos',
      accessKeyId: 'test-access-key',
      secretAccessKey: 'test-secret-key',
      publicUrl,
      forcePathStyle: true,
    });
    stores.push(store);
    return store;
  };

  it('puts the WebP at bucket/key with its type and a year of cache, and answers the public URL', async () => {
    const key = photoKey(WEBP);
    const url = await storeOf().put(key, WEBP);
    expect(url).toBe(`https://fotos.example.com/comanda/${key}`);
    expect(s3.requests).toHaveLength(1);
    const [put] = s3.requests;
    expect(put?.method).toBe('PUT');
    expect(put?.path.split('?')[0]).toBe(`/comanda-fotos/${key}`);
    expect(put?.headers['content-type']).toBe('image/webp');
    expect(put?.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    // signed with the configured key (AWS signature version 4)
    expect(put?.headers.authorization).toMatch(/^AWS4-HMAC-SHA256 Credential=test-access-key\//);
    expect(put?.body).toEqual(WEBP);
  });

  it('fails the put when the service answers an error', async () => {
    s3.status = 500;
    await expect(storeOf().put(photoKey(WEBP), WEBP)).rejects.toThrow();
    expect(s3.requests.length).toBeGreaterThanOrEqual(1);
  });
});

describe('choosing the photo store from the configuration', () => {
  it('keeps photos under DATA_DIR by default, with no extra CSP source', async () => {
    const dataDir = mkdtempSync(join(tmpdir(), 'comanda-photos-'));
    try {
      const config = loadConfig({ DATA_DIR: dataDir });
      const store = createPhotoStore(config);
      expect(typeof store.read).toBe('function');
      const key = photoKey(WEBP);
      expect(await store.put(key, WEBP)).toBe(`/files/photos/${key}`);
      expect(readdirSync(join(dataDir, 'photos'))).toEqual([key]);
      expect(photoImageSources(config)).toEqual([]);
    } finally {
      rmSync(dataDir, { recursive: true, force: true });
    }
  });

  it('uses the bucket with PHOTO_STORAGE=s3, and lets the pages show images from its public origin', async () => {
    const s3 = await fakeS3();
    try {
      const config = loadConfig({
        PHOTO_STORAGE: 's3',
        S3_ENDPOINT: s3.endpoint,
        S3_BUCKET: 'fotos',
        S3_ACCESS_KEY_ID: 'key-id',
        S3_SECRET_ACCESS_KEY: 'secret',
        S3_PUBLIC_URL: 'https://cdn.example.com/fotos',
      });
      const store = createPhotoStore(config);
      expect(store.read).toBeUndefined();
      const key = photoKey(WEBP);
      expect(await store.put(key, WEBP)).toBe(`https://cdn.example.com/fotos/${key}`);
      // S3_FORCE_PATH_STYLE defaults to true with an endpoint: the bucket is in the path
      expect(s3.requests[0]?.path.split('?')[0]).toBe(`/fotos/${key}`);
      (store as unknown as { destroy(): void }).destroy();

      expect(photoImageSources(config)).toEqual(['https://cdn.example.com']);
      const csp = contentSecurityPolicy({
        marketingTags: false,
        supportChat: false,
        imgSources: [...config.CSP_IMG_SOURCES, ...photoImageSources(config)],
      });
      expect(csp).toMatch(/img-src [^;]*https:\/\/cdn\.example\.com(?:[ ;]|$)/);
    } finally {
      await s3.close();
    }
  });
});
