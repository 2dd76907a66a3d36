import type { AddressInfo } from 'node:net';
import type { Menu } from '@comanda/core/contract';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { getJson, idsOf } from '../../../test/http.ts';
import { createTestApp, databaseKinds, type TestApp } from '../../../test/test-app.ts';
import { publishCatalogChange } from '../../platform/catalog-events.ts';

describe.each(databaseKinds)('menu served from memory on %s', (kind) => {
  let t: TestApp;
  let url: string;
  beforeAll(async () => {
    t = await createTestApp(kind);
    url = `/api/diner/donmateo-palermo/menu/${(await idsOf(t.app, 'donmateo-palermo')).modeId('Delivery')}`;
  });
  afterAll(() => t.close());

  it('answers gzip and brotli bodies that decode to the same JSON', async () => {
    const plain = await t.app.inject({ url });
    const br = await t.app.inject({ url, headers: { 'accept-encoding': 'br' } });
    const gz = await t.app.inject({ url, headers: { 'accept-encoding': 'gzip, deflate' } });
    expect(br.headers['content-encoding']).toBe('br');
    expect(gz.headers['content-encoding']).toBe('gzip');
    expect(br.rawPayload.length).toBeLessThan(plain.rawPayload.length / 2);
    const { brotliDecompressSync, gunzipSync } = await import('node:zlib');
    expect(JSON.parse(brotliDecompressSync(br.rawPayload).toString())).toEqual(plain.json());
    expect(JSON.parse(gunzipSync(gz.rawPayload).toString())).toEqual(plain.json());
    expect(br.headers.etag).toBe(plain.headers.etag);
  });

  it('keeps answering from memory until the catalogue changes, then reads the new menu', async () => {
    const before = (await getJson(t.app, url)).body;
    await t.database.db.execute(sql`update plates set show_name = 'Muzza' where name = 'Muzzarella'`);
    expect((await getJson(t.app, url)).body).toEqual(before);
    await publishCatalogChange(t.app.deps.bus);
    const after = (await getJson(t.app, url)).body;
    expect(after.categories[0].plates[0].showName).toBe('Muzza');
  });

  it('answers a client that has the current menu before routing, and stops when the catalogue changes', async () => {
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    const base = `http://127.0.0.1:${(t.app.server.address() as AddressInfo).port}`;
    await publishCatalogChange(t.app.deps.bus); // a fresh cache, filled by this test's first request
    const first = await fetch(`${base}${url}`);
    const menu = (await first.json()) as Menu;
    const etag = first.headers.get('etag') as string;
    const answered = vi.spyOn(t.app.notModified, 'answer');
    const again = await fetch(`${base}${url}`, { headers: { 'if-none-match': etag } });
    expect(again.status).toBe(304);
    expect(answered).toHaveLastReturnedWith(true);
    for (const name of ['etag', 'cache-control', 'vary', 'x-content-type-options'])
      expect(again.headers.get(name), name).toBe(first.headers.get(name));

    await t.database.db.execute(sql`update plates set show_name = 'Muzza Grande' where name = 'Muzzarella'`);
    await publishCatalogChange(t.app.deps.bus);
    const changed = await fetch(`${base}${url}`, { headers: { 'if-none-match': etag } });
    expect(changed.status).toBe(200);
    expect(answered).toHaveLastReturnedWith(false);
    expect(changed.headers.get('etag')).not.toBe(etag);
    expect(((await changed.json()) as Menu).categories[0]?.plates[0]?.showName).toBe('Muzza Grande');
    expect(menu.categories[0]?.plates[0]?.showName).not.toBe('Muzza Grande');
    answered.mockRestore();
  });
});
