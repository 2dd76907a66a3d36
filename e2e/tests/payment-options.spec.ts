/// <reference lib="dom" />
import { expect, type Page, test } from '@playwright/test';
import { addDish, continueButton, openCart, toast } from './support/cart.ts';
import { failOnConsoleErrors, openStorefront } from './support/storefront.ts';

// Don Mateo Belgrano asks diners to confirm a summary before the order goes out, takes transfers to its
// own account and payment links paid on the sandbox's hosted page
test.use({ viewport: { width: 390, height: 844 } });

async function belgranoTakeAway(page: Page, name: string, phone: string) {
  await openStorefront(page, '/menu/donmateo-belgrano/Take_Away');
  await addDish(page, { category: 'Pizzas', dish: 'Fugazzeta' });
  await openCart(page);
  await continueButton(page).click();
  await expect(page).toHaveURL(/\/menu\/donmateo-belgrano\/checkout$/);
  await page.getByRole('textbox', { name: /^Nombre/ }).fill(name);
  await page.getByRole('textbox', { name: /^Teléfono/ }).fill(phone);
}

const placeButton = (page: Page) => page.getByRole('button', { name: /^Realizar pedido/ });
const confirmDialog = (page: Page) => page.getByRole('dialog', { name: 'Confirmá tu pedido' });

test('a transfer shows the shop’s account and amount, asks to confirm, and the follow-up repeats them', async ({
  page,
}) => {
  const errors = failOnConsoleErrors(page);
  await belgranoTakeAway(page, 'Marta Gómez', '11 5555 0177');
  await page.getByRole('radio', { name: 'Transferencia' }).check();
  const account = page.getByRole('region', { name: 'Datos para transferir' });
  await expect(account).toContainText('Transferí $13.500 a esta cuenta:');
  await expect(account).toContainText('donmateo.belgrano');
  // the CBU in its blocks, as people compare it with their bank's screen
  await expect(account).toContainText('2850590 9 0940012345671 6');
  await expect(account).toContainText('Sabores del Sur S.A.');
  await expect(account.getByRole('button', { name: 'Copiar Alias' })).toBeVisible();

  // 'Revisar' goes back to the checkout without sending anything
  let posts = 0;
  page.on('request', (r) => {
    if (r.method() === 'POST' && new URL(r.url()).pathname === '/api/order') posts += 1;
  });
  await placeButton(page).click();
  await expect(confirmDialog(page)).toContainText('Don Mateo Belgrano');
  await expect(confirmDialog(page)).toContainText('Retirás en Av. Cabildo 2040');
  await expect(confirmDialog(page)).toContainText('Lo antes posible');
  await expect(confirmDialog(page)).toContainText('Transferencia');
  await expect(confirmDialog(page)).toContainText('$13.500');
  await confirmDialog(page).getByRole('button', { name: 'Revisar' }).click();
  await expect(confirmDialog(page)).toHaveCount(0);
  expect(posts).toBe(0);

  await placeButton(page).click();
  const placed = page.waitForResponse(
    (r) => r.url().endsWith('/api/order') && r.request().method() === 'POST',
  );
  await confirmDialog(page).getByRole('button', { name: 'Confirmar pedido' }).click();
  expect((await placed).status()).toBe(201);
  expect(posts).toBe(1);
  await expect(page).toHaveURL(/\/menu\/donmateo-belgrano\/order\/[A-Z0-9]+/);
  const followUpAccount = page.getByRole('region', { name: 'Datos para transferir' });
  await expect(followUpAccount).toContainText('Transferí $13.500 a esta cuenta:');
  await expect(followUpAccount).toContainText('donmateo.belgrano');
  expect(errors).toEqual([]);
});

test('cash shows the change due, on the checkout and on the follow-up', async ({ page }) => {
  const errors = failOnConsoleErrors(page);
  await belgranoTakeAway(page, 'Marta Gómez', '11 5555 0178');
  await page.getByRole('radio', { name: 'Efectivo' }).check();
  const paysWith = page.getByRole('textbox', { name: /Con cuánto abonás/ });
  await paysWith.fill('13500');
  await expect(page.getByText('Abonás justo, sin vuelto.')).toBeVisible();
  await paysWith.fill('20000');
  await expect(page.getByText('Tu vuelto: $6.500')).toBeVisible();
  await placeButton(page).click();
  await expect(confirmDialog(page)).toContainText('Efectivo (abonás con $20.000, vuelto $6.500)');
  await confirmDialog(page).getByRole('button', { name: 'Confirmar pedido' }).click();
  await expect(page).toHaveURL(/\/menu\/donmateo-belgrano\/order\/[A-Z0-9]+/);
  await expect(page.getByText(/Abonás con \$20\.000 · Tu vuelto: \$6\.500/)).toBeVisible();
  expect(errors).toEqual([]);
});

test('a payment link is paid on the hosted page and the follow-up shows the order paid', async ({ page }) => {
  const errors = failOnConsoleErrors(page);
  await belgranoTakeAway(page, 'Marta Gómez', '11 5555 0179');
  await page.getByRole('radio', { name: 'Link de pago' }).check();
  await placeButton(page).click();
  await confirmDialog(page).getByRole('button', { name: 'Confirmar pedido' }).click();

  // the provider's page (the sandbox's, offline) with the order and its amount
  await expect(page).toHaveURL(/\/api\/payments\/sandbox\/checkout\//);
  await expect(page.getByRole('heading', { name: /^Pedido [A-Z0-9]+$/ })).toBeVisible();
  await expect(page.getByText('$13.500')).toBeVisible();
  const code = ((await page.getByRole('heading', { name: /^Pedido / }).textContent()) ?? '').replace(
    'Pedido ',
    '',
  );

  // before paying, the follow-up waits for the payment and offers 'Pagar' with the same link
  const waiting = await page.context().newPage();
  await waiting.goto(`/menu/donmateo-belgrano/order/${code}`);
  await expect(waiting.getByText('Esperando el pago')).toBeVisible();
  await expect(waiting.getByRole('link', { name: 'Pagar' })).toHaveAttribute(
    'href',
    /\/api\/payments\/sandbox\/checkout\//,
  );
  await waiting.close();

  await page.getByRole('button', { name: 'Pagar' }).click();
  // back on the follow-up with the bank's return (token_ws): paid, and on its way to the kitchen
  await expect(page).toHaveURL(new RegExp(`/menu/donmateo-belgrano/order/${code}`));
  await expect(page.getByText('¡Pago aprobado! Tu pedido ya fue enviado al local.')).toBeVisible();
  await expect(page.getByText('Esperando el pago')).toHaveCount(0);
  await expect(
    toast(page, 'Hubo un error procesando su pago, vuelva a intentarlo en unos momentos'),
  ).toHaveCount(0);
  expect(errors).toEqual([]);
});

test('a link the provider cannot make: the order is kept with the spec’s text, and “Pagar” says so again if it fails', async ({
  page,
}) => {
  await belgranoTakeAway(page, 'Marta Gómez', '11 5555 0180');
  await page.getByRole('radio', { name: 'Link de pago' }).check();
  // the provider was away when the order was placed: neither the answer nor the follow-up has a link
  await page.route('**/api/order', async (route) => {
    const response = await route.fetch();
    const body = await response.json();
    if (response.status() === 201) delete body.data.paymentUrl;
    await route.fulfill({ response, json: body });
  });
  await page.route('**/api/diner/donmateo-belgrano/order/*', async (route) => {
    const response = await route.fetch();
    const body = await response.json();
    if (body.paymentInfo) body.paymentInfo.paymentUrl = null;
    await route.fulfill({ response, json: body });
  });
  await placeButton(page).click();
  await confirmDialog(page).getByRole('button', { name: 'Confirmar pedido' }).click();
  await expect(
    toast(page, 'Hubo un error generando el link de pago o el texto a enviar, inténtelo en unos minutos.'),
  ).toBeVisible();
  // the order is kept, waiting for its payment
  await expect(page).toHaveURL(/\/menu\/donmateo-belgrano\/order\/[A-Z0-9]+/);
  await expect(page.getByText('Esperando el pago')).toBeVisible();

  // 'Pagar' while the provider is still away: the spec's payment URL text, and the order as it was
  await page.route('**/api/paymenturl', (route) =>
    route.fulfill({
      status: 502,
      json: {
        code: 'PAYMENT_LINK_FAILED',
        message: 'Error generando link de pago, inténtelo nuevamente más tarde.',
      },
    }),
  );
  await page.getByRole('button', { name: 'Pagar', exact: true }).click();
  await expect(toast(page, 'Error generando link de pago, inténtelo nuevamente más tarde.')).toBeVisible();
  await expect(page.getByText('Esperando el pago')).toBeVisible();
});
