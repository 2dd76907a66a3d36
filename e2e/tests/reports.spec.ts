/// <reference lib="dom" />
import { expect, test } from '@playwright/test';
import { seriousViolations } from './support/axe.ts';
import { signInToConsole } from './support/console.ts';
import { DESKTOP, shotPath } from './support/storefront.ts';

// issue 27, item 5: on /console/reportes the owner reads a period's sales: tiles, a chart per day (with
// its figures as a table), the split per payment method, the dishes sold most, the times and the
// survey. The figures on the page are the server's: the tiles are checked against the API's answer for
// the same period (other journeys on this server may add orders of today, so nothing is hard-coded but
// the demo's own dishes and days).

interface Report {
  totals: { revenue: number; sold: number; orders: number; canceled: number };
  days: { date: string; orders: number; revenue: number }[];
  topDishes: { name: string; quantity: number }[];
  payments: { name: string }[];
}

/** '$115.584': whole pesos with the Argentine thousands mark, as the console writes ARS. */
const pesos = (amount: number) => `$${Math.round(amount).toLocaleString('es-AR')}`;

for (const [name, size] of [
  ['phone', {}],
  ['desktop', DESKTOP],
] as const) {
  test.describe(`at the ${name}`, () => {
    test.use(size);

    test('the owner reads the week’s sales, dishes, payments and times, and a period without orders', async ({
      page,
    }) => {
      const shot = (step: string) => shotPath(`reports-${name}-${step}`);
      await signInToConsole(page);
      await page.goto('/console/reportes');
      await expect(
        page
          .getByRole('navigation', { name: 'Secciones' })
          .getByRole('link', { name: 'Reportes', exact: true }),
      ).toHaveAttribute('aria-current', 'page');
      await expect(page).toHaveURL(/\/console\/reportes$/);
      await expect(page.getByRole('heading', { name: 'Reportes', level: 1 })).toBeVisible();
      await expect(
        page.getByRole('heading', { name: 'Del 20 oct al 18 nov de 2026', level: 2 }),
      ).toBeVisible();

      // the last 7 days: the figures the server computes for them
      const answered = page.waitForResponse(
        (r) => r.url().includes('/api/console/reports?') && r.url().includes('from=2026-11-12'),
      );
      await page.getByRole('button', { name: 'Últimos 7 días' }).click();
      const report = (await (await answered).json()) as Report;
      await expect(
        page.getByRole('heading', { name: 'Del 12 nov al 18 nov de 2026', level: 2 }),
      ).toBeVisible();
      const tiles = page.getByRole('list', { name: 'Resumen' });
      const tile = (label: string) => tiles.getByRole('listitem').filter({ hasText: label });
      await expect(tile('Ventas')).toContainText(pesos(report.totals.revenue));
      await expect(tile('Ventas')).toContainText(`${report.totals.sold} pedidos`);
      await expect(tile('Pedidos recibidos')).toContainText(String(report.totals.orders));
      await expect(tile('Preparación promedio')).toContainText('min');
      // the demo's Palermo orders of the week: 3 × Empanada de humita on the 15th, 2 more today (journeys
      // before this one on the same server may have sold more of another dish today)
      expect(report.topDishes.map((dish) => dish.name)).toContain('Empanada de humita');
      const topDish = report.topDishes[0]?.name ?? '';
      expect(report.days.map((day) => day.date)).toEqual([
        '2026-11-12',
        '2026-11-13',
        '2026-11-14',
        '2026-11-15',
        '2026-11-16',
        '2026-11-17',
        '2026-11-18',
      ]);

      // the chart is one picture with a text alternative; its figures are in a table under it
      const chart = page.getByRole('img', { name: /^Ventas por día\. El mejor día fue el 18 nov/ });
      await expect(chart).toBeVisible();
      await page.getByText('Ver los datos de cada día').click();
      const table = page.getByRole('table');
      await expect(table.getByRole('row')).toHaveCount(8);
      const fifteenth = report.days.find((day) => day.date === '2026-11-15');
      await expect(table.getByRole('row', { name: /^15 nov/ })).toContainText(pesos(fifteenth?.revenue ?? 0));

      const dishes = page.getByRole('region', { name: 'Platos más vendidos' });
      await expect(dishes.getByRole('listitem').first()).toContainText(topDish);
      await expect(dishes).toContainText('Empanada de humita');
      const payments = page.getByRole('region', { name: 'Por medio de pago' });
      for (const payment of report.payments) await expect(payments).toContainText(payment.name);
      await expect(page.getByRole('region', { name: 'Encuesta' })).toBeVisible();
      await page.screenshot({ path: shot('01-week.png'), fullPage: true });
      expect(await seriousViolations(page)).toEqual([]);

      // two dates of January: nothing sold
      await page.getByRole('button', { name: 'Elegir fechas' }).click();
      await page.getByLabel('Desde').fill('2026-01-05');
      await page.getByLabel('Hasta').fill('2026-01-11');
      await expect(
        page.getByRole('heading', { name: 'Del 5 ene al 11 ene de 2026', level: 2 }),
      ).toBeVisible();
      await expect(page.getByText('No hay pedidos en este período')).toBeVisible();
      await expect(
        page.getByRole('img', { name: 'Ventas por día: no hubo ventas en este período.' }),
      ).toBeVisible();
      await expect(tile('Ventas')).toContainText('$0');
      await expect(tile('Entrega promedio')).toContainText('sin envíos entregados');
      await page.screenshot({ path: shot('02-empty.png'), fullPage: true });
      expect(await seriousViolations(page)).toEqual([]);
    });
  });
}
