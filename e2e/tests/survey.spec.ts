/// <reference lib="dom" />
import AxeBuilder from '@axe-core/playwright';
import { expect, type Page, type Request, test } from '@playwright/test';
import { orderCard, signInToConsole } from './support/console.ts';
import { failOnConsoleErrors, openStorefront } from './support/storefront.ts';

// demo orders of Don Mateo Palermo (apps/server/src/db/demo/sabores.json)
const LUCIA_DELIVERED = 'DMP4KQ7X2W'; // Lucía's delivery, delivered a week ago
const DELIVERED_TODAY = 'DMP7HV2N4D'; // take away, delivered two hours ago: on today's console board
const ON_ITS_WAY = 'DMP2LV8C5Z'; // accepted, not delivered yet

const NPS = '¿Qué tan probable es que nos recomiendes?';
const REASONS = '¿Qué podríamos mejorar?';
const COMMENT = '¿Querés contarnos algo más?';

/** The answers each survey POST carried, in order. */
function recordSends(page: Page, code: string): { answer: string; questionTitle: string }[][] {
  const sends: { answer: string; questionTitle: string }[][] = [];
  page.on('request', (request: Request) => {
    if (request.method() === 'POST' && new URL(request.url()).pathname === `/api/survey/${code}`)
      sends.push(request.postDataJSON());
  });
  return sends;
}

test('a diner rates a delivered order from its follow-up page', async ({ page }) => {
  const errors = failOnConsoleErrors(page);
  const sends = recordSends(page, LUCIA_DELIVERED);
  await openStorefront(page, `/menu/donmateo-palermo/order/${LUCIA_DELIVERED}`);
  await page.getByRole('link', { name: 'Calificar mi pedido' }).click();
  await expect(page).toHaveURL(`/encuesta/donmateo-palermo/${LUCIA_DELIVERED}`);
  await expect(page.getByRole('heading', { level: 1, name: 'Califica tu pedido' })).toBeVisible();
  await expect(page.getByText(`Pedido #${LUCIA_DELIVERED}`)).toBeVisible();
  await expect(page.getByText('Don Mateo Palermo')).toBeVisible();

  const rating = page.getByRole('group', { name: NPS });
  const reasons = page.getByRole('group', { name: REASONS });
  // the reasons are asked only after a rating below 5
  await expect(reasons).toHaveCount(0);
  await page.getByRole('button', { name: 'Calificar mi pedido' }).click();
  await expect(page.getByRole('alert')).toHaveText(`La pregunta ${NPS} es obligatoria`);
  expect(sends).toEqual([]);

  // the priority rating goes out at once, on its own
  const early = page.waitForRequest((r) => r.method() === 'POST' && r.url().includes('/api/survey/'));
  await rating.getByText('3', { exact: true }).click();
  expect((await early).postDataJSON()).toMatchObject([{ answer: '3', questionTitle: NPS, priority: true }]);
  await expect(page.getByRole('alert')).toHaveCount(0);
  await expect(reasons).toBeVisible();
  await reasons.getByLabel('Demora en la entrega').check();

  // a 5 clears the reasons: coming back to 4 shows them empty
  await rating.getByText('5', { exact: true }).click();
  await expect(reasons).toHaveCount(0);
  await rating.getByText('4', { exact: true }).click();
  await expect(reasons.getByLabel('Demora en la entrega')).not.toBeChecked();
  await reasons.getByLabel('Temperatura de la comida').check();
  await reasons.getByLabel('Precio').check();

  // the comment is cut at 180 characters
  const comment = page.getByLabel(COMMENT);
  await comment.fill(`La pizza llegó tibia. ${'x'.repeat(200)}`);
  await expect(comment).toHaveValue(`La pizza llegó tibia. ${'x'.repeat(158)}`);
  await expect(page.getByText('180/180')).toBeVisible();

  const axe = await new AxeBuilder({ page }).analyze();
  expect(axe.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical')).toEqual([]);

  // two quick taps send the survey once
  const submit = page.getByRole('button', { name: 'Calificar mi pedido' });
  await submit.dblclick();
  await expect(
    page.getByRole('heading', { level: 1, name: '¡Gracias por calificar tu pedido!' }),
  ).toBeVisible();
  await expect(page.getByText('Tu calificación: 4 de 5')).toBeAttached();
  const whole = sends.filter((answers) => answers.length > 1);
  expect(whole).toHaveLength(1);
  expect(whole[0]?.map((a) => a.answer)).toEqual([
    '4',
    'Temperatura de la comida, Precio',
    `La pizza llegó tibia. ${'x'.repeat(158)}`,
  ]);

  // the server remembers: a reload thanks again, and the follow-up no longer offers the survey
  await page.reload();
  await expect(
    page.getByRole('heading', { level: 1, name: '¡Gracias por calificar tu pedido!' }),
  ).toBeVisible();
  await page.getByRole('link', { name: 'Ver mi pedido' }).click();
  await expect(page.getByRole('heading', { name: `Pedido #${LUCIA_DELIVERED}`, level: 1 })).toBeVisible();
  await expect(page.getByRole('link', { name: 'Calificar mi pedido' })).toHaveCount(0);
  expect(errors).toEqual([]);
});

test("a rating from the link is sent at once, and the console shows it on the order's card", async ({
  page,
}) => {
  const errors = failOnConsoleErrors(page);
  const early = page.waitForRequest((r) => r.method() === 'POST' && r.url().includes('/api/survey/'));
  await page.goto(`/encuesta/donmateo-palermo/${DELIVERED_TODAY}?surveyGeneralNPSAnswer=2`);
  expect((await early).postDataJSON()).toMatchObject([{ answer: '2' }]);
  const rating = page.getByRole('group', { name: NPS });
  await expect(rating.getByRole('radio', { name: '2 de 5' })).toBeChecked();
  await page.getByRole('group', { name: REASONS }).getByLabel('Atención').check();
  await page.getByRole('button', { name: 'Calificar mi pedido' }).click();
  await expect(
    page.getByRole('heading', { level: 1, name: '¡Gracias por calificar tu pedido!' }),
  ).toBeVisible();
  expect(errors).toEqual([]);

  await signInToConsole(page);
  // on a phone the board shows one column at a time
  await page.getByRole('button', { name: /^Entregados \/ Cancelados/ }).click();
  await expect(orderCard(page, DELIVERED_TODAY)).toContainText('Calificación del cliente: 2/5');
});

test('an order not delivered yet, or unknown, cannot be rated', async ({ page }) => {
  await openStorefront(page, `/encuesta/donmateo-palermo/${ON_ITS_WAY}`);
  await expect(page.getByText('Podrás calificar tu pedido cuando lo recibas.')).toBeVisible();
  await expect(page.getByRole('button', { name: 'Calificar mi pedido' })).toHaveCount(0);
  await expect(page.getByRole('link', { name: 'Ver mi pedido' })).toHaveAttribute(
    'href',
    `/menu/donmateo-palermo/order/${ON_ITS_WAY}`,
  );

  await openStorefront(page, '/encuesta/donmateo-palermo/ZZZZ9999ZZ');
  await expect(page.getByText('No encontramos este pedido. Revisá el enlace que recibiste.')).toBeVisible();
});
