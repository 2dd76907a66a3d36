import { expect, type Page, test } from '@playwright/test';
import { seriousViolations } from './support/axe.ts';
import { toast } from './support/cart.ts';
import { signInToConsole } from './support/console.ts';
import { anotherPhone, DESKTOP, failOnConsoleErrors, shotPath } from './support/storefront.ts';

// issue 27, "Team": on /console/equipo the owner invites a kitchen member with a one-time link, the
// invitee opens it on their own device, chooses a password and lands on the console; the owner takes
// their access away and their page is signed out; the owner deactivates a rider. At a phone and a desktop.

const PALERMO = { alias: 'donmateo-palermo', name: 'Don Mateo Palermo' };
const RIDER = 'Sofía Ruiz';

/** Sofía active again (the other journeys of this server expect the demo's riders as they were). */
async function activateRider(page: Page): Promise<void> {
  const answer = await page.request.get('/api/console/team');
  if (answer.status() !== 200) return;
  const view = (await answer.json()) as {
    shops: { id: number; alias: string; riders: { id: number; name: string; enabled: boolean }[] }[];
  };
  const shop = view.shops.find((item) => item.alias === PALERMO.alias);
  const rider = shop?.riders.find((item) => item.name === RIDER);
  if (shop && rider && !rider.enabled)
    expect(
      (
        await page.request.post(`/api/console/shop/${shop.id}/riders/${rider.id}/activate`, { data: {} })
      ).status(),
    ).toBe(200);
}

for (const [name, size] of [
  ['phone', {}],
  ['desktop', DESKTOP],
] as const) {
  test.describe(`at the ${name}`, () => {
    test.use(size);

    test.afterEach(async ({ page }) => {
      await activateRider(page);
    });

    test('the owner invites a cook who joins with the link, takes their access away and deactivates a rider', async ({
      page,
      browser,
    }) => {
      const shot = (step: string) => shotPath(`team-${name}-${step}`);
      // a new e-mail each run: an account stays behind on this server
      const email = `lola.${name}.${Date.now()}@donmateo.com.ar`;
      const password = 'lola cocina 2026';
      await signInToConsole(page);
      const errors = failOnConsoleErrors(page);

      await page.goto('/console/equipo');
      await expect(page.getByRole('heading', { name: 'Equipo', level: 1 })).toBeVisible();
      await expect(
        page.getByRole('navigation', { name: 'Secciones' }).getByRole('link', { name: 'Equipo' }),
      ).toHaveAttribute('aria-current', 'page');
      const people = page.getByRole('region', { name: 'Personas con acceso a la consola' });
      const kitchen = people.getByRole('listitem').filter({ hasText: 'cocina@donmateo.com.ar' });
      await expect(kitchen).toContainText('Cocina');
      await expect(kitchen).toContainText('Con acceso');
      // the owner's own row says so and has no buttons
      const own = people.getByRole('listitem').filter({ hasText: 'encargado@donmateo.com.ar' });
      await expect(own).toContainText('Vos');
      await expect(own.getByRole('button')).toHaveCount(0);
      await page.screenshot({ path: shot('01-team.png'), fullPage: true });
      expect(await seriousViolations(page)).toEqual([]);

      // the invitation: a wrong e-mail is caught under its field, then the link is made
      const form = page.getByRole('form', { name: 'Invitar a alguien' });
      await form.getByLabel('Nombre').fill('Lola Paz');
      await form.getByLabel('E-mail').fill('lola-sin-arroba');
      await form.getByRole('button', { name: 'Crear link de invitación' }).click();
      await expect(form.getByLabel('E-mail')).toHaveAccessibleDescription('Ingresá un e-mail válido.');
      await expect(form.getByLabel('E-mail')).toBeFocused();
      await form.getByLabel('E-mail').fill(email);
      await expect(form.getByRole('radio', { name: /^Cocina/ })).toBeChecked();
      const invited = page.waitForResponse(
        (r) => r.url().endsWith('/api/console/team/invitations') && r.request().method() === 'POST',
      );
      await form.getByRole('button', { name: 'Crear link de invitación' }).click();
      expect((await invited).status()).toBe(201);
      const panel = page.getByRole('region', { name: 'Link de invitación para Lola Paz' });
      await expect(panel).toBeVisible();
      await expect(panel.getByRole('heading', { name: 'Link de invitación para Lola Paz' })).toBeFocused();
      const link = await panel.getByLabel('Link').inputValue();
      expect(link).toMatch(/\/console\/invitacion\/[A-Za-z0-9_-]{43}$/);
      await expect(panel.getByRole('link', { name: 'Enviar por WhatsApp' })).toHaveAttribute(
        'href',
        /^https:\/\/wa\.me\/\?text=/,
      );
      const pending = page.getByRole('region', { name: 'Links sin usar' });
      await expect(pending.getByRole('listitem').filter({ hasText: email })).toContainText('Invitación');
      await panel.scrollIntoViewIfNeeded();
      await page.screenshot({ path: shot('02-link.png') });
      expect(await seriousViolations(page)).toEqual([]);

      // the invitee, on their own device: two passwords that differ, then the same twice
      const member = await anotherPhone(browser, name === 'desktop' ? DESKTOP : {});
      const memberErrors = failOnConsoleErrors(member);
      await member.goto(link);
      await expect(member.getByRole('heading', { name: 'Elegí tu contraseña', level: 1 })).toBeVisible();
      await expect(
        member.getByText(/^Hola Lola Paz: .+ te invitó a su consola como Cocina\.$/),
      ).toBeVisible();
      await expect(member.getByLabel('E-mail')).toHaveValue(email);
      await member.getByLabel('Contraseña', { exact: true }).fill(password);
      await member.getByLabel('Repetí la contraseña').fill('otra cosa distinta');
      await member.getByRole('button', { name: 'Guardar y entrar' }).click();
      await expect(member.getByRole('alert')).toHaveText('Las contraseñas no coinciden.');
      await member.screenshot({ path: shot('03-invitee.png') });
      expect(await seriousViolations(member)).toEqual([]);
      await member.getByLabel('Repetí la contraseña').fill(password);
      await member.getByRole('button', { name: 'Guardar y entrar' }).click();
      await expect(member).toHaveURL(/\/console$/);
      await expect(member.getByRole('heading', { name: 'Pizzería Don Mateo', level: 1 })).toBeVisible();
      await member.screenshot({ path: shot('04-invitee-console.png') });

      // the link worked once: opening it again says so
      const reused = await member.context().newPage();
      await reused.goto(link);
      await expect(reused.getByRole('alert')).toHaveText(
        'Este link no es válido o ya se usó. Pedile uno nuevo al dueño del local.',
      );
      await reused.close();

      // the owner takes Lola's access away, after the question
      await page.reload();
      const lola = people.getByRole('listitem').filter({ hasText: email });
      await expect(lola).toContainText('Con acceso');
      await expect(pending.getByRole('listitem').filter({ hasText: email })).toHaveCount(0);
      await lola.getByRole('button', { name: 'Quitar acceso a Lola Paz' }).click();
      const question = page.getByRole('dialog', { name: '¿Quitarle el acceso a Lola Paz?' });
      await expect(question).toBeVisible();
      expect(await seriousViolations(page)).toEqual([]);
      await question.getByRole('button', { name: 'Continuar' }).click();
      await expect(toast(page, 'Le quitamos el acceso.')).toBeVisible();
      await expect(lola).toContainText('Sin acceso');
      await expect(lola.getByRole('button', { name: 'Devolver acceso a Lola Paz' })).toBeVisible();

      // Lola's page is signed out, and signing in again says why
      await member.reload();
      await expect(member).toHaveURL(/\/console\/login$/);
      await member.getByLabel('E-mail').fill(email);
      await member.getByLabel('Contraseña').fill(password);
      await member.getByRole('button', { name: 'Ingresar' }).click();
      await expect(member.getByRole('alert')).toHaveText(
        'Tu acceso a la consola fue revocado. Si es un error, pedile al dueño del local que te lo devuelva.',
      );
      await member.screenshot({ path: shot('05-revoked-sign-in.png') });

      // a rider of Palermo, off shift, deactivated
      const riders = page.getByRole('region', { name: `Repartidores de ${PALERMO.name}` });
      const sofia = riders.getByRole('listitem').filter({ hasText: RIDER });
      await expect(sofia).toContainText('Fuera de turno');
      await expect(riders.getByRole('listitem').filter({ hasText: 'Martín Gómez' })).toContainText(
        'En turno',
      );
      await sofia.getByRole('button', { name: `Desactivar a ${RIDER}` }).click();
      const off = page.getByRole('dialog', { name: `¿Desactivar a ${RIDER}?` });
      await off.getByRole('button', { name: 'Continuar' }).click();
      await expect(toast(page, 'Desactivamos al repartidor.')).toBeVisible();
      await expect(sofia).toContainText('Desactivado');
      await expect(sofia.getByRole('button', { name: `Activar a ${RIDER}` })).toBeVisible();
      await riders.scrollIntoViewIfNeeded();
      await page.screenshot({ path: shot('06-riders.png'), fullPage: true });
      expect(await seriousViolations(page)).toEqual([]);

      // the denied sign-in is a 403 on Lola's device, the only console error allowed
      expect(errors).toEqual([]);
      expect(memberErrors.filter((text) => !/status of 40[13]/.test(text))).toEqual([]);
      await member.context().close();
    });
  });
}
