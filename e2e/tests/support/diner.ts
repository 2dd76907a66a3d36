import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { type Browser, type BrowserContext, expect, type Page, type TestInfo } from '@playwright/test';

/** The demo diner (DEMO-DATA.md): Lucía Fernández, Puntos Mateo and two past orders at Don Mateo Palermo. */
export const DEMO_DINER = { phone: '11 5555-0101', e164: '+5491155550101', name: 'Lucía Fernández' };

export type StorageState = Awaited<ReturnType<BrowserContext['storageState']>>;

/** Opens the storefront's side menu (☰) and answers its drawer. */
export async function openSideMenu(page: Page) {
  await page.getByRole('button', { name: 'Abrir menú' }).click();
  const drawer = page
    .getByRole('dialog')
    .filter({ has: page.getByRole('navigation', { name: 'Mi cuenta' }) });
  await expect(drawer).toBeVisible();
  return drawer;
}

/**
 * Signs in by phone from the side menu, as a diner does: the phone, then the one-time code that the
 * sandbox messaging (no messages leave a test server) shows on screen. Leaves the drawer open.
 */
export async function signInAsDemoDiner(page: Page, phone = DEMO_DINER.phone): Promise<void> {
  const drawer = await openSideMenu(page);
  await drawer.getByRole('button', { name: 'Iniciar sesión' }).click();
  const signIn = page.getByRole('dialog', { name: 'Iniciar sesión' });
  await signIn.getByRole('textbox', { name: 'Teléfono' }).fill(phone);
  await signIn.getByRole('button', { name: 'Recibir código' }).click();
  const code = (await signIn.getByTestId('sandbox-code').textContent())?.trim() ?? '';
  expect(code).toMatch(/^\d{6}$/);
  await signIn.getByRole('textbox', { name: 'Código' }).fill(code);
  await signIn.getByRole('button', { name: 'Iniciar sesión' }).click();
  await expect(signIn).toBeHidden();
  await expect(drawer.getByRole('button', { name: 'Cerrar sesión' })).toBeVisible();
}

/**
 * The cookies of Lucía signed in, signing in through the screens once per run: codes are rationed per
 * phone, and a worker that restarts after a failure would otherwise ask for another one.
 */
export async function demoDinerState(browser: Browser, testInfo: TestInfo): Promise<StorageState> {
  const baseURL = testInfo.project.use.baseURL;
  const file = join(testInfo.project.outputDir, `.demo-diner-${new URL(baseURL ?? 'http://x').port}.json`);
  if (existsSync(file)) {
    const saved = JSON.parse(readFileSync(file, 'utf8')) as StorageState;
    const context = await browser.newContext({ baseURL, storageState: saved });
    const answer = await context.request.get('/api/diner/session');
    const alive = answer.ok() && (await answer.json()).diner?.phone === DEMO_DINER.e164;
    await context.close();
    if (alive) return saved;
  }
  const context = await browser.newContext({ baseURL });
  const page = await context.newPage();
  await page.goto('/menu/donmateo-palermo/Delivery');
  await signInAsDemoDiner(page);
  const state = await context.storageState();
  await context.close();
  mkdirSync(testInfo.project.outputDir, { recursive: true });
  writeFileSync(file, JSON.stringify(state));
  return state;
}
