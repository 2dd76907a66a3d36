import { expect, test } from '@playwright/test';

// The app's code is downloaded after the HTML (src/main.tsx starts it once the boot has painted): if
// that download fails, the page says so and offers to try again instead of 'Cargando…' for ever.

test("the app's code failing to download is said, and 'Reintentar' loads the page again", async ({
  page,
}) => {
  await page.route('**/assets/start-*.js', (route) => route.abort('internetdisconnected'));
  await page.goto('/menu/donmateo-palermo/Delivery');

  const notice = page.getByRole('alert');
  await expect(notice).toBeVisible();
  await expect(notice.getByText('No pudimos cargar la página')).toBeVisible();
  await expect(notice.getByText('Revisá tu conexión a internet y volvé a intentarlo.')).toBeVisible();
  // the boot's branded header stays; 'Cargando…' is no longer true
  await expect(page.locator('.boot__name')).toHaveText('Pizzería Don Mateo');
  await expect(page.getByRole('status')).toHaveCount(0);

  await page.unroute('**/assets/start-*.js');
  await notice.getByRole('button', { name: 'Reintentar' }).click();
  await expect(page.getByRole('heading', { name: 'Lo más destacado' })).toBeVisible();
  await expect(page.getByRole('alert').filter({ hasText: 'No pudimos cargar la página' })).toHaveCount(0);
});

test('a working download never shows the notice', async ({ page }) => {
  await page.goto('/menu/donmateo-palermo/Delivery');
  await expect(page.getByRole('heading', { name: 'Lo más destacado' })).toBeVisible();
  await expect(page.getByText('No pudimos cargar la página')).toHaveCount(0);
});
