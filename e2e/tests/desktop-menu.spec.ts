import AxeBuilder from '@axe-core/playwright';
import { expect, type Page, test } from '@playwright/test';
import { addDish, cartBar, cartLine, continueButton, openCart } from './support/cart.ts';
import { DESKTOP, failOnConsoleErrors, openStorefront, shotPath } from './support/storefront.ts';

// issue 17 item 1: from 1024 px the menu has 'Mi pedido' as a column beside it; a phone keeps the bar
const DELIVERY = '/menu/donmateo-palermo/Delivery';

function cartColumn(page: Page) {
  return page.getByRole('complementary', { name: 'Mi pedido' });
}

/** axe's serious and critical findings, once the animations (a toast, the cart's) have settled. */
async function seriousViolations(page: Page): Promise<string[]> {
  // a cancelled animation (its class removed) rejects its promise: that too counts as settled
  await page.evaluate(() =>
    Promise.all(
      document
        .getAnimations()
        .filter((animation) => animation.effect?.getTiming().iterations !== Number.POSITIVE_INFINITY)
        .map((animation) => animation.finished.catch(() => undefined)),
    ),
  );
  const results = await new AxeBuilder({ page })
    .withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'])
    .analyze();
  return results.violations
    .filter((violation) => violation.impact === 'serious' || violation.impact === 'critical')
    .map(
      (violation) => `${violation.id}: ${violation.nodes.map((node) => node.target.join(' ')).join(', ')}`,
    );
}

async function box(page: Page, selector: string) {
  const found = await page.locator(selector).first().boundingBox();
  if (!found) throw new Error(`${selector} is not rendered`);
  return found;
}

test.describe('phone (390 x 844)', () => {
  test('the menu keeps its one column and the bottom cart bar, with no cart column', async ({ page }) => {
    const problems = failOnConsoleErrors(page);
    await openStorefront(page, DELIVERY);
    await expect(page.getByRole('heading', { name: 'Lo más destacado' })).toBeVisible();
    await expect(cartColumn(page)).toHaveCount(0);
    // the header and banner still span the screen, as before
    const header = await box(page, '.store-header');
    expect(header.x).toBe(0);
    expect(header.width).toBe(390);

    await addDish(page, { category: 'Empanadas', dish: 'Empanada de carne', quantity: 2 });
    await expect(cartBar(page)).toBeVisible();
    await expect(cartBar(page)).toContainText('$3.600');
    await expect(cartColumn(page)).toHaveCount(0);
    const bar = await box(page, '.cart-bar__link');
    expect(bar.y + bar.height).toBeGreaterThan(844 - 40);
    await page.screenshot({ path: shotPath('menu-phone.png') });

    await openCart(page);
    await expect(cartLine(page, 'Empanada de carne')).toBeVisible();
    await page.screenshot({ path: shotPath('cart-phone.png') });
    expect(problems).toEqual([]);
  });
});

test.describe('desktop (1366 x 900)', () => {
  test.use(DESKTOP);

  test('the cart is a sticky column beside the menu: empty, filled by adding, changed in place, continued', async ({
    page,
  }) => {
    const problems = failOnConsoleErrors(page);
    await openStorefront(page, DELIVERY);
    const column = cartColumn(page);
    await expect(column).toBeVisible();
    await expect(column.getByRole('heading', { name: 'Mi pedido', level: 2 })).toBeVisible();
    await expect(column).toContainText('Tu pedido está vacío');
    await expect(column.getByRole('link', { name: /Ver mi pedido/ })).toHaveCount(0);
    await expect(page.locator('.cart-bar')).toHaveCount(0);

    // a real wide layout: the menu on the left, the column on the right, the banner no wider than the menu
    const main = await box(page, '.menu-layout__main');
    const aside = await box(page, '.cart-column');
    const header = await box(page, '.store-header');
    const banner = await box(page, '.store-header__cover');
    expect(main.width).toBeGreaterThan(700);
    expect(aside.x).toBeGreaterThanOrEqual(main.x + main.width);
    expect(aside.width).toBeGreaterThanOrEqual(320);
    expect(header.x).toBeGreaterThanOrEqual(main.x - 1);
    expect(header.x + header.width).toBeLessThanOrEqual(main.x + main.width + 1);
    expect(banner.width).toBeLessThanOrEqual(main.width + 1);
    expect(banner.height).toBeLessThan(260);
    await page.screenshot({ path: shotPath('menu-desktop-empty.png') });
    expect(await seriousViolations(page)).toEqual([]);

    // adding a dish fills the column: the line, the subtotal and the way on
    await addDish(page, { category: 'Empanadas', dish: 'Empanada de carne', quantity: 2 });
    const line = column
      .getByRole('listitem')
      .filter({ has: page.getByRole('heading', { name: 'Empanada de carne' }) });
    await expect(line).toBeVisible();
    await expect(column.getByRole('group', { name: 'Cantidad de Empanada de carne' })).toContainText('2');
    const seeOrder = column.getByRole('link', { name: /Ver mi pedido/ });
    await expect(seeOrder).toContainText('$3.600');
    await expect(column).toContainText(/Subtotal\s*\$3\.600/);
    await expect(page.locator('.cart-bar')).toHaveCount(0);

    // the quantity changes in place (a third empanada is free: buy 3 pay 2)
    await column.getByRole('button', { name: 'Sumar una unidad de Empanada de carne' }).click();
    await expect(column.getByRole('group', { name: 'Cantidad de Empanada de carne' })).toContainText('3');
    await expect(seeOrder).toContainText('$3.600');
    await expect(seeOrder).toHaveAccessibleName(/^3 productos Ver mi pedido \$3\.600$/);

    await addDish(page, { category: 'Pizzas', dish: 'Napolitana' });
    await expect(column.getByRole('heading', { name: 'Napolitana', level: 3 })).toBeVisible();
    await expect(seeOrder).toContainText('$13.840');

    // it stays in view while the diner scrolls the menu
    await page.getByRole('heading', { name: 'Postres', exact: true }).scrollIntoViewIfNeeded();
    await expect(column.getByRole('heading', { name: 'Mi pedido', level: 2 })).toBeInViewport();
    await expect(seeOrder).toBeInViewport();
    await page.screenshot({ path: shotPath('menu-desktop-cart.png') });
    expect(await seriousViolations(page)).toEqual([]);

    // removing the last unit of a line from the column
    await column.getByRole('button', { name: 'Eliminar Napolitana' }).click();
    await expect(column.getByRole('heading', { name: 'Napolitana', level: 3 })).toHaveCount(0);
    await expect(seeOrder).toContainText('$3.600');
    await addDish(page, { category: 'Pizzas', dish: 'Napolitana' });
    await expect(seeOrder).toContainText('$13.840');

    // continuing: 'Mi pedido' in two columns, then the checkout
    await seeOrder.click();
    await expect(page).toHaveURL(/\/preview(\?|$)/);
    await expect(page.getByRole('heading', { name: 'Mi pedido', level: 1 })).toBeVisible();
    await expect(cartLine(page, 'Napolitana')).toBeVisible();
    const lines = await box(page, '.cart-lines');
    const summary = await box(page, '.cart-summary');
    expect(summary.x).toBeGreaterThanOrEqual(lines.x + lines.width);
    expect(lines.width).toBeGreaterThan(600);
    // 'Continuar' is a bottom element: half the screen above 1025 px (the spec)
    // its layout width: the add-to-cart pulse scales the button for a moment, which a box would measure
    const width = await continueButton(page).evaluate((button) => (button as HTMLElement).offsetWidth);
    const share = width / 1366;
    expect(share).toBeGreaterThan(0.45);
    expect(share).toBeLessThanOrEqual(0.5);
    await page.screenshot({ path: shotPath('cart-desktop.png') });
    expect(await seriousViolations(page)).toEqual([]);
    await continueButton(page).click();
    await expect(page).toHaveURL(/\/checkout(\?|$)/);
    expect(problems).toEqual([]);
  });

  test('narrowed to a phone the column gives way to the bottom bar', async ({ page }) => {
    const problems = failOnConsoleErrors(page);
    await openStorefront(page, DELIVERY);
    await addDish(page, { category: 'Empanadas', dish: 'Empanada de humita' });
    await expect(cartColumn(page).getByRole('link', { name: /Ver mi pedido/ })).toContainText('$1.800');
    await expect(page.locator('.cart-bar')).toHaveCount(0);
    await page.setViewportSize({ width: 390, height: 844 });
    await expect(cartColumn(page)).toHaveCount(0);
    await expect(cartBar(page)).toContainText('$1.800');
    await page.setViewportSize({ width: 1366, height: 900 });
    await expect(cartColumn(page)).toBeVisible();
    await expect(page.locator('.cart-bar')).toHaveCount(0);
    expect(problems).toEqual([]);
  });
});
