import { expect, test } from '@playwright/test';
import { MONDAY } from '../playwright.config.ts';
import { cartLine, openCart } from './support/cart.ts';
import { failOnConsoleErrors, openStorefront } from './support/storefront.ts';

test.describe('on a Monday', () => {
  test.use({ baseURL: `http://127.0.0.1:${MONDAY.port}` });

  test('the closed notice shows once per session, and a dish of a closed shop cannot be added', async ({
    page,
  }) => {
    const problems = failOnConsoleErrors(page);
    await openStorefront(page, '/menu/donmateo-belgrano/Delivery');
    const notice = page.getByRole('dialog', { name: 'Local cerrado' });
    await expect(notice).toBeVisible();
    // 'Ver horarios' closes the notice and opens the hours
    await notice.getByRole('button', { name: 'Ver horarios' }).click();
    await expect(notice).toHaveCount(0);
    const hours = page.getByRole('dialog', { name: 'Informacion' });
    await expect(hours).toContainText('Lunes');
    await hours.getByRole('button', { name: 'Cerrar' }).click();
    await expect(hours).toHaveCount(0);

    await page.reload();
    await expect(page.getByRole('status').filter({ hasText: 'Local cerrado.' })).toBeVisible();
    await expect(page.getByRole('heading', { name: 'Pizzas', exact: true })).toBeVisible();
    await expect(page.getByRole('dialog')).toHaveCount(0);

    // the other mode of the same shop does not show it again either
    await page.goto('/menu/donmateo-belgrano/Take_Away');
    await expect(page.getByRole('heading', { name: 'Pizzas', exact: true })).toBeVisible();
    await expect(page.getByRole('status').filter({ hasText: 'Local cerrado.' })).toBeVisible();
    await expect(page.getByRole('dialog', { name: 'Local cerrado' })).toHaveCount(0);

    // a dish can be looked at, not added
    await page
      .getByRole('region', { name: 'Pizzas', exact: true })
      .getByRole('link', { name: 'Fugazzeta' })
      .click();
    const dish = page.getByRole('dialog', { name: 'Fugazzeta' });
    await expect(dish.getByRole('note')).toHaveText(
      'El local está cerrado y no es posible realizar pedidos. Intenta nuevamente dentro del horario de apertura.',
    );
    await expect(dish.getByRole('button', { name: /^Agregar/ })).toHaveCount(0);
    expect(problems).toEqual([]);
  });
});

test('a scheduled-only mode says "Programa tu pedido" once, and still takes dishes', async ({ page }) => {
  const problems = failOnConsoleErrors(page);
  await openStorefront(page, '/menu/kenzo-nunez/Delivery');
  const notice = page.getByRole('dialog', { name: 'Programa tu pedido' });
  await expect(notice).toContainText(
    'Programa tu pedido para más adelante. En este momento el local está cerrado.',
  );
  await notice.getByRole('button', { name: 'Entendido' }).click();
  await expect(notice).toHaveCount(0);
  await expect(
    page.getByRole('status').filter({ hasText: 'Local cerrado, programa tu pedido.' }),
  ).toBeVisible();

  await page.reload();
  await expect(page.getByRole('heading', { name: 'Rolls', exact: true })).toBeVisible();
  await expect(page.getByRole('dialog')).toHaveCount(0);

  await page
    .getByRole('region', { name: 'Rolls', exact: true })
    .getByRole('link', { name: 'Veggie roll' })
    .click();
  await expect(page.getByRole('heading', { name: 'Veggie roll', level: 1 })).toBeVisible();
  await page.getByRole('button', { name: /^Agregar/ }).click();
  await expect(page).toHaveURL(/\/menu\/kenzo-nunez\/Delivery$/);
  await openCart(page);
  await expect(cartLine(page, 'Veggie roll')).toContainText('$7.800');
  expect(problems).toEqual([]);
});
