/// <reference lib="dom" />
// page.evaluate callbacks run in the browser: the DOM types describe them
import { expect, type Locator, type Page, test } from '@playwright/test';
import { seriousViolations } from './support/axe.ts';
import { addDish, continueButton, openCart, toast } from './support/cart.ts';
import { signInToConsole } from './support/console.ts';
import { DESKTOP, failOnConsoleErrors, openStorefront, shotPath } from './support/storefront.ts';

// issue 27, item 3: on /console/cobros the owner gives Palermo's transfer another account (a wrong CBU is
// refused live, with core's Spanish message under the field) and Take Away a service fee; a diner's
// checkout then shows the new account and charges the fee. At a phone and a desktop, with axe.

const PALERMO = 'donmateo-palermo';
const NEW_ALIAS = 'pizzeria.mateo';
const NEW_CBU = '2850590940090418135201';
const NEW_HOLDER = 'Mateo Pérez';
const WRONG_CBU = 'El CBU no es válido: revisá los números (los dígitos verificadores no coinciden).';

interface Settings {
  shopId: number;
  paymentTypes: Record<string, unknown>[];
  modes: { id: number; showName: string; serviceFee: unknown; surcharges: Record<string, unknown>[] }[];
}

/** Palermo's settings as the server has them (the owner's cookie is the page's). */
async function palermoSettings(page: Page): Promise<Settings> {
  const shops = (await (await page.request.get('/api/console/shop')).json()) as {
    id: number;
    alias: string;
  }[];
  const shop = shops.find((item) => item.alias === PALERMO);
  if (!shop) throw new Error('Palermo is not among the owner’s shops');
  const answer = await page.request.get(`/api/console/shop/${shop.id}/settings`);
  expect(answer.status()).toBe(200);
  return (await answer.json()) as Settings;
}

/** Puts back what the other journeys of this server expect. */
async function restore(page: Page, original: Settings): Promise<void> {
  const types = await page.request.put(`/api/console/shop/${original.shopId}/payment-types`, {
    data: { paymentTypes: original.paymentTypes.map(({ id, ...rest }) => ({ id, ...rest })) },
  });
  expect(types.status()).toBe(200);
  for (const mode of original.modes) {
    const fees = await page.request.put(`/api/console/shop/${original.shopId}/modes/${mode.id}/fees`, {
      data: { serviceFee: mode.serviceFee, surcharges: mode.surcharges },
    });
    expect(fees.status()).toBe(200);
  }
}

function card(page: Page, title: string): Locator {
  return page.locator('form').filter({ has: page.getByRole('heading', { name: title, level: 3 }) });
}

for (const [name, size] of [
  ['phone', {}],
  ['desktop', DESKTOP],
] as const) {
  test.describe(`at the ${name}`, () => {
    test.use(size);
    let original: Settings | null = null;

    test.afterEach(async ({ page }) => {
      if (original) await restore(page, original);
      original = null;
    });

    test('the owner changes the transfer account and a service fee, and the diner’s checkout shows them', async ({
      page,
    }) => {
      const shot = (step: string) => shotPath(`shop-settings-${name}-${step}`);
      // the login page asks for a session first (401): problems count from the signed-in console on
      await signInToConsole(page);
      const errors = failOnConsoleErrors(page);
      original = await palermoSettings(page);

      await page.goto('/console/cobros');
      await expect(page.getByRole('heading', { name: 'Medios de pago y pedidos', level: 2 })).toBeVisible();
      await page.getByLabel('Tienda').selectOption({ label: 'Don Mateo Palermo' });
      const payments = card(page, 'Medios de pago');
      await expect(payments.getByLabel('Alias')).toHaveValue('donmateo.palermo');
      expect(await seriousViolations(page)).toEqual([]);

      // a CBU whose check digit is wrong: core's message under the field as soon as it is typed
      const cbu = payments.getByLabel('CBU o CVU');
      await cbu.fill('0170099200000123456785');
      await expect(cbu).toHaveAttribute('aria-invalid', 'true');
      await expect(payments.getByText(WRONG_CBU)).toBeVisible();
      await payments.getByRole('button', { name: 'Guardar medios de pago' }).click();
      await expect(payments.getByText(WRONG_CBU)).toBeVisible();
      await page.screenshot({ path: shot('wrong-cbu.png'), fullPage: true });

      await payments.getByLabel('Alias').fill(NEW_ALIAS);
      await cbu.fill(NEW_CBU);
      await payments.getByLabel('Titular de la cuenta').fill(NEW_HOLDER);
      await expect(payments.getByText(WRONG_CBU)).toHaveCount(0);
      await payments.getByRole('button', { name: 'Guardar medios de pago' }).click();
      await expect(toast(page, 'Guardamos los medios de pago.')).toBeVisible();
      await expect(card(page, 'Medios de pago').getByLabel('CBU o CVU')).toHaveValue(NEW_CBU);

      // Take Away: $250 plus 3 % of the order
      const fees = card(page, 'Tasa de servicio y recargos');
      await fees.getByLabel('Forma de pedido').selectOption({ label: 'Take Away' });
      await fees.getByLabel(/^Tasa fija/).fill('250');
      await fees.getByLabel(/^Porcentaje del pedido/).fill('150');
      await fees.getByRole('button', { name: /^Guardar tasa y recargos/ }).click();
      await expect(fees.getByText('El porcentaje de la tasa de servicio va de 0 a 100 %.')).toBeVisible();
      await fees.getByLabel(/^Porcentaje del pedido/).fill('3');
      await fees.getByRole('button', { name: 'Guardar tasa y recargos de Take Away' }).click();
      await expect(toast(page, 'Guardamos la tasa de servicio y los recargos.')).toBeVisible();
      // the card shows what was saved, still on Take Away
      await expect(fees.getByLabel('Forma de pedido').locator('option:checked')).toHaveText('Take Away');
      await expect(fees.getByLabel(/^Porcentaje del pedido/)).toHaveValue('3');
      expect(await seriousViolations(page)).toEqual([]);
      await page.screenshot({ path: shot('saved.png'), fullPage: true });

      // the diner: Fugazzeta 13.500, fee 250 + 405 = 655, and the new account for the transfer
      await openStorefront(page, `/menu/${PALERMO}/Take_Away`);
      await addDish(page, { category: 'Pizzas', dish: 'Fugazzeta' });
      await openCart(page);
      await continueButton(page).click();
      await expect(page).toHaveURL(new RegExp(`/menu/${PALERMO}/checkout$`));
      const summary = page.locator('.price-summary__row').filter({ hasText: 'Tasa de Servicio' });
      await expect(summary).toContainText('$655');
      await page.getByRole('radio', { name: 'Transferencia' }).check();
      const account = page.getByRole('region', { name: 'Datos para transferir' });
      await expect(account).toContainText(NEW_ALIAS);
      await expect(account).toContainText(NEW_HOLDER);
      await expect(account).toContainText('Transferí $14.155 a esta cuenta:');
      await page.screenshot({ path: shot('checkout.png'), fullPage: true });
      expect(errors).toEqual([]);
    });
  });
}
