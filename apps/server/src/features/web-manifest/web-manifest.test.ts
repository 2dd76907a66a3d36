import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { expectApiError, getJson } from '../../../test/http.ts';
import { createTestApp, databaseKinds, type TestApp } from '../../../test/test-app.ts';

describe.each(databaseKinds)('web app manifest on %s', (kind) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp(kind);
  });
  afterAll(() => t.close());

  it('names the branch and contact, starts at its menu and takes the theme colours', async () => {
    const res = await getJson(t.app, '/api/diner/kenzo-nunez/manifest.webmanifest');
    expect(res.status).toBe(200);
    expect(res.headers['content-type']).toContain('application/manifest+json');
    expect(res.body).toMatchObject({
      name: 'Kenzo Sushi · Kenzo Núñez',
      start_url: '/menu/kenzo-nunez?utm_source=pwa',
      display: 'standalone',
      lang: 'es',
      theme_color: '#00897B',
    });
    expect(res.body.icons[0].src).toMatch(/\.svg$/);
  });

  it('answers 404 for an unknown alias and 400 for a malformed one', async () => {
    expectApiError(await getJson(t.app, '/api/diner/nadie/manifest.webmanifest'), 404);
    expectApiError(await getJson(t.app, '/api/diner/a%20b/manifest.webmanifest'), 400);
  });
});
