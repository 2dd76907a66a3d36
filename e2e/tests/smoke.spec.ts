import { expect, test } from '@playwright/test';

test('the server answers its health check and serves the web app', async ({ page, request }) => {
  const health = await request.get('/api/health');
  expect(health.ok()).toBe(true);
  await page.goto('/menu/sabores');
  await expect(page.locator('html')).toHaveAttribute('lang', 'es');
});
