/// <reference lib="dom" />
import { expect, test } from '@playwright/test';
import { toast } from './support/cart.ts';
import { openSideMenu } from './support/diner.ts';
import { failOnConsoleErrors, openStorefront } from './support/storefront.ts';

// a phone of its own: the server's clock is fixed in the journeys, so each phone's ration of codes (3 in
// 10 minutes) lasts the whole run, and the demo diner's is spent by the journeys that sign her in
const PHONE = { typed: '11 5555-0188', shown: '+54 9 11 5555 0188', e164: '+5491155550188' };

test('a diner signs in with her phone and the sandbox code, is greeted, and signs out', async ({ page }) => {
  const errors = failOnConsoleErrors(page);
  await openStorefront(page, '/menu/donmateo-palermo/Delivery');

  // signed out: a greeting, the sign-in button, and 'Mis pedidos' asks her to sign in
  let drawer = await openSideMenu(page);
  await expect(drawer.getByRole('heading', { name: '¡Hola!' })).toBeVisible();
  await expect(drawer.getByRole('button', { name: 'Cerrar sesión' })).toHaveCount(0);
  await expect(drawer.getByRole('button', { name: 'Mis Puntos Mateo' })).toHaveCount(0);
  await drawer.getByRole('button', { name: 'Mis pedidos' }).click();
  await expect(toast(page, 'Inicie sesión')).toBeVisible();

  await drawer.getByRole('button', { name: 'Iniciar sesión' }).click();
  const signIn = page.getByRole('dialog', { name: 'Iniciar sesión' });
  const phone = signIn.getByRole('textbox', { name: 'Teléfono' });
  await expect(signIn.getByRole('combobox', { name: 'País del teléfono' })).toHaveValue('ar');
  await phone.fill('123');
  await signIn.getByRole('button', { name: 'Recibir código' }).click();
  await expect(signIn.getByRole('alert')).toHaveText('Debe ingresar un número válido');

  await phone.fill(PHONE.typed);
  await signIn.getByRole('button', { name: 'Recibir código' }).click();
  await expect(signIn).toContainText(PHONE.shown);
  const code = (await signIn.getByTestId('sandbox-code').textContent())?.trim() ?? '';
  expect(code).toMatch(/^\d{6}$/);
  const codeInput = signIn.getByRole('textbox', { name: 'Código' });
  await expect(codeInput).toHaveAttribute('autocomplete', 'one-time-code');
  await expect(codeInput).toHaveAttribute('inputmode', 'numeric');
  await expect(signIn.getByRole('button', { name: /^Reenviar código en 0:\d\d$/ })).toBeDisabled();

  // a wrong code: the spec's failure toast and the reason
  await codeInput.fill(code === '000000' ? '111111' : '000000');
  await signIn.getByRole('button', { name: 'Iniciar sesión' }).click();
  await expect(toast(page, 'Error iniciando sesión')).toBeVisible();
  await expect(signIn.getByRole('alert')).toHaveText('El código no es correcto. Te quedan 4 intentos.');

  await codeInput.fill(code);
  await signIn.getByRole('button', { name: 'Iniciar sesión' }).click();
  await expect(toast(page, 'Inicio de sesión con éxito')).toBeVisible();
  await expect(signIn).toBeHidden();
  // a new customer of the shop: greeted without a name, with the phone she proved
  await expect(drawer.getByRole('heading', { name: '¡Hola!' })).toBeVisible();
  await expect(drawer).toContainText(PHONE.shown);
  await expect(drawer.getByRole('button', { name: 'Mis Puntos Mateo' })).toBeVisible();
  await expect(drawer.getByRole('button', { name: 'Iniciar sesión' })).toHaveCount(0);

  // the session is an httpOnly cookie: the page's scripts never see it, and it outlives a reload
  expect(await page.evaluate(() => document.cookie)).not.toContain('diner_session');
  const cookie = (await page.context().cookies()).find((c) => c.name === 'diner_session');
  expect(cookie).toMatchObject({ httpOnly: true, sameSite: 'Lax' });
  await page.reload();
  await expect(page.locator('.skeleton').first()).toHaveCount(0, { timeout: 15_000 });
  drawer = await openSideMenu(page);
  await expect(drawer.getByRole('button', { name: 'Cerrar sesión' })).toBeVisible();

  await drawer.getByRole('button', { name: 'Cerrar sesión' }).click();
  await expect(toast(page, 'Cerraste tu sesión')).toBeVisible();
  await expect(drawer.getByRole('heading', { name: '¡Hola!' })).toBeVisible();
  await expect(drawer.getByRole('button', { name: 'Iniciar sesión' })).toBeVisible();
  await expect(drawer.getByRole('button', { name: 'Cerrar sesión' })).toHaveCount(0);
  await expect(drawer.getByRole('button', { name: 'Mis Puntos Mateo' })).toHaveCount(0);
  expect((await page.context().cookies()).find((c) => c.name === 'diner_session')).toBeUndefined();
  // her points history is closed again
  const branchId = (await (await page.request.get('/api/diner/donmateo-palermo')).json()).info.branch.id;
  const history = await page.request.get(
    `/api/branch/${branchId}/loyalty-points/history/${encodeURIComponent(PHONE.e164)}`,
  );
  expect(history.status()).toBe(401);

  // the wrong code's 400 answer is the only failed request
  expect(errors).toEqual([
    'console: Failed to load resource: the server responded with a status of 400 (Bad Request)',
  ]);
});

test('asking again within the minute keeps the code field open for the code already sent', async ({
  page,
}) => {
  const phoneNumber = { typed: '11 5555-0189', shown: '+54 9 11 5555 0189' };
  await openStorefront(page, '/menu/donmateo-palermo/Delivery');
  let drawer = await openSideMenu(page);
  await drawer.getByRole('button', { name: 'Iniciar sesión' }).click();
  let signIn = page.getByRole('dialog', { name: 'Iniciar sesión' });
  await signIn.getByRole('textbox', { name: 'Teléfono' }).fill(phoneNumber.typed);
  await signIn.getByRole('button', { name: 'Recibir código' }).click();
  const code = (await signIn.getByTestId('sandbox-code').textContent())?.trim() ?? '';
  expect(code).toMatch(/^\d{6}$/);

  // a reload forgets the screen's step; asking again at once is refused, but nothing is locked
  await page.reload();
  drawer = await openSideMenu(page);
  await drawer.getByRole('button', { name: 'Iniciar sesión' }).click();
  signIn = page.getByRole('dialog', { name: 'Iniciar sesión' });
  await signIn.getByRole('textbox', { name: 'Teléfono' }).fill(phoneNumber.typed);
  await signIn.getByRole('button', { name: 'Recibir código' }).click();
  await expect(signIn.getByRole('alert')).toHaveText(
    // the journeys' server clock stands still: a minute to wait, whatever the time since
    /^Ya te enviamos un código: escribilo acá\. Podés pedir otro en [01]:\d\d\.$/,
  );
  await expect(signIn).toContainText(phoneNumber.shown);
  await expect(signIn.getByRole('button', { name: /^Reenviar código en [01]:\d\d$/ })).toBeDisabled();
  await signIn.getByRole('textbox', { name: 'Código' }).fill(code);
  await signIn.getByRole('button', { name: 'Iniciar sesión' }).click();
  await expect(toast(page, 'Inicio de sesión con éxito')).toBeVisible();
});
