/// <reference lib="dom" />
// page.evaluate callbacks run in the browser: the DOM types describe them
import { expect, type Page, test } from '@playwright/test';
import { seriousViolations } from './support/axe.ts';
import { toast } from './support/cart.ts';
import { signInToConsole } from './support/console.ts';
import { DESKTOP, shotPath } from './support/storefront.ts';

// issue 27, item 1: on /console/horarios the owner edits the hours of an order mode, several ranges a
// day, for orders now and scheduled ones. Palermo's Take Away gets a second range on Monday; two ranges
// that overlap are refused with the server's Spanish problem under Monday. At a phone and a desktop.

const PALERMO = { alias: 'donmateo-palermo', name: 'Don Mateo Palermo' };
const MODE = 'Take Away';
const OVERLAP = 'Los horarios del lunes se superponen. Revisá los rangos.';

interface WorkingDay {
  dayOfWeek: string;
  workingHours: { startAt: string; endAt: string }[];
}
interface ModeHours {
  nowEnabled: boolean;
  nowDays: WorkingDay[];
  useSchedule: boolean;
  scheduledDays: WorkingDay[];
  schedule: { leadMinutes: number; slotMinutes: number; daysAhead: number };
}

/** Palermo's id and its Take Away's id and hours, as the server has them (the owner's cookie is the page's). */
async function takeAway(page: Page): Promise<{ shopId: number; modeId: number; hours: ModeHours }> {
  const answer = await page.request.get('/api/console/shop');
  expect(answer.status()).toBe(200);
  const shops = (await answer.json()) as {
    id: number;
    alias: string;
    modes: (ModeHours & { id: number; showName: string })[];
  }[];
  const shop = shops.find((item) => item.alias === PALERMO.alias);
  const mode = shop?.modes.find((item) => item.showName === MODE);
  if (!shop || !mode) throw new Error('Palermo’s Take Away is not among the owner’s shops');
  const { nowEnabled, nowDays, useSchedule, scheduledDays, schedule } = mode;
  return {
    shopId: shop.id,
    modeId: mode.id,
    hours: { nowEnabled, nowDays, useSchedule, scheduledDays, schedule },
  };
}

/** 'HH:MM' of a stored time. */
const hhmm = (time: string) => time.slice(0, 5);

for (const [name, size] of [
  ['phone', {}],
  ['desktop', DESKTOP],
] as const) {
  test.describe(`at the ${name}`, () => {
    test.use(size);
    let original: Awaited<ReturnType<typeof takeAway>> | null = null;

    test.afterEach(async ({ page }) => {
      // whatever happened, Take Away keeps the hours the other journeys of this server expect
      if (original) {
        const { shopId, modeId, hours } = original;
        const answer = await page.request.put(`/api/console/shop/${shopId}/modes/${modeId}/hours`, {
          data: hours,
        });
        expect(answer.status()).toBe(200);
      }
      original = null;
    });

    test('the owner adds a second range on Monday to Take Away and is told when two ranges overlap', async ({
      page,
    }) => {
      const shot = (step: string) => shotPath(`mode-hours-${name}-${step}`);
      await signInToConsole(page);
      original = await takeAway(page);
      const { shopId, modeId, hours } = original;
      const monday = hours.nowDays.find((day) => day.dayOfWeek === 'MONDAY')?.workingHours ?? [];
      // the demo's Take Away takes orders now, one range on Monday
      expect(hours.nowEnabled).toBe(true);
      expect(monday).toHaveLength(1);
      const first = { startAt: hhmm(monday[0]?.startAt ?? ''), endAt: hhmm(monday[0]?.endAt ?? '') };

      await page.goto('/console/horarios');
      await expect(page.getByRole('heading', { name: 'Horarios y cierres', level: 1 })).toBeVisible();
      const card = page.getByRole('region', { name: PALERMO.name, exact: true });
      const modes = card.getByRole('region', { name: 'Horarios por forma de pedido' });
      await expect(modes).toContainText('Si termina después de medianoche, poné la hora del día siguiente');

      // a disclosure per mode, opened from the keyboard
      const toggle = modes.getByRole('button', { name: new RegExp(`^${MODE}`) });
      await expect(toggle).toHaveAttribute('aria-expanded', 'false');
      await toggle.focus();
      await page.keyboard.press('Enter');
      await expect(toggle).toHaveAttribute('aria-expanded', 'true');
      const form = modes.getByRole('form', { name: MODE });
      const now = form.getByRole('group', { name: 'Pedidos para ahora' });
      await expect(now.getByRole('checkbox', { name: 'Pedidos para ahora' })).toBeChecked();
      await expect(form.getByRole('checkbox', { name: 'Pedidos programados' })).toBeVisible();
      const mondayRow = now.getByRole('group', { name: 'Lunes', exact: true });
      await expect(mondayRow.getByLabel('Desde el lunes', { exact: true })).toHaveValue(first.startAt);
      await expect(mondayRow.getByLabel('Hasta el lunes', { exact: true })).toHaveValue(first.endAt);
      await page.screenshot({ path: shot('01-open.png'), fullPage: true });
      expect(await seriousViolations(page)).toEqual([]);

      // a second range on Monday, late at night and past midnight
      await mondayRow.getByRole('button', { name: 'Agregar horario el lunes' }).click();
      const from2 = mondayRow.getByLabel('Desde el lunes (horario 2)', { exact: true });
      const to2 = mondayRow.getByLabel('Hasta el lunes (horario 2)', { exact: true });
      await expect(from2).toBeFocused();
      // far from the first range: an hour after its end... unless the first runs late, then early morning
      const second =
        first.endAt < '22:00' && first.endAt > first.startAt ? ['23:00', '01:00'] : ['06:00', '07:00'];
      await from2.fill(second[0] ?? '');
      await to2.fill(second[1] ?? '');
      const save = form.getByRole('button', { name: `Guardar horarios de ${MODE}` });
      const saved = page.waitForResponse(
        (r) =>
          r.url().endsWith(`/api/console/shop/${shopId}/modes/${modeId}/hours`) &&
          r.request().method() === 'PUT',
      );
      await save.click();
      const answer = await saved;
      expect(answer.status()).toBe(200);
      const sent = answer.request().postDataJSON() as ModeHours;
      expect(sent.nowDays.find((day) => day.dayOfWeek === 'MONDAY')?.workingHours).toEqual([
        first,
        { startAt: second[0], endAt: second[1] },
      ]);
      await expect(toast(page, `Guardamos los horarios de ${MODE}.`)).toBeVisible();
      await expect(from2).toHaveValue(second[0] ?? '');
      await mondayRow.scrollIntoViewIfNeeded();
      await page.screenshot({ path: shot('02-saved.png'), fullPage: true });
      expect(await seriousViolations(page)).toEqual([]);

      // the second range inside the first: refused, the problem under Monday, the focus on its first time
      await from2.fill(first.startAt);
      await to2.fill(first.endAt);
      const refused = page.waitForResponse(
        (r) =>
          r.url().endsWith(`/api/console/shop/${shopId}/modes/${modeId}/hours`) &&
          r.request().method() === 'PUT',
      );
      await save.click();
      expect((await refused).status()).toBe(400);
      await expect(mondayRow.getByText(OVERLAP)).toBeVisible();
      const firstFrom = mondayRow.getByLabel('Desde el lunes (horario 1)', { exact: true });
      await expect(firstFrom).toHaveAttribute('aria-invalid', 'true');
      await expect(firstFrom).toHaveAccessibleDescription(OVERLAP);
      await expect(firstFrom).toBeFocused();
      await expect(mondayRow).toHaveAccessibleDescription(OVERLAP);
      // Tuesday is fine
      await expect(now.getByRole('group', { name: 'Martes', exact: true }).getByText(OVERLAP)).toHaveCount(0);
      await page.screenshot({ path: shot('03-overlap.png'), fullPage: true });
      expect(await seriousViolations(page)).toEqual([]);

      // 'Quitar' takes the second range away; saving goes back to the demo's Monday
      await mondayRow.getByRole('button', { name: 'Quitar el horario 2 del lunes' }).click();
      await expect(from2).toHaveCount(0);
      await expect(mondayRow.getByRole('button', { name: 'Agregar horario el lunes' })).toBeFocused();
      await expect(mondayRow.getByText(OVERLAP)).toHaveCount(0);
      const restored = page.waitForResponse(
        (r) =>
          r.url().endsWith(`/api/console/shop/${shopId}/modes/${modeId}/hours`) &&
          r.request().method() === 'PUT',
      );
      await save.click();
      expect((await restored).status()).toBe(200);
      await expect(toast(page, `Guardamos los horarios de ${MODE}.`)).toBeVisible();
      await expect(mondayRow.getByLabel('Desde el lunes', { exact: true })).toHaveValue(first.startAt);
    });
  });
}
