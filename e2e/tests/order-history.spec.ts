/// <reference lib="dom" />
import { readFile } from 'node:fs/promises';
import { expect, type Page, test } from '@playwright/test';
import { seriousViolations } from './support/axe.ts';
import { DONMATEO_KITCHEN } from './support/back-office.ts';
import { signInToConsole } from './support/console.ts';
import { DESKTOP, shotPath } from './support/storefront.ts';

// issue 27, item 5: on /console/pedidos the owner looks through the branch's orders: a period, filters
// and a search; an order's detail with its history; the list as a CSV. The demo's Palermo orders are
// dated back from the server's clock (Wednesday 18 November 2026, 15:00): Lucía Fernández ordered a
// week ago (DMP4KQ7X2W, delivery) and three days ago (DMP9RT3H6N, take away, card), the rest today.
// Other journeys on this server may add orders of today: the checks name the demo's, never count all.

const LUCIA = { week: 'DMP4KQ7X2W', threeDays: 'DMP9RT3H6N' };
const TODAY_ORDER = 'DMP7HV2N4D';

/** The demo's orders among those listed (the seed's codes start with DMP). */
async function demoCodes(page: Page): Promise<string[]> {
  return (await listedCodes(page)).filter((code) => code.startsWith('DMP'));
}

/** The orders the page lists: codes of the cards (phone) or of the table's buttons (desktop). */
async function listedCodes(page: Page): Promise<string[]> {
  const results = page.getByRole('region', { name: /^(Del|El) / });
  const texts = await results.getByRole('button', { name: /#[A-Z0-9]+/ }).allInnerTexts();
  return texts.map((text) => /#([A-Z0-9]+)/.exec(text)?.[1] ?? '');
}

for (const [name, size] of [
  ['phone', {}],
  ['desktop', DESKTOP],
] as const) {
  test.describe(`at the ${name}`, () => {
    test.use(size);

    test('the owner filters, searches, opens an order’s history and downloads the CSV', async ({ page }) => {
      const shot = (step: string) => shotPath(`order-history-${name}-${step}`);
      await signInToConsole(page);
      await page.goto('/console/pedidos');
      await expect(
        page
          .getByRole('navigation', { name: 'Secciones' })
          .getByRole('link', { name: 'Historial', exact: true }),
      ).toHaveAttribute('aria-current', 'page');
      await expect(page).toHaveURL(/\/console\/pedidos$/);
      await expect(page.getByRole('heading', { name: 'Historial de pedidos', level: 1 })).toBeVisible();
      // the last 30 days by default, named by the server's clock
      await expect(page.getByRole('button', { name: 'Últimos 30 días' })).toHaveAttribute(
        'aria-pressed',
        'true',
      );
      await expect(
        page.getByRole('heading', { name: 'Del 20 oct al 18 nov de 2026', level: 2 }),
      ).toBeVisible();
      await expect
        .poll(() => listedCodes(page))
        .toEqual(expect.arrayContaining([LUCIA.week, LUCIA.threeDays, TODAY_ORDER]));
      // newest first
      const codes = await listedCodes(page);
      expect(codes.indexOf(TODAY_ORDER)).toBeLessThan(codes.indexOf(LUCIA.threeDays));
      expect(codes.indexOf(LUCIA.threeDays)).toBeLessThan(codes.indexOf(LUCIA.week));
      await expect(page.getByText('No hay más pedidos en este período.')).toBeVisible();
      await page.screenshot({ path: shot('01-list.png'), fullPage: true });
      expect(await seriousViolations(page)).toEqual([]);

      // 'Últimos 7 días' leaves the order of a week ago out
      await page.getByRole('button', { name: 'Últimos 7 días' }).click();
      await expect(
        page.getByRole('heading', { name: 'Del 12 nov al 18 nov de 2026', level: 2 }),
      ).toBeVisible();
      await expect.poll(() => listedCodes(page)).not.toContain(LUCIA.week);
      expect(await listedCodes(page)).toContain(LUCIA.threeDays);

      // a search by name, then a filter by mode
      await page.getByRole('button', { name: 'Últimos 30 días' }).click();
      await page.getByRole('searchbox', { name: 'Buscar' }).fill('lucía');
      // (journeys before this one may have placed orders for a Lucía today: the demo's are checked)
      await expect.poll(() => demoCodes(page)).toEqual([LUCIA.threeDays, LUCIA.week]);
      await page.getByLabel('Forma de pedido').selectOption({ label: 'Take Away' });
      await expect.poll(() => demoCodes(page)).toEqual([LUCIA.threeDays]);

      // the order's detail: what was ordered, how it was paid, and its history with who and when
      await page.getByRole('button', { name: new RegExp(`#${LUCIA.threeDays}`) }).click();
      const dialog = page.getByRole('dialog', { name: `Pedido #${LUCIA.threeDays}` });
      await expect(dialog).toBeVisible();
      await expect(dialog.getByText('Lucía Fernández')).toBeVisible();
      await expect(dialog.getByText('3 × Empanada de humita')).toBeVisible();
      const history = dialog.getByRole('region', { name: 'Historial' });
      await expect(history.getByText('Pedido recibido')).toBeVisible();
      await expect(history.getByText('Pedido entregado')).toBeVisible();
      await page.screenshot({ path: shot('02-detail.png') });
      expect(await seriousViolations(page)).toEqual([]);
      await dialog.getByRole('button', { name: 'Cerrar' }).last().click();
      await expect(dialog).toBeHidden();

      // the CSV of what is shown: a file Excel opens (BOM, ';'), this order in it
      const downloading = page.waitForEvent('download');
      await page.getByRole('button', { name: 'Descargar CSV' }).click();
      const download = await downloading;
      expect(download.suggestedFilename()).toBe('pedidos-donmateo-2026-10-20-a-2026-11-18.csv');
      const text = await readFile((await download.path()) as string, 'utf8');
      expect(text.startsWith('\uFEFFCódigo;Local;Fecha;Cliente;')).toBe(true);
      const lines = text.trim().split('\r\n');
      // the header and the demo's Take Away of Lucía (and any a journey before placed for her today)
      const demoLines = lines.slice(1).filter((line) => line.startsWith('DMP'));
      expect(demoLines).toHaveLength(1);
      expect(demoLines[0]).toContain(
        `${LUCIA.threeDays};Don Mateo Palermo;15/11/2026 15:00;Lucía Fernández;`,
      );

      // two dates the wrong way round: told under the fields, nothing asked
      await page.getByLabel('Forma de pedido').selectOption({ label: 'Todos' });
      await page.getByRole('searchbox', { name: 'Buscar' }).fill('');
      await page.getByRole('button', { name: 'Elegir fechas' }).click();
      await page.getByLabel('Desde').fill('2026-11-10');
      await page.getByLabel('Hasta').fill('2026-11-01');
      const problem = 'La fecha "hasta" no puede ser anterior a la fecha "desde".';
      await expect(page.getByRole('alert').filter({ hasText: problem })).toBeVisible();
      await expect(page.getByLabel('Hasta')).toHaveAccessibleDescription(problem);
      // a period without orders
      await page.getByLabel('Hasta').fill('2026-11-10');
      await page.getByLabel('Desde').fill('2026-01-05');
      await page.getByLabel('Hasta').fill('2026-01-06');
      await expect(page.getByText('No hay pedidos en este período')).toBeVisible();
      await page.screenshot({ path: shot('03-empty.png'), fullPage: true });
      expect(await seriousViolations(page)).toEqual([]);
    });

    test('kitchen staff read the history too, and not the reports', async ({ page }) => {
      await signInToConsole(page, DONMATEO_KITCHEN);
      await page.goto('/console/pedidos');
      const nav = page.getByRole('navigation', { name: 'Secciones' });
      await expect(nav.getByRole('link', { name: 'Historial', exact: true })).toHaveAttribute(
        'aria-current',
        'page',
      );
      await expect(nav.getByRole('link', { name: 'Reportes' })).toHaveCount(0);
      await expect(page.getByRole('heading', { name: 'Historial de pedidos', level: 1 })).toBeVisible();
      await expect.poll(() => listedCodes(page)).toContain(LUCIA.week);
      await page.goto('/console/reportes');
      await expect(page.getByRole('alert')).toContainText('Solo el dueño del local puede cambiar esto.');
    });
  });
}
