import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
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
});
