import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createAppServer } from './http-server.ts';
import { NotModifiedShortcut } from './not-modified.ts';

const ETAG = 'W/"v1"';
const HEADERS = { 'cache-control': 'no-cache', vary: 'Accept-Encoding' };

describe('conditional GETs answered before routing', () => {
  let shortcut: NotModifiedShortcut;
  let routed: string[];
  let base: string;
  let close: () => Promise<void>;

  beforeAll(async () => {
    const server = createAppServer(
      (request, response) => {
        // stands for the app: it records what reached it and answers 200
        routed.push(`${request.method} ${request.url}`);
        response.writeHead(200, { 'content-type': 'text/plain' }).end('app');
      },
      {},
      { answer: (request, response) => shortcut.answer(request, response) } as NotModifiedShortcut,
    );
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
    close = () => new Promise((resolve) => server.close(() => resolve()));
  });
  afterAll(() => close());
  beforeEach(() => {
    shortcut = new NotModifiedShortcut(2);
    routed = [];
  });

  const get = async (path: string, etag?: string, method = 'GET') => {
    const res = await fetch(`${base}${path}`, { method, headers: etag ? { 'if-none-match': etag } : {} });
    await res.arrayBuffer();
    return res;
  };

  it('answers 304 with the feature headers and the security headers, without the app', async () => {
    shortcut.remember('menu', '/api/diner/a/menu/1', ETAG, HEADERS, Date.now() + 60_000);
    const res = await get('/api/diner/a/menu/1', ETAG);
    expect(res.status).toBe(304);
    expect(res.headers.get('etag')).toBe(ETAG);
    expect(res.headers.get('cache-control')).toBe('no-cache');
    expect(res.headers.get('vary')).toBe('Accept-Encoding');
    expect(res.headers.get('x-content-type-options')).toBe('nosniff');
    expect(res.headers.get('x-frame-options')).toBe('SAMEORIGIN');
    expect(routed).toEqual([]);
  });

  it('leaves to the app another ETag, no ETag, HEAD, another path and a query string', async () => {
    shortcut.remember('menu', '/api/diner/a/menu/1', ETAG, HEADERS, Date.now() + 60_000);
    shortcut.remember('menu', '/api/diner/a/menu/2?x=1', ETAG, HEADERS, Date.now() + 60_000);
    expect((await get('/api/diner/a/menu/1', 'W/"v0"')).status).toBe(200);
    expect((await get('/api/diner/a/menu/1')).status).toBe(200);
    expect((await get('/api/diner/a/menu/1', ETAG, 'HEAD')).status).toBe(200);
    expect((await get('/api/diner/A/menu/1', ETAG)).status).toBe(200);
    expect((await get('/api/diner/a/menu/1?v=2', ETAG)).status).toBe(200);
    expect((await get('/api/diner/a/menu/2?x=1', ETAG)).status).toBe(200);
    expect(routed).toHaveLength(6);
  });

  it('stops answering once the entry expires or its feature forgets it', async () => {
    shortcut.remember('menu', '/expired', ETAG, HEADERS, Date.now() - 1);
    shortcut.remember('menu', '/forgotten', ETAG, HEADERS, Date.now() + 60_000);
    shortcut.remember('other', '/kept', ETAG, HEADERS, Date.now() + 60_000);
    shortcut.forget('menu');
    expect((await get('/expired', ETAG)).status).toBe(200);
    expect((await get('/forgotten', ETAG)).status).toBe(200);
    expect((await get('/kept', ETAG)).status).toBe(304);
  });

  it('keeps a bounded number of entries, dropping the oldest', async () => {
    for (const path of ['/one', '/two', '/three'])
      shortcut.remember('menu', path, ETAG, HEADERS, Date.now() + 60_000);
    expect((await get('/one', ETAG)).status).toBe(200);
    expect((await get('/two', ETAG)).status).toBe(304);
    expect((await get('/three', ETAG)).status).toBe(304);
  });
});
