import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { STOREFRONT_CHANGE_EVENT, storefrontChannel } from '@comanda/core';
import { count, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { callApi, expectApiError, getJson } from '../../../test/http.ts';
import { asStaff, DONMATEO_COOK, DONMATEO_OWNER, KENZO_OWNER, staffCookie } from '../../../test/staff.ts';
import { createTestApp, databaseKinds, type TestApp } from '../../../test/test-app.ts';
import * as t from '../../db/schema.ts';

const DON_MATEO_LIGHT = {
  mainColor: '#C62828',
  buttonBorderedColor: '#C62828',
  promotionalBannerColor: '#8E1B1B',
  mainBackground: '#FFF8F1',
  mainText: '#1C1C1C',
  descriptionText: '#5C5248',
};

/** A tiny build (the real index.html, a manifest naming the menu chunk), so the page shell runs. */
function writeFakeBuild(): string {
  const dir = mkdtempSync(join(tmpdir(), 'comanda-brand-web-'));
  writeFileSync(
    join(dir, 'index.html'),
    readFileSync(new URL('../../../../web/index.html', import.meta.url), 'utf8'),
  );
  mkdirSync(join(dir, 'assets'));
  writeFileSync(join(dir, 'assets', 'index-1.js'), 'console.log(1)');
  mkdirSync(join(dir, '.vite'));
  writeFileSync(
    join(dir, '.vite', 'manifest.json'),
    JSON.stringify({
      'index.html': { file: 'assets/index-1.js', isEntry: true },
      'src/features/menu/menu-page.tsx': { file: 'assets/menu-page-1.js', imports: ['index.html'] },
    }),
  );
  return dir;
}

describe.each(databaseKinds)('the shop’s brand (%s)', (kind) => {
  let test: TestApp;
  let webDist: string;
  let owner: string;
  beforeAll(async () => {
    webDist = writeFakeBuild();
    test = await createTestApp(kind, { webDist });
    owner = await staffCookie(test.app, DONMATEO_OWNER);
  });
  afterAll(async () => {
    await test.close();
    rmSync(webDist, { recursive: true, force: true });
  });

  const get = (cookie = owner) => asStaff(test.app, cookie, 'GET', '/api/console/brand');
  const put = (body: unknown, cookie = owner) => asStaff(test.app, cookie, 'PUT', '/api/console/brand', body);
  const brandChanges = async () => {
    const [row] = await test.database.db
      .select({ n: count() })
      .from(t.backOfficeChanges)
      .where(eq(t.backOfficeChanges.area, 'BRAND'));
    return row?.n ?? 0;
  };

  it('answers the demo brand to its owner', async () => {
    const res = await get();
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({
      branchName: 'Pizzería Don Mateo',
      colorModeType: 'LIGHT',
      light: DON_MATEO_LIGHT,
      dark: { mainColor: '#EF5350', mainBackground: '#272524', mainText: '#FFFFFF' },
      fontFamily: null,
      logoUrl: '/demo/donmateo.svg',
      horizontalLogoUrl: null,
      bannerUrl: '/demo/donmateo-banner.svg',
      social: { instagram: 'pizzeriadonmateo', facebook: 'pizzeriadonmateo' },
      customMessage: 'Masa madre y horno de piedra desde 1987.',
      showPoweredBy: true,
    });
    expect(res.body.shops.map((shop: { alias: string }) => shop.alias)).toContain('donmateo-palermo');
  });

  it('changes what the storefront shows, keeps the rest of the settings and tells open menus', async () => {
    const contact = (await getJson(test.app, '/api/diner/donmateo-palermo')).body.info;
    const before = contact.branch.generalConfig;
    expect((await test.app.inject({ url: '/menu/donmateo-palermo/Delivery' })).body).toContain(
      '<meta name="theme-color" content="#C62828" />',
    );
    const pings: unknown[] = [];
    const stop = await test.app.deps.bus.subscribe(storefrontChannel(contact.id), (message) => {
      if (message.event === STOREFRONT_CHANGE_EVENT) pings.push(message.payload);
    });

    const res = await put({
      colorModeType: 'LIGHT',
      light: { ...DON_MATEO_LIGHT, mainColor: '#1565c0', promotionalBannerColor: '#0D47A1' },
      dark: { mainColor: '#90CAF9' },
      fontFamily: 'Georgia',
      logoUrl: '/files/photos/0123456789abcdef.webp',
      horizontalLogoUrl: 'https://cdn.example.com/donmateo-horizontal.png',
      bannerUrl: null,
      social: { instagram: 'https://www.instagram.com/donmateo.pizza/?hl=es', facebook: '' },
      customMessage: '  Horno de piedra desde 1987.  ',
      showPoweredBy: false,
    });
    await stop();
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({
      light: { mainColor: '#1565C0', promotionalBannerColor: '#0D47A1' },
      dark: { mainColor: '#90CAF9', mainBackground: '#272524' },
      fontFamily: 'Georgia',
      logoUrl: '/files/photos/0123456789abcdef.webp',
      horizontalLogoUrl: 'https://cdn.example.com/donmateo-horizontal.png',
      bannerUrl: null,
      social: { instagram: 'donmateo.pizza', facebook: null },
      customMessage: 'Horno de piedra desde 1987.',
      showPoweredBy: false,
    });

    for (const alias of ['donmateo', 'donmateo-palermo']) {
      const answer = (await getJson(test.app, `/api/diner/${alias}`)).body.info;
      const branch = alias === 'donmateo' ? answer : answer.branch;
      expect(branch.generalConfig.colorConfig.light.mainColor, alias).toBe('#1565C0');
      expect(branch.generalConfig.colorConfig.dark.mainColor, alias).toBe('#90CAF9');
      expect(branch.generalConfig).toMatchObject({
        fontFamily: 'Georgia',
        showPoweredBy: false,
        menuConfig: before.menuConfig,
      });
      expect(branch).toMatchObject({
        customLogoURL: '/files/photos/0123456789abcdef.webp',
        withCustomLogo: true,
        withCustomHorizontalLogo: true,
        withCustomBannerLogo: false,
        customBannerURL: null,
        social: { instagram: 'donmateo.pizza' },
        customMessage: 'Horno de piedra desde 1987.',
      });
      expect(branch.social).not.toHaveProperty('facebook');
    }
    // the page shell's per-alias data was dropped: the first paint has the new colour and no banner
    const html = (await test.app.inject({ url: '/menu/donmateo-palermo/Delivery' })).body;
    expect(html).toContain('<meta name="theme-color" content="#1565C0" />');
    expect(html).not.toContain('donmateo-banner.svg');
    expect(pings).toEqual([{ branchContactId: contact.id }]);

    const changes = (await asStaff(test.app, owner, 'GET', '/api/console/changes')).body;
    expect(changes[0]).toMatchObject({
      area: 'BRAND',
      summary:
        'Cambió la marca: colores, letra, logo, logo horizontal, banner, redes, mensaje y "Hecho con Comanda".',
      staffName: 'Encargado Don Mateo',
      createdAt: expect.any(String),
    });
  });

  it('changes only what a script sends, and logs nothing when nothing changed', async () => {
    const logged = await brandChanges();
    const same = await put({ fontFamily: 'Georgia', showPoweredBy: false });
    expect(same.status).toBe(200);
    expect(await brandChanges()).toBe(logged);

    const res = await put({ showPoweredBy: true, colorModeType: 'DARK' });
    expect(res.body).toMatchObject({ showPoweredBy: true, colorModeType: 'DARK', fontFamily: 'Georgia' });
    expect(res.body.light.mainColor).toBe('#1565C0');
    const branch = (await getJson(test.app, '/api/diner/donmateo')).body.info;
    expect(branch.generalConfig).not.toHaveProperty('showPoweredBy');
    expect(branch.generalConfig.colorConfig.colorModeType).toBe('DARK');
    const [last] = (await asStaff(test.app, owner, 'GET', '/api/console/changes')).body;
    expect(last.summary).toBe('Cambió la marca: modo de color y "Hecho con Comanda".');
    expect(await brandChanges()).toBe(logged + 1);
  });

  it('refuses bad input in Spanish, naming each field, and writes nothing', async () => {
    const before = (await get()).body;
    const logged = await brandChanges();
    const cases: [unknown, { path: string; message: string }[]][] = [
      [
        { colour: '#FFFFFF' },
        [{ path: '', message: 'No conocemos el campo "colour". Revisá los datos de la marca.' }],
      ],
      [
        { light: { mainColor: '#FFF', accent: '#000000' } },
        [
          { path: 'light.mainColor', message: 'Ingresá un color en formato #RRGGBB (por ejemplo, #C62828).' },
          { path: 'light', message: 'No conocemos el campo "accent". Revisá los datos de la marca.' },
        ],
      ],
      [
        { light: { ...DON_MATEO_LIGHT, mainText: '#BBBBBB', descriptionText: '#DDDDDD' } },
        [
          {
            path: 'light.mainText',
            message:
              'En el modo claro, el texto principal no se lee bien sobre el fondo (contraste 1,8:1; hace falta 4,5:1).',
          },
          {
            path: 'light.descriptionText',
            message:
              'En el modo claro, el texto de las descripciones no se lee bien sobre el fondo (contraste 1,2:1; hace falta 4,5:1).',
          },
        ],
      ],
      [
        { customMessage: 'a'.repeat(201) },
        [{ path: 'customMessage', message: 'El mensaje puede tener hasta 200 caracteres.' }],
      ],
      [
        { logoUrl: 'http://example.com/logo.png', bannerUrl: 'javascript:alert(1)' },
        [
          {
            path: 'logoUrl',
            message: 'El logo tiene que ser una foto subida o una dirección que empiece con https://.',
          },
          {
            path: 'bannerUrl',
            message: 'El banner tiene que ser una foto subida o una dirección que empiece con https://.',
          },
        ],
      ],
      [
        { social: { instagram: 'https://www.facebook.com/donmateo' } },
        [
          {
            path: 'social.instagram',
            message: 'Ingresá tu usuario de Instagram (por ejemplo, @tulocal) o el enlace a tu perfil.',
          },
        ],
      ],
      [{ fontFamily: 'Comic Sans MS' }, [{ path: 'fontFamily', message: 'Elegí una letra de la lista.' }]],
      [{ colorModeType: 'SEPIA' }, [{ path: 'colorModeType', message: 'Elegí el modo claro o el oscuro.' }]],
      [
        { showPoweredBy: 'no' },
        [{ path: 'showPoweredBy', message: 'Indicá si querés mostrar "Hecho con Comanda" (sí o no).' }],
      ],
      [[1, 2], [{ path: '', message: 'Mandá los datos de la marca como un objeto JSON.' }]],
    ];
    for (const [body, errors] of cases) {
      const res = await put(body);
      expectApiError(res, 400, 'BAD_REQUEST');
      expect(res.body.message, JSON.stringify(body)).toBe(errors[0]?.message);
      expect(res.body.errors, JSON.stringify(body)).toEqual(errors);
    }
    expect((await get()).body).toEqual(before);
    expect(await brandChanges()).toBe(logged);
  });

  it('lets only the branch’s owner read or change its brand', async () => {
    const cook = await staffCookie(test.app, DONMATEO_COOK);
    for (const res of [await get(cook), await put({ showPoweredBy: false }, cook)]) {
      expectApiError(res, 403, 'FORBIDDEN');
      expect(res.body.message).toBe('Solo el dueño del local puede cambiar esto.');
    }
    expectApiError(await callApi(test.app, 'GET', '/api/console/brand'), 401, 'UNAUTHORIZED');
    expectApiError(
      await callApi(test.app, 'PUT', '/api/console/brand', { payload: {} }),
      401,
      'UNAUTHORIZED',
    );

    // another shop's owner only ever reaches their own branch's brand
    const kenzo = await staffCookie(test.app, KENZO_OWNER);
    const theirs = await get(kenzo);
    expect(theirs.body).toMatchObject({ branchName: 'Kenzo Sushi', colorModeType: 'DARK' });
    const donMateo = (await get()).body;
    expect((await put({ customMessage: 'Sushi fresco' }, kenzo)).status).toBe(200);
    expect((await get()).body).toEqual(donMateo);
  });

  it('lets a shop whose other mode reads badly still change its logo, and shows the problem when it edits it', async () => {
    const kenzo = await staffCookie(test.app, KENZO_OWNER);
    expect((await put({ logoUrl: null }, kenzo)).status).toBe(200);
    const res = await put({ dark: { mainColor: '#00897B' } }, kenzo);
    expectApiError(res, 400, 'BAD_REQUEST');
    expect(res.body.errors).toEqual([
      {
        path: 'dark.mainColor',
        message:
          'En el modo oscuro, el texto de los botones no se lee bien sobre el color principal (contraste 4,3:1; hace falta 4,5:1).',
      },
    ]);
  });
});
