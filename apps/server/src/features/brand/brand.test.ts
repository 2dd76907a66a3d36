import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import type { AddressInfo } from 'node:net';
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
      // none by default
      supportChat: null,
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

  it('sets the support chat from what the owner pastes, shows it to diners, changes and removes it', async () => {
    const CRISP_ID = '1c0e2f5a-7b3d-4c8e-9f10-2a3b4c5d6e7f';
    const storefrontChat = async () =>
      (await getJson(test.app, '/api/diner/donmateo-palermo')).body.info.branch.generalConfig.supportChat;
    const followUpChat = async () =>
      (await getJson(test.app, '/api/diner/donmateo-palermo/order/DMP8QN5T4R')).body.branchContact
        .supportChat;
    expect(await storefrontChat()).toBeUndefined();
    expect(await followUpChat()).toBeNull();

    // Crisp's installation snippet, pasted whole: only the website id is kept
    const snippet = `<script type="text/javascript">window.$crisp=[];window.CRISP_WEBSITE_ID="${CRISP_ID.toUpperCase()}";(function(){d=document;s=d.createElement("script");s.src="https://client.crisp.chat/l.js";s.async=1;d.getElementsByTagName("head")[0].appendChild(s);})();</script>`;
    const set = await put({ supportChat: { provider: 'CRISP', siteId: snippet } });
    expect(set.status).toBe(200);
    expect(set.body.supportChat).toEqual({ provider: 'CRISP', siteId: CRISP_ID });
    expect(await storefrontChat()).toEqual({ provider: 'CRISP', siteId: CRISP_ID });
    expect(await followUpChat()).toEqual({ provider: 'CRISP', siteId: CRISP_ID });
    const [first] = (await asStaff(test.app, owner, 'GET', '/api/console/changes')).body;
    expect(first.summary).toBe('Cambió la marca: chat de ayuda.');

    // the same again changes nothing; Tawk.to's direct chat link replaces it
    const logged = await brandChanges();
    expect((await put({ supportChat: { provider: 'CRISP', siteId: CRISP_ID } })).status).toBe(200);
    expect(await brandChanges()).toBe(logged);
    const tawk = await put({
      supportChat: { provider: 'TAWK', siteId: 'https://tawk.to/chat/5bc5c42d61d0b77092515e90/1h2k3m4n5' },
    });
    expect(tawk.body.supportChat).toEqual({ provider: 'TAWK', siteId: '5bc5c42d61d0b77092515e90/1h2k3m4n5' });
    expect(await followUpChat()).toEqual(tawk.body.supportChat);

    // none again: the key is gone, as for a shop that never had one
    const none = await put({ supportChat: null });
    expect(none.body.supportChat).toBeNull();
    expect(await storefrontChat()).toBeUndefined();
    const [branch] = await test.database.db
      .select({ generalConfig: t.branches.generalConfig })
      .from(t.branches)
      .where(eq(t.branches.alias, 'donmateo'));
    expect(branch?.generalConfig).not.toHaveProperty('supportChat');
    expect(await brandChanges()).toBe(logged + 2);
  });

  it('answers the support page of an order: its shop and its chat; an unknown code is a Spanish 404', async () => {
    const res = await getJson(test.app, '/api/diner/support/dmp8qn5t4r');
    expect(res.status).toBe(200);
    expect(res.headers['cache-control']).toBe('no-store');
    expect(res.body).toEqual({
      orderCode: 'DMP8QN5T4R',
      followUpPath: '/menu/donmateo-palermo/order/DMP8QN5T4R',
      shop: {
        alias: 'donmateo-palermo',
        name: 'Don Mateo Palermo',
        logoUrl: expect.any(String),
        whatsAppPhone: expect.any(String),
      },
      supportChat: null,
    });
    expect(
      (await put({ supportChat: { provider: 'TAWK', siteId: '5bc5c42d61d0b77092515e90' } })).status,
    ).toBe(200);
    expect((await getJson(test.app, '/api/diner/support/DMP8QN5T4R')).body.supportChat).toEqual({
      provider: 'TAWK',
      siteId: '5bc5c42d61d0b77092515e90/default',
    });
    expect((await put({ supportChat: null })).status).toBe(200);
    for (const code of ['NOEXISTE99', 'a', '<script>', '%00']) {
      const missing = await getJson(test.app, `/api/diner/support/${encodeURIComponent(code)}`);
      expectApiError(missing, 404, 'NOT_FOUND');
      expect(missing.body.message).toBe('No encontramos este pedido. Revisá el link que recibiste.');
    }
  });

  it('serves the pages with a policy that lets the providers’ widgets load, and /soporte as a page', async () => {
    // the headers are written by the app's own server (platform/http-server.ts): a real port
    await test.app.listen({ port: 0, host: '127.0.0.1' });
    const { port } = test.app.server.address() as AddressInfo;
    for (const url of ['/menu/donmateo-palermo/Delivery', '/soporte?referenceId=DMP8QN5T4R', '/soporte']) {
      const res = await fetch(`http://127.0.0.1:${port}${url}`);
      await res.arrayBuffer();
      expect(res.status, url).toBe(200);
      const policy = String(res.headers.get('content-security-policy'));
      expect(policy, url).toMatch(
        /script-src [^;]*https:\/\/client\.crisp\.chat [^;]*https:\/\/\*\.tawk\.to/,
      );
      expect(policy, url).toMatch(/connect-src [^;]*wss:\/\/client\.relay\.crisp\.chat/);
      expect(policy, url).toMatch(/connect-src [^;]*wss:\/\/\*\.tawk\.to/);
    }
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
      [
        { supportChat: { provider: 'ZENDESK', siteId: 'abc' } },
        [
          {
            path: 'supportChat.provider',
            message: 'Elegí el chat de ayuda de la lista (Crisp o Tawk.to), o ninguno.',
          },
        ],
      ],
      [
        { supportChat: 'crisp' },
        [
          {
            path: 'supportChat',
            message: 'Elegí el chat de ayuda de la lista (Crisp o Tawk.to), o ninguno.',
          },
        ],
      ],
      [
        { supportChat: { provider: 'CRISP', siteId: 'mi-sitio' } },
        [
          {
            path: 'supportChat.siteId',
            message:
              'No encontramos el ID del sitio de Crisp. Tiene la forma 12345678-abcd-4ef0-9876-0123456789ab: copialo de las instrucciones de instalación de Crisp.',
          },
        ],
      ],
      [
        { supportChat: { provider: 'TAWK', siteId: 42 } },
        [
          {
            path: 'supportChat.siteId',
            message:
              'No encontramos el ID de la propiedad de Tawk.to. Pegá el enlace directo del chat (https://tawk.to/chat/…) o el código del widget.',
          },
        ],
      ],
      [
        { supportChat: { provider: 'CRISP', siteId: '1c0e2f5a-7b3d-4c8e-9f10-2a3b4c5d6e7f', script: 'x' } },
        [{ path: 'supportChat', message: 'No conocemos el campo "script". Revisá los datos de la marca.' }],
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
