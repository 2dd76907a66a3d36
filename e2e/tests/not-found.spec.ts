import { expect, test } from '@playwright/test';

test('a path the app has no screen for answers 404 with its not-found screen, which leads to the guide', async ({
  page,
}) => {
  for (const path of ['/nada/que/ver', '/menu/x/y/z/w/v', '/menu/no-existe-este-local', '/console/otra']) {
    const response = await page.goto(path);
    expect(response?.status(), path).toBe(404);
    await expect(page.getByRole('heading', { name: 'No encontramos este local' }), path).toBeVisible();
  }
  await page.getByRole('link', { name: 'Ir al inicio' }).click();
  await expect(page).toHaveURL(/\/menu$/);
  // the app's own pages keep answering 200
  expect((await page.goto('/menu/donmateo-palermo'))?.status()).toBe(200);
  await expect(page.getByRole('heading', { name: '¿Qué menú querés ver?' })).toBeVisible();
});
