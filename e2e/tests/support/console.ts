import { expect, type Page } from '@playwright/test';

/** Demo staff of Don Mateo (README, 'Demo credentials'). */
export const DONMATEO_OWNER = { email: 'encargado@donmateo.com.ar', password: 'donmateo2026' };

/** Signs in on /console/login and waits for the live board. */
export async function signInToConsole(page: Page, credentials = DONMATEO_OWNER): Promise<void> {
  await page.goto('/console/login');
  await expect(page.getByRole('heading', { name: 'Iniciar sesión', level: 1 })).toBeVisible();
  await page.getByLabel('E-mail').fill(credentials.email);
  await page.getByLabel('Contraseña').fill(credentials.password);
  await page.getByRole('button', { name: 'Ingresar' }).click();
  await expect(page).toHaveURL(/\/console$/);
  await expect(page.getByRole('heading', { name: 'Pizzería Don Mateo', level: 1 })).toBeVisible();
  await expect(page.getByText('En vivo').first()).toBeVisible();
}

/** An order's card on the board. */
export function orderCard(page: Page, code: string) {
  return page.getByRole('article').filter({ hasText: `#${code}` });
}

/** Stops window.print from opening a dialog and counts the calls. */
export async function stubPrint(page: Page): Promise<void> {
  await page.addInitScript(() => {
    (window as unknown as { printed: number }).printed = 0;
    window.print = () => {
      (window as unknown as { printed: number }).printed += 1;
    };
  });
}
