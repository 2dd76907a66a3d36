/// <reference lib="dom" />
import { type APIRequestContext, expect, type Page, test } from '@playwright/test';
import { seriousViolations } from './support/axe.ts';
import { DONMATEO_OWNER, signInToConsole } from './support/console.ts';
import { DESKTOP, failOnConsoleErrors, openStorefront, shotPath } from './support/storefront.ts';

// Issue 28, items 1 and 2 (decision 018): a shop's support chat, opened from the header's icon, the
// follow-up (`open_follow_up_support=true`) and `/soporte?referenceId`; its provider's script is loaded
// only when the diner opens the chat. Offline: the provider's script is a tiny fake served here.

const CRISP_ID = '1c0e2f5a-7b3d-4c8e-9f10-2a3b4c5d6e7f';
const CRISP_SCRIPT = 'https://client.crisp.chat/l.js';
const ORDER = 'DMP8QN5T4R'; // a demo order of Don Mateo Palermo
const QUERY = `Hola, tengo una consulta sobre mi pedido #${ORDER}`;

/**
 * Crisp's loader, faked: it reads the page's website id and command queue, and defines `$crisp` a little
 * later (the real chatbox starts asynchronously too), so the page's opening has to retry.
 */
const FAKE_CRISP = `(function () {
  var queued = Array.isArray(window.$crisp) ? window.$crisp : [];
  window.fakeCrisp = { websiteId: window.CRISP_WEBSITE_ID, calls: [] };
  setTimeout(function () {
    window.$crisp = {
      is: function () { return false; },
      push: function (command) { window.fakeCrisp.calls.push(command); },
    };
    queued.forEach(function (command) { window.$crisp.push(command); });
  }, 500);
})();`;

interface FakeCrisp {
  websiteId: string;
  calls: unknown[][];
}

/** Serves the fake for Crisp's script (nothing leaves the machine) and counts its requests. */
async function fakeCrispScript(page: Page): Promise<string[]> {
  const requested: string[] = [];
  await page.route('https://client.crisp.chat/**', (route) => {
    requested.push(route.request().url());
    return route.fulfill({ status: 200, contentType: 'application/javascript', body: FAKE_CRISP });
  });
  return requested;
}

const crispCalls = (page: Page) =>
  page.evaluate(() => (window as unknown as { fakeCrisp?: FakeCrisp }).fakeCrisp ?? null);

/** Every CSP violation the page reports (the provider's script must pass the pages' policy). */
async function recordViolations(page: Page): Promise<() => Promise<string[]>> {
  await page.addInitScript(() => {
    const seen: string[] = [];
    (window as unknown as { cspViolations: string[] }).cspViolations = seen;
    document.addEventListener('securitypolicyviolation', (event) => {
      seen.push(`${event.effectiveDirective} ${event.blockedURI}`);
    });
  });
  return () => page.evaluate(() => (window as unknown as { cspViolations: string[] }).cspViolations);
}

/**
 * The owner's session, through the API, to set or restore Don Mateo's brand: signed in once for the
 * file, since the console's sign-in allows 20 per address in 5 minutes and the other journeys of this
 * worker's server sign in too.
 */
let owner: APIRequestContext;
test.beforeAll(async ({ playwright }) => {
  owner = await playwright.request.newContext({ baseURL: test.info().project.use.baseURL });
  const res = await owner.post('/api/console/login', { data: DONMATEO_OWNER });
  expect(res.status(), await res.text()).toBe(200);
});
test.afterAll(async () => {
  await owner.dispose();
});

async function setBrand(body: object): Promise<void> {
  const res = await owner.put('/api/console/brand', { data: body });
  expect(res.status(), await res.text()).toBe(200);
}

// Don Mateo as the other journeys of this server expect it: no chat, the footer shown
test.afterEach(async () => {
  await setBrand({ supportChat: null, showPoweredBy: true });
});

test('the owner sets a Crisp chat and hides the footer; the diner’s chat script loads only on tapping the icon', async ({
  page,
}) => {
  const shot = (step: string) => shotPath(`support-chat-${step}`);
  await signInToConsole(page, DONMATEO_OWNER);
  const errors = failOnConsoleErrors(page);
  await page.goto('/console/marca');
  await expect(page.getByRole('heading', { name: 'Marca', level: 1 })).toBeVisible();
  const chat = page.getByRole('group', { name: 'Chat de ayuda' });
  await expect(chat.getByRole('combobox', { name: 'Chat' })).toHaveValue('');
  await chat.getByRole('combobox', { name: 'Chat' }).selectOption({ label: 'Crisp' });
  const id = chat.getByRole('textbox', { name: 'ID del sitio (Website ID)' });
  await expect(chat.getByText('Podés pegar el código entero.')).toBeVisible();
  await id.fill('mi-sitio');
  await expect(chat.getByText('No encontramos el ID del sitio de Crisp.', { exact: false })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Guardar', exact: true })).toBeDisabled();
  // the installation snippet, pasted whole
  await id.fill(
    `<script type="text/javascript">window.$crisp=[];window.CRISP_WEBSITE_ID="${CRISP_ID}";(function(){d=document;s=d.createElement("script");s.src="https://client.crisp.chat/l.js";s.async=1;d.getElementsByTagName("head")[0].appendChild(s);})();</script>`,
  );
  await expect(chat.getByText(`Se guarda el ID ${CRISP_ID}.`)).toBeVisible();
  const footer = page.getByRole('switch', { name: 'Mostrar "Hecho con Comanda" al pie del menú' });
  await expect(footer).toBeChecked();
  await footer.uncheck();
  await chat.scrollIntoViewIfNeeded();
  expect(await seriousViolations(page)).toEqual([]);
  await page.screenshot({ path: shot('01-owner.png') });
  const saved = page.waitForResponse(
    (r) => r.url().endsWith('/api/console/brand') && r.request().method() === 'PUT',
  );
  await page.getByRole('button', { name: 'Guardar', exact: true }).click();
  const answer = await saved;
  expect(answer.status()).toBe(200);
  expect(await answer.json()).toMatchObject({
    supportChat: { provider: 'CRISP', siteId: CRISP_ID },
    showPoweredBy: false,
  });
  await expect(page.getByRole('status').filter({ hasText: 'Todo guardado.' })).toBeVisible();
  expect(errors).toEqual([]);

  // the diner
  const requested = await fakeCrispScript(page);
  const violations = await recordViolations(page);
  await openStorefront(page, '/menu/donmateo-palermo/Delivery');
  const icons = page.getByRole('list', { name: 'Contacto y redes' });
  const chatIcon = icons.getByRole('button', { name: 'Chatear con el local' });
  await expect(chatIcon).toBeVisible();
  // the chat takes WhatsApp's place among the icons; the footer is off
  await expect(icons.getByRole('link', { name: 'Escribir por WhatsApp' })).toHaveCount(0);
  await expect(icons.getByRole('link', { name: 'Compartir por WhatsApp' })).toBeVisible();
  await expect(page.getByText('Hecho con Comanda')).toHaveCount(0);
  expect(await seriousViolations(page)).toEqual([]);
  await page.screenshot({ path: shot('02-menu-icon.png') });
  // the page is up and idle: still no request for the provider's script
  await page.waitForLoadState('networkidle');
  expect(requested).toEqual([]);
  expect(await crispCalls(page)).toBeNull();

  await chatIcon.click();
  await expect.poll(() => requested).toEqual([CRISP_SCRIPT]);
  await expect.poll(async () => (await crispCalls(page))?.calls).toContainEqual(['do', 'chat:open']);
  expect((await crispCalls(page))?.websiteId).toBe(CRISP_ID);
  // a second tap opens it again without a second script
  await chatIcon.click();
  await expect
    .poll(async () => (await crispCalls(page))?.calls.filter((c) => c[1] === 'chat:open').length)
    .toBe(2);
  expect(requested).toHaveLength(1);
  expect(await violations()).toEqual([]);
  expect(errors).toEqual([]);
});

test('the follow-up with open_follow_up_support=true opens the chat with a query about the order', async ({
  page,
}) => {
  await setBrand({ supportChat: { provider: 'CRISP', siteId: CRISP_ID } });
  const errors = failOnConsoleErrors(page);
  const requested = await fakeCrispScript(page);
  const violations = await recordViolations(page);

  await page.goto(`/menu/donmateo-palermo/order/${ORDER}?open_follow_up_support=true`);
  await expect(page.getByRole('heading', { name: `Pedido #${ORDER}`, level: 1 })).toBeVisible();
  await expect.poll(() => requested).toEqual([CRISP_SCRIPT]);
  await expect
    .poll(async () => (await crispCalls(page))?.calls)
    .toEqual([
      ['set', 'message:text', [QUERY]],
      ['do', 'chat:show'],
      ['do', 'chat:open'],
    ]);
  // the flag is dropped: a reload does not open it again
  await expect(page).toHaveURL(new RegExp(`/order/${ORDER}$`));
  const actions = page.getByRole('navigation', { name: 'Acciones del pedido' });
  await expect(actions.getByRole('button', { name: 'Chatear con el local' })).toBeVisible();
  await expect(actions.getByRole('link', { name: 'Contactar al local' })).toHaveCount(0);
  expect(await seriousViolations(page)).toEqual([]);
  await actions.scrollIntoViewIfNeeded();
  await page.screenshot({ path: shotPath('support-chat-03-follow-up.png') });
  expect(await violations()).toEqual([]);
  expect(errors).toEqual([]);
});

test('a follow-up never loads the chat by itself, and a shop without a chat keeps its WhatsApp', async ({
  page,
}) => {
  const requested = await fakeCrispScript(page);
  await openStorefront(page, `/menu/donmateo-palermo/order/${ORDER}?open_follow_up_support=true`);
  const actions = page.getByRole('navigation', { name: 'Acciones del pedido' });
  await expect(actions.getByRole('link', { name: 'Contactar al local' })).toBeVisible();
  await expect(actions.getByRole('button', { name: 'Chatear con el local' })).toHaveCount(0);
  await page.waitForLoadState('networkidle');
  expect(requested).toEqual([]);
  await openStorefront(page, '/menu/donmateo-palermo/Delivery');
  await expect(
    page.getByRole('list', { name: 'Contacto y redes' }).getByRole('link', { name: 'Escribir por WhatsApp' }),
  ).toBeVisible();
  await expect(page.getByText('Hecho con Comanda')).toBeVisible();
});

for (const [label, use] of [
  ['phone', {}],
  ['desktop', DESKTOP],
] as const) {
  test.describe(`/soporte on a ${label}`, () => {
    test.use(use);

    test('names the order and its shop, and opens the shop’s chat when tapped', async ({ page }) => {
      await setBrand({ supportChat: { provider: 'CRISP', siteId: CRISP_ID } });
      const errors = failOnConsoleErrors(page);
      const requested = await fakeCrispScript(page);
      const violations = await recordViolations(page);

      await page.goto(`/soporte?referenceId=${ORDER}`);
      await expect(page.getByRole('heading', { name: 'Ayuda con tu pedido', level: 1 })).toBeVisible();
      await expect(page.getByText(`Pedido #${ORDER}`)).toBeVisible();
      await expect(page.getByText('Don Mateo Palermo', { exact: true })).toBeVisible();
      const open = page.getByRole('button', { name: 'Chatear con el local' });
      await expect(open).toBeVisible();
      expect(await seriousViolations(page)).toEqual([]);
      await page.screenshot({ path: shotPath(`support-chat-04-soporte-${label}.png`) });
      await page.waitForLoadState('networkidle');
      expect(requested).toEqual([]);

      await open.click();
      await expect
        .poll(async () => (await crispCalls(page))?.calls)
        .toContainEqual(['set', 'message:text', [QUERY]]);
      await expect.poll(async () => (await crispCalls(page))?.calls).toContainEqual(['do', 'chat:open']);

      await page.getByRole('link', { name: 'Ver mi pedido' }).click();
      await expect(page).toHaveURL(new RegExp(`/menu/donmateo-palermo/order/${ORDER}$`));
      expect(await violations()).toEqual([]);
      expect(errors).toEqual([]);
    });
  });
}

test('/soporte without an order, or with an unknown one, says what to do', async ({ page }) => {
  await page.goto('/soporte');
  await expect(page.getByRole('heading', { name: 'Ayuda con tu pedido', level: 1 })).toBeVisible();
  await expect(
    page.getByText(
      'Abrí el link de seguimiento que recibiste al pedir: desde ahí podés escribirle al local.',
    ),
  ).toBeVisible();
  await page.goto('/soporte?referenceId=NOEXISTE99');
  await expect(page.getByText('No encontramos este pedido. Revisá el link que recibiste.')).toBeVisible();
  expect(await seriousViolations(page)).toEqual([]);
});
