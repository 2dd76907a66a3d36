/// <reference lib="dom" />
// page.evaluate callbacks run in the browser: the DOM types describe them
import { expect, type Page, test } from '@playwright/test';
import { WEDNESDAY } from '../playwright.config.ts';
import { seriousViolations } from './support/axe.ts';
import { toast } from './support/cart.ts';
import { signInToConsole } from './support/console.ts';
import {
  anotherPhone,
  DESKTOP,
  failOnConsoleErrors,
  openStorefront,
  shotPath,
} from './support/storefront.ts';

// issue 27, "Hours": the owner closes a shop for a day with a message on /console/horarios, a diner
// reads that message in the closed notice, and the shop opens again when the closure is removed. At a
// phone and a desktop.

/** The Wednesday server's local date (NOW, 15:00 in Buenos Aires). */
const TODAY = '2026-11-18';
const MESSAGE = 'Cerramos por inventario, volvemos mañana.';
const PALERMO = { alias: 'donmateo-palermo', name: 'Don Mateo Palermo' };

/** The id of Don Mateo Palermo among the owner's shops (the owner's cookie is the page's). */
async function palermoId(page: Page): Promise<number> {
  const answer = await page.request.get('/api/console/shop');
  expect(answer.status()).toBe(200);
  const shops = (await answer.json()) as { id: number; alias: string }[];
  const shop = shops.find((item) => item.alias === PALERMO.alias);
  if (!shop) throw new Error('Don Mateo Palermo is not among the owner’s shops');
  return shop.id;
}

/** Palermo without closures, as every other journey of this server expects it. */
async function removeClosures(page: Page, id: number): Promise<void> {
  const answer = await page.request.put(`/api/console/shop/${id}/closures`, { data: { closures: [] } });
  expect(answer.status()).toBe(200);
}

for (const [name, size] of [
  ['phone', {}],
  ['desktop', DESKTOP],
] as const) {
  test.describe(`at the ${name}`, () => {
    test.use(size);
    let shopId: number | null = null;

    test.afterEach(async ({ page }) => {
      // whatever happened, the shop is open again for the next journey on this server
      if (shopId !== null) await removeClosures(page, shopId);
      shopId = null;
    });

    test('the owner closes a shop for today with a message, the diner reads it, and the shop opens again', async ({
      page,
      browser,
    }) => {
      const shot = (step: string) => shotPath(`closures-${name}-${step}`);
      await signInToConsole(page);
      shopId = await palermoId(page);
      // the owner's page marks today's closure 'Hoy' by the device's day: it lives on the server's (NOW);
      // the diner's notice needs no such thing, the server says which closure covers now
      await page.clock.setFixedTime(new Date(WEDNESDAY.now));

      // from the owner's pages, 'Horarios' comes right after 'Tu tienda'
      await page.goto('/console/tienda');
      await expect(page.getByRole('heading', { name: 'Tu tienda', level: 1 })).toBeVisible();
      const sections = page.getByRole('navigation', { name: 'Secciones' });
      await expect(sections.getByRole('link')).toHaveText([
        'Pedidos',
        'Historial',
        'Reportes',
        'Tu tienda',
        'Horarios',
        'Envíos',
        'Menú',
        'Marca',
        'Cobros',
        'Equipo',
      ]);
      await sections.getByRole('link', { name: 'Horarios' }).click();
      await expect(page).toHaveURL(/\/console\/horarios$/);
      await expect(page.getByRole('heading', { name: 'Horarios y cierres', level: 1 })).toBeVisible();
      await expect(sections.getByRole('link', { name: 'Horarios' })).toHaveAttribute('aria-current', 'page');

      const card = page.getByRole('region', { name: PALERMO.name, exact: true });
      // its hours, read only here, with the way to change them
      await expect(card.getByText('Miércoles', { exact: true })).toBeVisible();
      await expect(card.getByRole('link', { name: /^Cambiar horarios/ })).toHaveAttribute(
        'href',
        '/console/tienda',
      );
      await expect(card.getByText('No tenés cierres programados.')).toBeVisible();
      const form = card.getByRole('form', { name: 'Agregar un cierre' });
      const from = form.getByLabel('Desde', { exact: true });
      const to = form.getByLabel('Hasta', { exact: true });
      const message = form.getByRole('textbox', { name: 'Mensaje para tus clientes' });
      const save = form.getByRole('button', { name: 'Guardar cierre' });

      // an end before the start, under 'Hasta', before anything is sent
      await from.fill('2026-11-20');
      await expect(to).toHaveValue('2026-11-20');
      await to.fill('2026-11-19');
      await save.click();
      await expect(to).toHaveAccessibleDescription('El cierre termina antes de empezar. Revisá las fechas.');
      await expect(to).toHaveAttribute('aria-invalid', 'true');
      await expect(to).toBeFocused();
      await to.scrollIntoViewIfNeeded();
      await page.screenshot({ path: shot('01-bad-range.png'), fullPage: true });
      expect(await seriousViolations(page)).toEqual([]);

      // a closure already over: the server says so, under the same field
      await from.fill('2026-11-10');
      await to.fill('2026-11-10');
      const refused = page.waitForResponse(
        (r) => r.url().endsWith(`/api/console/shop/${shopId}/closures`) && r.request().method() === 'PUT',
      );
      await save.click();
      expect((await refused).status()).toBe(400);
      await expect(to).toHaveAccessibleDescription(
        'Ese cierre ya pasó. Quitalo o elegí fechas que todavía no llegaron.',
      );

      // today, 'Hasta' following 'Desde', with a message for the diners (from here on nothing is refused,
      // so the console stays free of errors: the 400 above is one, 'Failed to load resource')
      await page.reload();
      const errors = failOnConsoleErrors(page);
      await expect(page.getByRole('heading', { name: 'Horarios y cierres', level: 1 })).toBeVisible();
      await from.fill(TODAY);
      await expect(to).toHaveValue(TODAY);
      await message.fill(MESSAGE);
      await expect(form.getByText(`${MESSAGE.length}/200`)).toBeVisible();
      const saved = page.waitForResponse(
        (r) => r.url().endsWith(`/api/console/shop/${shopId}/closures`) && r.request().method() === 'PUT',
      );
      await save.click();
      const answer = await saved;
      expect(answer.status()).toBe(200);
      expect(answer.request().postDataJSON()).toEqual({
        closures: [{ startsOn: TODAY, endsOn: TODAY, message: MESSAGE }],
      });
      await expect(toast(page, 'Guardamos el cierre.')).toBeVisible();
      const closure = card.getByRole('listitem').filter({ hasText: 'Cerrado el 18 de noviembre' });
      await expect(closure).toContainText(MESSAGE);
      await expect(closure).toContainText('Hoy');
      const remove = closure.getByRole('button', { name: 'Quitar el cierre el 18 de noviembre' });
      await expect(remove).toBeVisible();
      // the form is empty again for the next one
      await expect(from).toHaveValue('');
      await expect(message).toHaveValue('');
      await closure.scrollIntoViewIfNeeded();
      await page.screenshot({ path: shot('02-closure-saved.png'), fullPage: true });
      expect(await seriousViolations(page)).toEqual([]);

      // a diner opening the shop reads the owner's message
      const diner = await anotherPhone(browser, name === 'desktop' ? DESKTOP : {});
      const dinerErrors = failOnConsoleErrors(diner);
      await openStorefront(diner, `/menu/${PALERMO.alias}`);
      await expect(diner.getByRole('heading', { name: '¿Qué menú querés ver?' })).toBeVisible();
      await diner.getByRole('link', { name: /Delivery/ }).click();
      await expect(diner).toHaveURL(/\/menu\/donmateo-palermo\/Delivery$/);
      const notice = diner.getByRole('dialog', { name: /^(Local cerrado|Programa tu pedido)$/ });
      await expect(notice).toBeVisible();
      await expect(notice).toContainText(MESSAGE);
      await diner.screenshot({ path: shot('03-diner-closed.png'), animations: 'disabled' });
      await notice.getByRole('button', { name: 'Entendido' }).click();
      await expect(notice).toHaveCount(0);
      await expect(diner.getByRole('status').filter({ hasText: /^Local cerrado/ })).toBeVisible();

      // the owner removes it: the focus stays on the closures, the shop opens again
      const removed = page.waitForResponse(
        (r) => r.url().endsWith(`/api/console/shop/${shopId}/closures`) && r.request().method() === 'PUT',
      );
      await remove.click();
      const removal = await removed;
      expect(removal.status()).toBe(200);
      expect(removal.request().postDataJSON()).toEqual({ closures: [] });
      await expect(toast(page, 'Quitamos el cierre.')).toBeVisible();
      await expect(closure).toHaveCount(0);
      await expect(card.getByText('No tenés cierres programados.')).toBeVisible();
      await expect(card.getByRole('heading', { name: 'Feriados y cierres' })).toBeFocused();
      await page.screenshot({ path: shot('04-closure-removed.png'), fullPage: true });

      // a new visit (a new tab: the notice shows once per tab) finds the shop open
      const again = await diner.context().newPage();
      const againErrors = failOnConsoleErrors(again);
      await openStorefront(again, `/menu/${PALERMO.alias}/Delivery`);
      await expect(again.getByRole('heading', { name: 'Pizzas', exact: true })).toBeVisible();
      await expect(again.getByRole('dialog')).toHaveCount(0);
      await expect(again.getByRole('status').filter({ hasText: /^Local cerrado/ })).toHaveCount(0);
      await again.screenshot({ path: shot('05-diner-open.png') });

      await diner.context().close();
      expect(errors).toEqual([]);
      expect(dinerErrors).toEqual([]);
      expect(againErrors).toEqual([]);
    });
  });
}
