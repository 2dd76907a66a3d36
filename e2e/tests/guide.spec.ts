import AxeBuilder from '@axe-core/playwright';
import { expect, type Page, test } from '@playwright/test';
import { failOnConsoleErrors, openStorefront } from './support/storefront.ts';

/** At Don Mateo Belgrano's door: Kenzo Núñez is about 1.9 km away, Don Mateo Palermo about 5.1 km. */
const BELGRANO = { latitude: -34.5606, longitude: -58.456 };

/**
 * The five demo shops fit one page of the guide's ten: the guide's calls ask for pages of `pageSize`
 * instead, so paging is seen through the real API.
 */
async function askPagesOf(page: Page, pageSize: number): Promise<void> {
  await page.route('**/api/menu/near', async (route) => {
    const body = route.request().postDataJSON() as { pagingOption: { pageSize: number; offset: number } };
    await route.continue({
      postData: JSON.stringify({ ...body, pagingOption: { ...body.pagingOption, pageSize } }),
    });
  });
}

/** axe's serious and critical findings (the same audit as accessibility.spec.ts). */
async function seriousViolations(page: Page): Promise<string[]> {
  const results = await new AxeBuilder({ page })
    .withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'])
    .analyze();
  return results.violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map((v) => `${v.id}: ${v.help} (${v.nodes.map((n) => n.target.join(' ')).join(', ')})`);
}

function guideCards(page: Page) {
  return page.getByRole('main').getByRole('listitem').getByRole('link');
}

/** Metres on each card, in the order shown ('1.905 m' -> 1905). */
async function distancesShown(page: Page): Promise<number[]> {
  const texts = await guideCards(page).allInnerTexts();
  return texts.map((text) => {
    const match = text.match(/([\d.]+) m\b/);
    if (!match?.[1]) throw new Error(`no distance on the card: ${text}`);
    return Number(match[1].replaceAll('.', ''));
  });
}

test.describe('the guide at /menu', () => {
  test.use({ geolocation: BELGRANO, permissions: ['geolocation'] });

  test('a diner enters the location, sees the shops by distance, pages further and opens one', async ({
    page,
  }, testInfo) => {
    const problems = failOnConsoleErrors(page);
    await askPagesOf(page, 2);
    await openStorefront(page, '/menu');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Encontrá el menú de tu local');
    // without a location the cards carry no distance
    await expect(guideCards(page)).toHaveCount(2);
    await expect(guideCards(page).first()).not.toContainText(/\d m\b/);

    await page.getByRole('button', { name: 'Ingresar Ubicación' }).click();
    // the title names the province of the nearest shop
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Menús en CABA');
    await expect(guideCards(page).first()).toContainText('Don Mateo Belgrano');
    await expect(guideCards(page).first()).toContainText('Av. Cabildo 2040, Buenos Aires');
    await expect(guideCards(page).first()).toContainText('0 m');
    await expect(guideCards(page).nth(1)).toContainText('Kenzo Núñez');

    await page.getByRole('button', { name: 'Ver más locales' }).click();
    await expect(guideCards(page)).toHaveCount(4);
    await expect(guideCards(page).nth(2)).toContainText('Don Mateo Palermo');
    await page.getByRole('button', { name: 'Ver más locales' }).click();
    await expect(guideCards(page)).toHaveCount(5);
    await expect(page.getByRole('button', { name: 'Ver más locales' })).toHaveCount(0);
    await expect(guideCards(page)).toContainText([
      'Don Mateo Belgrano',
      'Kenzo Núñez',
      'Don Mateo Palermo',
      'Aurora Centro',
      'La Casona Providencia',
    ]);
    const distances = await distancesShown(page);
    expect(distances).toEqual([...distances].sort((a, b) => a - b));
    expect(distances[0]).toBe(0);
    await page.screenshot({ path: testInfo.outputPath('guide-located.png'), fullPage: true });

    await page.getByRole('link', { name: /Kenzo Núñez/ }).click();
    await expect(page).toHaveURL(/\/menu\/kenzo-nunez$/);
    await expect(page.getByRole('heading', { name: '¿Qué menú querés ver?' })).toBeVisible();
    expect(problems).toEqual([]);
  });

  test('the search box narrows the list by name or by code', async ({ page }) => {
    const problems = failOnConsoleErrors(page);
    await openStorefront(page, '/menu');
    await page.getByRole('button', { name: 'Ingresar Ubicación' }).click();
    await expect(guideCards(page)).toHaveCount(5);
    expect(await seriousViolations(page)).toEqual([]);
    const search = page.getByRole('searchbox', { name: 'Buscar Local' });

    await search.fill('don mateo');
    await expect(guideCards(page)).toHaveCount(2);
    await expect(guideCards(page)).toContainText(['Don Mateo Belgrano', 'Don Mateo Palermo']);

    await search.fill('kenzo-nunez');
    await expect(guideCards(page)).toHaveCount(1);
    await expect(guideCards(page)).toContainText('Kenzo Núñez');

    await search.fill('pizzería inexistente');
    await expect(page.getByText('No encontramos locales para tu búsqueda.')).toBeVisible();
    await expect(guideCards(page)).toHaveCount(0);

    await search.fill('');
    await expect(guideCards(page)).toHaveCount(5);
    expect(problems).toEqual([]);
  });
});

test.describe('the guide without the device location', () => {
  test.use({ permissions: [] });

  test("a refused location shows 'Error obteniendo coordenadas' and the diner still searches by text", async ({
    page,
  }) => {
    const problems = failOnConsoleErrors(page);
    await openStorefront(page, '/menu');
    await page.getByRole('button', { name: 'Ingresar Ubicación' }).click();
    await expect(page.getByRole('status').getByText('Error obteniendo coordenadas')).toBeVisible();
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Encontrá el menú de tu local');

    await page.getByRole('searchbox', { name: 'Buscar Local' }).fill('aurora');
    await expect(guideCards(page)).toHaveCount(1);
    await expect(guideCards(page).first()).toContainText('Aurora Centro');
    await expect(guideCards(page).first()).toContainText('Av. Olmos 260, Córdoba');
    await guideCards(page).first().click();
    await expect(page).toHaveURL(/\/menu\/aurora-centro$/);
    expect(problems).toEqual([]);
  });

  test("a failed guide call shows the server's message as a toast", async ({ page }) => {
    // a page size past the API's limit: the server answers a real 400
    await askPagesOf(page, 99);
    await page.goto('/menu');
    await expect(
      page.getByRole('status').getByText('El tamaño de página no puede superar 50.'),
    ).toBeVisible();
    await expect(page.getByRole('button', { name: 'Reintentar' })).toBeVisible();
  });
});
