import { type MenuDraft, menuDraftProblems } from '@comanda/core/back-office';
import { count, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { expectApiError, getJson } from '../../../test/http.ts';
import { DONMATEO_COOK, DONMATEO_OWNER, KENZO_OWNER, staffCookie } from '../../../test/staff.ts';
import { createTestApp, databaseKinds, type TestApp } from '../../../test/test-app.ts';
import * as t from '../../db/schema.ts';
import { createInvite } from './invites.ts';

const NEW_SHOP = {
  businessName: 'La Esquina de Ana',
  alias: 'la-esquina',
  shopName: 'La Esquina Villa Crespo',
  country: 'ar',
  whatsAppPhone: '11 5555-0199',
  address: { street: 'Av. Corrientes', number: '5400', city: 'CABA' },
  location: { lat: -34.5985, lng: -58.4393 },
  owner: { name: 'Ana Ríos', email: 'ana@laesquina.com.ar', password: 'empanadas2026' },
};

type Method = 'GET' | 'PUT' | 'POST' | 'DELETE';

function caller(test: () => TestApp) {
  return async (
    method: Method,
    url: string,
    cookie?: string,
    payload?: unknown,
    remoteAddress = '127.0.0.1',
  ) => {
    const res = await test().app.inject({
      method,
      url,
      remoteAddress,
      headers: cookie ? { cookie } : {},
      ...(payload === undefined ? {} : { payload: payload as object }),
    });
    return { status: res.statusCode, body: res.body ? res.json() : null, cookies: res.cookies };
  };
}

const sessionOf = (res: { cookies: { name: string; value: string }[] }) =>
  `staff_session=${res.cookies.find((c) => c.name === 'staff_session')?.value}`;

async function rowCounts(test: TestApp) {
  const db = test.database.db;
  const [companies] = await db.select({ n: count() }).from(t.companies);
  const [contacts] = await db.select({ n: count() }).from(t.branchContacts);
  const [staff] = await db.select({ n: count() }).from(t.staffAccounts);
  return { companies: companies?.n, contacts: contacts?.n, staff: staff?.n };
}

const firstPlate = {
  key: 'plate-new-1',
  name: 'Empanada de carne',
  description: 'Cortada a cuchillo',
  price: 1800,
  imageUrl: null,
  visible: true,
  outOfStock: false,
  indicators: [],
  sizes: [],
  garnishGroups: [
    {
      name: 'Salsa',
      minGarnishAmount: 0,
      maxGarnishAmount: 1,
      multipleSelection: false,
      mandatory: false,
      garnishes: [
        { name: 'Criolla', price: 0, visible: true },
        { name: 'Picante', price: 200, visible: true },
      ],
    },
  ],
  excludedCategories: [],
};

describe.each(databaseKinds)('opening a shop (%s)', (kind) => {
  let test: TestApp;
  const call = caller(() => test);
  beforeAll(async () => {
    test = await createTestApp(kind);
  });
  afterAll(() => test.close());

  it('tells whether an alias can be the new shop’s link', async () => {
    const info = await call('GET', '/api/console/signup');
    expect(info.body.mode).toBe('open');
    expect(info.body.countries.map((c: { code: string }) => c.code)).toContain('cl');
    const check = async (alias: string) =>
      (await call('GET', `/api/console/signup/alias?alias=${alias}`)).body;
    expect(await check('la-esquina')).toEqual({ alias: 'la-esquina', available: true, problem: null });
    expect(await check('donmateo-palermo')).toMatchObject({
      available: false,
      problem: 'Ese link ya está en uso. Probá con otro.',
    });
    // the derived aliases must be free too: 'donmateo' is a branch, so 'donmateo-marca'... is free, but
    // an alias whose derived company alias exists is not
    expect(await check('Console')).toMatchObject({
      alias: 'console',
      available: false,
      problem: 'Ese link está reservado. Probá con otro.',
    });
    expect(await check('a')).toMatchObject({ available: false });
  });

  it('refuses bad sign-ups in Spanish and writes nothing', async () => {
    const before = await rowCounts(test);
    const cases: [unknown, number, string][] = [
      [{ ...NEW_SHOP, businessName: '' }, 400, 'Ingresá el nombre de tu negocio.'],
      [
        { ...NEW_SHOP, alias: 'la esquina' },
        400,
        'El link lleva de 3 a 40 letras minúsculas, números o guiones, sin guion al principio ni al final.',
      ],
      [{ ...NEW_SHOP, alias: 'donmateo-palermo' }, 409, 'Ese link ya está en uso. Probá con otro.'],
      [
        { ...NEW_SHOP, whatsAppPhone: '12' },
        400,
        'Ingresá un número de WhatsApp válido para el país elegido.',
      ],
      [
        { ...NEW_SHOP, whatsAppPhone: '123456' },
        400,
        'Ingresá un número de WhatsApp válido para el país elegido.',
      ],
      [{ ...NEW_SHOP, country: 'zz' }, 400, 'Elegí un país de la lista.'],
      [{ ...NEW_SHOP, location: undefined }, 400, 'Marcá el local en el mapa.'],
      [
        { ...NEW_SHOP, owner: { ...NEW_SHOP.owner, password: 'corta' } },
        400,
        'La contraseña necesita al menos 10 caracteres.',
      ],
      [{ ...NEW_SHOP, owner: { ...NEW_SHOP.owner, email: 'ana' } }, 400, 'Ingresá un e-mail válido.'],
      [
        { ...NEW_SHOP, owner: { ...NEW_SHOP.owner, email: DONMATEO_OWNER.email } },
        409,
        'Ya hay una cuenta con ese e-mail. Iniciá sesión o usá otro.',
      ],
      [{ ...NEW_SHOP, admin: true }, 400, ''],
    ];
    for (const [i, [payload, status, message]] of cases.entries()) {
      const res = await call('POST', '/api/console/signup', undefined, payload, `10.9.0.${i}`);
      expectApiError(res, status);
      if (message) expect(res.body.message).toBe(message);
    }
    expect(await rowCounts(test)).toEqual(before);
  });

  it('opens a closed shop with an empty menu, signs its owner in and lists what it still needs', async () => {
    const res = await call('POST', '/api/console/signup', undefined, NEW_SHOP);
    expect(res.status).toBe(201);
    expect(res.body).toMatchObject({ alias: 'la-esquina' });
    const owner = sessionOf(res);
    const me = await call('GET', '/api/console/me', owner);
    expect(me.body.staff).toMatchObject({
      role: 'OWNER',
      email: 'ana@laesquina.com.ar',
      branchName: 'La Esquina de Ana',
    });

    const shops = await call('GET', '/api/console/shop', owner);
    expect(shops.body).toHaveLength(1);
    expect(shops.body[0]).toMatchObject({
      alias: 'la-esquina',
      name: 'La Esquina Villa Crespo',
      open: false,
      canOpen: false,
    });
    expect(shops.body[0].checklist.map((item: { done: boolean }) => item.done)).toEqual([
      false,
      false,
      false,
      false,
    ]);
    // closed: diners do not find it yet
    expect((await getJson(test.app, '/api/diner/la-esquina')).status).toBe(404);

    const refused = await call('POST', `/api/console/shop/${res.body.contactId}/open`, owner, {});
    expectApiError(refused, 409, 'SHOP_NOT_READY');
    expect(refused.body.message).toMatch(/^Todavía no podés abrir la tienda\. Te falta: publicá un menú/);

    const draft = await call('GET', '/api/console/menu/draft', owner);
    expect(draft.body).toMatchObject({ version: 0, hasChanges: false, currency: 'ARS', currencyDecimals: 2 });
    expect(draft.body.draft.menus).toEqual([
      expect.objectContaining({ name: 'Carta', categories: [], remarked: [], upsold: [] }),
    ]);

    // a second sign-up with the same alias or e-mail is refused
    expectApiError(await call('POST', '/api/console/signup', undefined, NEW_SHOP), 409, 'ALIAS_TAKEN');
  });

  it('builds, publishes and opens the shop; diners then see the menu', async () => {
    const owner = await staffCookie(test.app, {
      email: NEW_SHOP.owner.email,
      password: NEW_SHOP.owner.password,
    });
    const [{ id: contactId }] = (await call('GET', '/api/console/shop', owner)).body;
    const state = (await call('GET', '/api/console/menu/draft', owner)).body;
    const menu = state.draft.menus[0];
    const draft: MenuDraft = {
      ...state.draft,
      menus: [
        {
          ...menu,
          categories: [{ key: 'category-new-1', name: 'Empanadas', visible: true, plates: [firstPlate] }],
          remarked: ['plate-new-1'],
        },
      ],
    };

    // a rule core finds (min above max) is a 400 with its path, and nothing is saved
    const bad = structuredClone(draft);
    const group = bad.menus[0]?.categories[0]?.plates[0]?.garnishGroups[0];
    if (group) group.minGarnishAmount = 2;
    const refused = await call('PUT', '/api/console/menu/draft', owner, { baseVersion: 0, draft: bad });
    expectApiError(refused, 400, 'BAD_REQUEST');
    expect(refused.body.errors).toContainEqual({
      path: 'menus.0.categories.0.plates.0.garnishGroups.0.minGarnishAmount',
      message: 'El mínimo del grupo Salsa es mayor que su máximo.',
    });
    const shape = await call('PUT', '/api/console/menu/draft', owner, {
      baseVersion: 0,
      draft: { ...draft, menus: [] },
    });
    expect(shape.body.message).toBe('La tienda necesita al menos un menú.');
    expect((await call('GET', '/api/console/menu/draft', owner)).body.version).toBe(0);

    const saved = await call('PUT', '/api/console/menu/draft', owner, { baseVersion: 0, draft });
    expect(saved.status).toBe(200);
    expect(saved.body).toMatchObject({ version: 1, hasChanges: true, updatedBy: 'Ana Ríos' });
    // a stale editor cannot overwrite it
    const stale = await call('PUT', '/api/console/menu/draft', owner, { baseVersion: 0, draft });
    expectApiError(stale, 409, 'DRAFT_CHANGED');
    expect(stale.body.message).toBe(
      'Otra persona cambió el menú mientras editabas. Recargá para ver sus cambios antes de guardar.',
    );
    expectApiError(
      await call('POST', '/api/console/menu/publish', owner, { version: 0 }),
      409,
      'DRAFT_CHANGED',
    );

    const published = await call('POST', '/api/console/menu/publish', owner, { version: 1 });
    expect(published.status).toBe(200);
    expect(published.body.menus).toEqual([
      expect.objectContaining({ name: 'Carta', hash: expect.any(String) }),
    ]);
    expectApiError(
      await call('POST', '/api/console/menu/publish', owner, { version: 2 }),
      409,
      'DRAFT_CHANGED',
    );

    const after = (await call('GET', '/api/console/menu/draft', owner)).body;
    expect(after).toMatchObject({ version: 2, hasChanges: false });
    const plate = after.draft.menus[0].categories[0].plates[0];
    expect(plate).toMatchObject({ name: 'Empanada de carne', price: 1800, key: `plate-${plate.id}` });
    expect(
      plate.garnishGroups[0].garnishes.map((g: { name: string; price: number }) => [g.name, g.price]),
    ).toEqual([
      ['Criolla', 0],
      ['Picante', 200],
    ]);
    expect(after.draft.menus[0].remarked).toEqual([plate.key]);

    // bad settings are refused in Spanish
    const overlapping = await call('PUT', `/api/console/shop/${contactId}/hours`, owner, {
      workingDays: [
        {
          dayOfWeek: 'MONDAY',
          workingHours: [
            { startAt: '08:00', endAt: '12:00' },
            { startAt: '11:00', endAt: '17:00' },
          ],
        },
      ],
    });
    expectApiError(overlapping, 400);
    expect(overlapping.body.message).toBe('Los horarios del lunes se superponen. Revisá los rangos.');
    const delivery = await call('PUT', `/api/console/shop/${contactId}/modes`, owner, {
      types: ['DELIVERY'],
    });
    expect(delivery.body.message).toBe('Para ofrecer delivery, primero cargá tu zona de envío.');
    expectApiError(
      await call('PUT', `/api/console/shop/${contactId}/modes`, owner, { types: ['DRIVE_THRU'] }),
      400,
    );

    const everyDay = ['MONDAY', 'TUESDAY', 'WEDNESDAY', 'THURSDAY', 'FRIDAY', 'SATURDAY', 'SUNDAY'].map(
      (dayOfWeek) => ({
        dayOfWeek,
        workingHours: [{ startAt: '00:00', endAt: '23:59' }],
      }),
    );
    expect(
      (await call('PUT', `/api/console/shop/${contactId}/hours`, owner, { workingDays: everyDay })).status,
    ).toBe(200);
    expect(
      (await call('PUT', `/api/console/shop/${contactId}/modes`, owner, { types: ['TAKE_AWAY'] })).status,
    ).toBe(200);
    const ready = await call('PUT', `/api/console/shop/${contactId}/payments`, owner, { cash: true });
    expect(ready.body).toMatchObject({ canOpen: true, open: false });
    const opened = await call('POST', `/api/console/shop/${contactId}/open`, owner, {});
    expect(opened.body).toMatchObject({ open: true });

    const alias = await getJson(test.app, '/api/diner/la-esquina');
    expect(alias.status).toBe(200);
    const modes = (await getJson(test.app, `/api/diner/branchordermodes/${contactId}`)).body;
    expect(modes.map((m: { showName: string }) => m.showName)).toEqual(['Retiro en el local']);
    const storefront = await getJson(test.app, `/api/diner/la-esquina/menu/${modes[0].id}`);
    expect(JSON.stringify(storefront.body)).toContain('Empanada de carne');

    // a new price, published, is what diners see at once, under a new menu hash
    const next = structuredClone(after.draft) as MenuDraft;
    const livePlate = next.menus[0]?.categories[0]?.plates[0];
    if (livePlate) livePlate.price = 2100;
    await call('PUT', '/api/console/menu/draft', owner, { baseVersion: 2, draft: next });
    const republished = await call('POST', '/api/console/menu/publish', owner, { version: 3 });
    expect(republished.body.menus[0].hash).not.toBe(published.body.menus[0].hash);
    expect(
      JSON.stringify((await getJson(test.app, `/api/diner/la-esquina/menu/${modes[0].id}`)).body),
    ).toContain('2100');

    const changes = (await call('GET', '/api/console/changes', owner)).body;
    expect(changes.map((c: { area: string }) => c.area)).toEqual(
      expect.arrayContaining(['SIGN_UP', 'MENU_DRAFT', 'MENU_PUBLISH', 'SHOP']),
    );
    expect(changes.every((c: { staffName: string }) => c.staffName === 'Ana Ríos')).toBe(true);
  });

  it('keeps every editor to the shop’s owner', async () => {
    const cook = await staffCookie(test.app, DONMATEO_COOK);
    const kenzo = await staffCookie(test.app, KENZO_OWNER);
    const [palermo] = (await call('GET', '/api/console/shop', await staffCookie(test.app, DONMATEO_OWNER)))
      .body;
    for (const [method, url] of [
      ['GET', '/api/console/menu/draft'],
      ['PUT', '/api/console/menu/draft'],
      ['POST', '/api/console/menu/publish'],
      ['GET', '/api/console/shop'],
      ['GET', '/api/console/changes'],
      ['POST', `/api/console/shop/${palermo.id}/close`],
    ] as [Method, string][]) {
      expectApiError(await call(method, url, cook, method === 'GET' ? undefined : {}), 403, 'FORBIDDEN');
      expectApiError(await call(method, url, undefined, method === 'GET' ? undefined : {}), 401);
    }
    for (const path of ['open', 'close']) {
      const res = await call('POST', `/api/console/shop/${palermo.id}/${path}`, kenzo, {});
      expectApiError(res, 403, 'FORBIDDEN');
    }
    expectApiError(
      await call('PUT', `/api/console/shop/${palermo.id}/payments`, kenzo, { cash: false }),
      403,
    );
  });

  it('publishes the demo menu unchanged: every hash stays, nothing is lost', async () => {
    const owner = await staffCookie(test.app, DONMATEO_OWNER);
    const before = (await call('GET', '/api/console/menu/draft', owner)).body;
    expect(menuDraftProblems(before.draft)).toEqual([]);
    const hashes = await test.database.db.select({ id: t.menus.id, hash: t.menus.hash }).from(t.menus);
    const saved = await call('PUT', '/api/console/menu/draft', owner, {
      baseVersion: before.version,
      draft: before.draft,
    });
    expect(saved.status).toBe(200);
    const published = await call('POST', '/api/console/menu/publish', owner, { version: saved.body.version });
    expect(published.status).toBe(200);
    for (const menu of published.body.menus)
      expect(menu.hash).toBe(hashes.find((row) => row.id === menu.id)?.hash);
    const after = (await call('GET', '/api/console/menu/draft', owner)).body;
    expect(after.draft).toEqual(before.draft);
  });

  it('refuses to delete a plate a discount code needs, and leaves the menu as it was', async () => {
    const owner = await staffCookie(test.app, DONMATEO_OWNER);
    const state = (await call('GET', '/api/console/menu/draft', owner)).body;
    const target = state.draft.menus[0].categories[0].plates[0];
    const [branch] = await test.database.db.select().from(t.branches).where(eq(t.branches.alias, 'donmateo'));
    const [code] = await test.database.db
      .insert(t.discountCodes)
      .values({
        branchId: branch?.id as number,
        code: 'SOLOESTE',
        type: 'PERCENT',
        value: 0.1,
        plateId: target.id,
      })
      .returning();
    if (!code?.plateId) return expect.fail('the code was not stored');
    const draft = structuredClone(state.draft) as MenuDraft;
    for (const menu of draft.menus) {
      for (const category of menu.categories)
        category.plates = category.plates.filter((p) => p.id !== code.plateId);
      menu.remarked = menu.remarked.filter((key) => key !== `plate-${code.plateId}`);
      menu.upsold = menu.upsold.filter((key) => key !== `plate-${code.plateId}`);
    }
    for (const discount of draft.menuDiscounts)
      discount.plates = discount.plates.filter((key) => key !== `plate-${code.plateId}`);
    draft.menuDiscounts = draft.menuDiscounts.filter((discount) => discount.plates.length > 0);
    const saved = await call('PUT', '/api/console/menu/draft', owner, { baseVersion: state.version, draft });
    expect(saved.status).toBe(200);
    const refused = await call('POST', '/api/console/menu/publish', owner, { version: saved.body.version });
    expectApiError(refused, 409, 'MENU_IN_USE');
    expect(refused.body.message).toMatch(/lo usa el código de descuento/);
    const [plate] = await test.database.db.select().from(t.plates).where(eqId(code.plateId));
    expect(plate).toBeDefined();
  });
});

const eqId = (id: number) => eq(t.plates.id, id);

describe.each(databaseKinds)('who may open a shop (%s)', (kind) => {
  it('asks for an invite code when SIGNUP_MODE=invite, and takes each code once', async () => {
    const test = await createTestApp(kind, { signUpMode: 'invite' });
    try {
      const call = caller(() => test);
      expect((await call('GET', '/api/console/signup')).body.mode).toBe('invite');
      const none = await call('POST', '/api/console/signup', undefined, NEW_SHOP);
      expectApiError(none, 403, 'SIGN_UP_NOT_ALLOWED');
      expect(none.body.message).toBe('Necesitás un código de invitación para abrir tu tienda.');
      const wrong = await call('POST', '/api/console/signup', undefined, {
        ...NEW_SHOP,
        inviteCode: 'AAAA-BBBB-CCCC',
      });
      expect(wrong.body.message).toBe('El código de invitación no es válido o ya se usó.');
      const { code } = await createInvite(test.database.db, {
        now: new Date('2026-01-01T00:00:00Z'),
        days: 3650,
      });
      const ok = await call('POST', '/api/console/signup', undefined, {
        ...NEW_SHOP,
        inviteCode: code.toLowerCase(),
      });
      expect(ok.status).toBe(201);
      const again = await call('POST', '/api/console/signup', undefined, {
        ...NEW_SHOP,
        alias: 'otra-esquina',
        owner: { ...NEW_SHOP.owner, email: 'otra@laesquina.com.ar' },
        inviteCode: code,
      });
      expectApiError(again, 403, 'SIGN_UP_NOT_ALLOWED');
    } finally {
      await test.close();
    }
  });

  it('opens no shop when SIGNUP_MODE=closed', async () => {
    const test = await createTestApp(kind, { signUpMode: 'closed' });
    try {
      const res = await caller(() => test)('POST', '/api/console/signup', undefined, NEW_SHOP);
      expectApiError(res, 403, 'SIGN_UP_NOT_ALLOWED');
      expect(res.body.message).toBe(
        'Por ahora no estamos abriendo tiendas nuevas. Escribinos si querés sumarte.',
      );
    } finally {
      await test.close();
    }
  });
});

describe.each(databaseKinds)('racing owners (%s)', (kind) => {
  let test: TestApp;
  const call = caller(() => test);
  beforeAll(async () => {
    test = await createTestApp(kind);
  });
  afterAll(() => test.close());

  it('gives one alias to one of two sign-ups sent at once; the other is told it is taken', async () => {
    const racers = ['uno', 'dos'].map((who, i) => ({
      ...NEW_SHOP,
      alias: 'la-carrera',
      owner: { ...NEW_SHOP.owner, email: `${who}@carrera.com.ar` },
      remote: `10.8.0.${i}`,
    }));
    const answers = await Promise.all(
      racers.map(({ remote, ...body }) => call('POST', '/api/console/signup', undefined, body, remote)),
    );
    expect(answers.map((a) => a.status).sort()).toEqual([201, 409]);
    expect(answers.find((a) => a.status === 409)?.body.code).toBe('ALIAS_TAKEN');
    const companies = await test.database.db
      .select()
      .from(t.companies)
      .where(eq(t.companies.alias, 'la-carrera-empresa'));
    expect(companies).toHaveLength(1);
  });

  it('takes one of two drafts saved at once over the same version', async () => {
    const owner = await staffCookie(test.app, KENZO_OWNER);
    const state = (await call('GET', '/api/console/menu/draft', owner)).body;
    const answers = await Promise.all(
      [1, 2].map(() =>
        call('PUT', '/api/console/menu/draft', owner, { baseVersion: state.version, draft: state.draft }),
      ),
    );
    expect(answers.map((a) => a.status).sort()).toEqual([200, 409]);
    expect((await call('GET', '/api/console/menu/draft', owner)).body.version).toBe(state.version + 1);
  });
});
