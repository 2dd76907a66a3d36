/// <reference lib="dom" />
import { expect, type Route, test } from '@playwright/test';
import { addDish, continueButton, openCart } from './support/cart.ts';
import { openStorefront } from './support/storefront.ts';
import { trackingPath } from './support/tracking.ts';

// The maps' first views (storefront.md section 9, post-order-and-logistics.md section 9).

// a 1x1 transparent PNG: map tiles are answered locally (the tests run offline)
const TILE = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==',
  'base64',
);
const TILES = 'https://tile.openstreetmap.org/**';

function tileOf(url: string): { z: number; x: number; y: number } {
  const [z, x, y] = new URL(url).pathname
    .split('/')
    .slice(1)
    .map((part) => Number.parseInt(part, 10));
  return { z: z ?? 0, x: x ?? 0, y: y ?? 0 };
}

test("the address map starts at the spec's Buenos Aires point at zoom 16", async ({ page }) => {
  const tiles: { z: number; x: number; y: number }[] = [];
  await page.route(TILES, (route) => {
    tiles.push(tileOf(route.request().url()));
    return route.fulfill({ status: 200, contentType: 'image/png', body: TILE });
  });
  await openStorefront(page, '/menu/donmateo-palermo/Delivery');
  await addDish(page, { category: 'Pizzas', dish: 'Fugazzeta' });
  await openCart(page);
  await continueButton(page).click();
  await page.getByRole('button', { name: 'Agregar dirección' }).click();
  const modal = page.getByRole('dialog', { name: 'Dirección de entrega' });
  await expect(modal.getByTestId('pin-map')).toBeVisible();
  // the tile of -34.6037, -58.3816 at zoom 16 is x 22139, y 39489
  await expect.poll(() => tiles.some((t) => t.z === 16 && t.x === 22139 && t.y === 39489)).toBe(true);
  expect(tiles.every((t) => t.z === 16)).toBe(true);
});

test("the tracking map shows its zoom-5 opening view until that view's tiles load, then fits the markers", async ({
  page,
}) => {
  const held: Route[] = [];
  let holding = true;
  await page.route(TILES, (route) => {
    if (holding && tileOf(route.request().url()).z === 5) {
      held.push(route);
      return;
    }
    return route.fulfill({ status: 200, contentType: 'image/png', body: TILE });
  });
  await page.goto(trackingPath('DMP8QN5T4R'));
  const map = page.getByTestId('tracking-map');
  await expect(page.locator('.tracking-marker--rider')).toHaveCount(1);
  // the opening view, while its tiles are still on their way
  await expect(map).toHaveAttribute('data-zoom', '5');
  await expect.poll(() => held.length).toBeGreaterThan(0);
  await expect(map).toHaveAttribute('data-zoom', '5');
  await page
    .getByRole('dialog', { name: 'Comparte la clave 7390' })
    .getByRole('button', { name: 'Cerrar' })
    .click();

  holding = false;
  for (const route of held) await route.fulfill({ status: 200, contentType: 'image/png', body: TILE });
  await expect.poll(async () => Number(await map.getAttribute('data-zoom'))).toBeGreaterThan(12);
});
