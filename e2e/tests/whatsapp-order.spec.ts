/// <reference lib="dom" />
import { expect, test } from '@playwright/test';
import { addDish, continueButton, openCart } from './support/cart.ts';
import { openStorefront } from './support/storefront.ts';

test('a shop without the orders console gets the order on WhatsApp, as charged, and it is stored', async ({
  page,
}) => {
  // Café Aurora Centro takes its orders on WhatsApp (demo data): the link is answered here, offline
  let whatsAppUrl = '';
  await page.route('https://wa.me/**', (route) => {
    whatsAppUrl = route.request().url();
    return route.fulfill({ status: 200, contentType: 'text/html', body: '<title>WhatsApp</title>' });
  });
  await openStorefront(page, '/menu/aurora-centro/Take_Away');
  await addDish(page, { category: 'Cafés', dish: 'Espresso', quantity: 2, notes: 'Bien cargado' });
  await openCart(page);
  await continueButton(page).click();
  await page.getByRole('textbox', { name: /^Nombre/ }).fill('Sergio Café');
  await page.getByRole('textbox', { name: /^Teléfono/ }).fill('351 15 555 0401');
  await page.getByRole('radio', { name: 'Tarjeta en el local' }).check();
  const placed = page.waitForResponse(
    (r) => r.url().endsWith('/api/order') && r.request().method() === 'POST',
  );
  await page.getByRole('button', { name: /^Realizar pedido/ }).click();
  expect((await placed).status()).toBe(201);

  await expect.poll(() => whatsAppUrl).toMatch(/^https:\/\/wa\.me\/5493516120450\?text=/);
  const text = decodeURIComponent(new URL(whatsAppUrl).searchParams.get('text') ?? '');
  const code = /Pedido #([A-Z0-9]+)/.exec(text)?.[1] ?? '';
  expect(text).toContain('¡Hola! Quiero hacer este pedido:');
  expect(text).toContain('2 x Espresso $4.400');
  expect(text).toContain('Nota: Bien cargado');
  expect(text).toContain('Total: $4.400');
  expect(text).toContain('Pago: Tarjeta en el local');
  expect(text).toContain(`/menu/aurora-centro/order/${code}`);

  // the order is stored all the same, and its follow-up page works
  const stored = await page.request.get(`/api/diner/aurora-centro/order/${code}`);
  expect(stored.status()).toBe(200);
  expect(((await stored.json()) as { total: number }).total).toBe(4400);
});
