import { expect, type Page, test } from '@playwright/test';
import { addDish, continueButton, ITEM_ADDED, openCart, openDish } from './support/cart.ts';
import { DESKTOP, failOnConsoleErrors, openStorefront, shotPath } from './support/storefront.ts';

// issue 17 item 4: the same toast is not stacked; the cart animation is not repeated per tap
const DELIVERY = '/menu/donmateo-palermo/Delivery';
const MAX_TIRAMISU = 'Has alcanzado el máximo de unidades (2) para este producto';

interface ToastLog {
  /** Most toasts of one same text on screen at once. */
  maxIdentical: number;
  /** Most toasts on screen at once. */
  maxShown: number;
  seen: string[];
  removed: { text: string; at: number }[];
  clicks: number[];
}

/**
 * Records, in the page, every toast shown and removed and every click, with the page's own clock: the
 * assertions then hold however slowly the test drives the page (timers fire late, never early).
 */
async function watchToasts(page: Page): Promise<void> {
  await page.addInitScript(() => {
    const log: ToastLog = { maxIdentical: 0, maxShown: 0, seen: [], removed: [], clicks: [] };
    (window as unknown as { toastLog: ToastLog }).toastLog = log;
    new MutationObserver((records) => {
      for (const record of records) {
        for (const node of record.removedNodes) {
          if (node instanceof HTMLElement && node.classList.contains('toast'))
            log.removed.push({ text: node.textContent ?? '', at: performance.now() });
        }
      }
      const texts = [...document.querySelectorAll('.toast')].map((toast) => toast.textContent ?? '');
      log.maxShown = Math.max(log.maxShown, texts.length);
      for (const text of texts) {
        log.maxIdentical = Math.max(log.maxIdentical, texts.filter((other) => other === text).length);
        if (!log.seen.includes(text)) log.seen.push(text);
      }
    }).observe(document, { childList: true, subtree: true });
    document.addEventListener('click', () => log.clicks.push(performance.now()), true);
  });
}

function toastLog(page: Page): Promise<ToastLog> {
  return page.evaluate(() => (window as unknown as { toastLog: ToastLog }).toastLog);
}

/** Counts how many times the element gets the class (each time is one run of the animation). */
async function countClassAdditions(page: Page, selector: string, className: string): Promise<void> {
  await page.evaluate(
    ({ selector, className }) => {
      const target = document.querySelector(selector);
      if (!target) throw new Error(`${selector} not found`);
      const w = window as unknown as { classAdded: number };
      let had = target.classList.contains(className);
      w.classAdded = had ? 1 : 0;
      new MutationObserver(() => {
        const has = target.classList.contains(className);
        if (has && !had) w.classAdded += 1;
        had = has;
      }).observe(target, { attributes: true, attributeFilter: ['class'] });
    },
    { selector, className },
  );
}

function classAdditions(page: Page): Promise<number> {
  return page.evaluate(() => (window as unknown as { classAdded: number }).classAdded);
}

const viewports = [
  { name: 'phone (390 x 844)', use: {} },
  {
    name: 'desktop (1366 x 900)',
    use: DESKTOP,
  },
];

for (const viewport of viewports) {
  test.describe(viewport.name, () => {
    test.use(viewport.use);

    test('the same message twice shows one toast, refreshed; another message still stacks', async ({
      page,
    }) => {
      const problems = failOnConsoleErrors(page);
      await watchToasts(page);
      await openStorefront(page, DELIVERY);

      // Tiramisú allows two units: the second and third taps are refused with the same message
      const dish = await openDish(page, 'Postres', 'Tiramisú');
      const more = dish.getByRole('button', { name: 'Sumar una unidad', exact: true });
      await more.click();
      await more.click();
      await expect(page.locator('.toast')).toHaveText([MAX_TIRAMISU]);
      await page.waitForTimeout(1000);
      await more.click();
      await page.screenshot({ path: shotPath(`toast-once-${viewport.name.split(' ')[0]}.png`) });
      await expect(page.locator('.toast')).toHaveCount(0, { timeout: 10_000 });

      let log = await toastLog(page);
      expect(log.maxIdentical).toBe(1);
      expect(log.removed.map((toast) => toast.text)).toEqual([MAX_TIRAMISU]);
      // shown again a second into its 3 s, it stayed its full time from the last tap
      const lastTap = log.clicks.at(-1) ?? 0;
      const refusedAt = log.clicks.at(-2) ?? 0;
      const goneAt = log.removed[0]?.at ?? 0;
      expect(goneAt - lastTap).toBeGreaterThanOrEqual(2900);
      expect(goneAt - refusedAt).toBeGreaterThanOrEqual(3900);

      // a different message stacks beside it (the spec's at most two)
      await more.click();
      await dish.getByRole('button', { name: /^Agregar/ }).click();
      await expect(page.locator('.toast').filter({ hasText: ITEM_ADDED })).toBeVisible();
      log = await toastLog(page);
      expect(log.maxShown).toBe(2);
      expect(log.maxIdentical).toBe(1);
      expect(problems).toEqual([]);
    });

    test('adding twice in a row shows one toast and one cart animation', async ({ page }) => {
      const problems = failOnConsoleErrors(page);
      await watchToasts(page);
      await openStorefront(page, DELIVERY);
      await addDish(page, { category: 'Empanadas', dish: 'Empanada de carne' });
      await addDish(page, { category: 'Empanadas', dish: 'Empanada de humita' });

      // 'Te recomendamos' on 'Mi pedido': two quick taps, one toast, the animation plays once
      if (viewport.name.startsWith('desktop')) {
        await page
          .getByRole('complementary', { name: 'Mi pedido' })
          .getByRole('link', { name: /Ver mi pedido/ })
          .click();
        await expect(page.getByRole('heading', { name: 'Mi pedido', level: 1 })).toBeVisible();
      } else {
        await openCart(page);
      }
      await expect(continueButton(page)).toBeVisible();
      await expect(continueButton(page)).not.toHaveClass(/--added/, { timeout: 10_000 });
      await countClassAdditions(page, '.cart-continue__button', 'cart-continue__button--added');
      await page.getByRole('button', { name: 'Agregar Coca-Cola 500 ml' }).click();
      await page.getByRole('button', { name: 'Agregar Agua sin gas 500 ml' }).click();
      await expect(continueButton(page)).toContainText('$7.400');
      await expect(continueButton(page)).not.toHaveClass(/--added/, { timeout: 10_000 });
      expect(await classAdditions(page)).toBe(1);
      const log = await toastLog(page);
      expect(log.seen).toContain(ITEM_ADDED);
      expect(log.maxIdentical).toBe(1);
      expect(problems).toEqual([]);
    });
  });
}
