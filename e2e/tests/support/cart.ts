/// <reference lib="dom" />
// page.evaluate callbacks run in the browser: the DOM types (localStorage, getComputedStyle) describe them
import { type APIRequestContext, expect, type Locator, type Page } from '@playwright/test';

/** localStorage key and shape of the diner's cart (apps/web/src/features/cart/cart-store.ts). */
export const CART_STORAGE_KEY = 'comanda:cart';
export const CART_TTL_MS = 6 * 60 * 60 * 1000;

export const ITEM_ADDED = 'Ítem agregado al pedido!';

export interface StoredCart {
  alias: string | null;
  lines: { referenceId: number; name: string; quantity: number; price: number; originalPrice: number }[];
  orderModeId: number | null;
  menuHash: string | null;
  /** The spec's cart state: the payment type's method, id and upload. */
  paymentType: { id: number; paymentMethod: string; upload: string | null } | null;
  expiresAt: number;
}

/** The newest toast with this text (toasts last 3 s, at most two at once, so one may still be showing). */
export function toast(page: Page, text: string): Locator {
  return page.locator('.toast').filter({ hasText: text }).last();
}

/** Opens a dish from its category section; in Don Mateo it opens as the dialog this returns. */
export async function openDish(page: Page, category: string, dish: string): Promise<Locator> {
  await page
    .getByRole('region', { name: category, exact: true })
    .getByRole('link', { name: dish, exact: true })
    .click();
  const dialog = page.getByRole('dialog', { name: dish });
  await expect(dialog).toBeVisible();
  return dialog;
}

export interface DishChoice {
  category: string;
  dish: string;
  /** Radios to check, by (part of) their name: a size, a single-choice garnish. */
  radios?: (string | RegExp)[];
  /** Garnishes of multiple-selection groups, one 'Sumar …' tap each. */
  extras?: string[];
  /** Units to add (the stepper starts at 1). */
  quantity?: number;
  notes?: string;
  /** The total the 'Agregar' button must show before adding, e.g. '$14.500'. */
  total?: string;
}

/** Opens a dish in its modal, makes the choices, adds it and waits for the modal to close. */
export async function addDish(page: Page, choice: DishChoice): Promise<void> {
  const dish = await openDish(page, choice.category, choice.dish);
  for (const radio of choice.radios ?? []) {
    await dish.getByRole('radio', { name: radio }).check();
  }
  for (const extra of choice.extras ?? []) {
    await dish.getByRole('button', { name: `Sumar ${extra}`, exact: true }).click();
  }
  for (let units = 1; units < (choice.quantity ?? 1); units++) {
    await dish.getByRole('button', { name: 'Sumar una unidad', exact: true }).click();
  }
  if (choice.quantity) {
    await expect(dish.getByRole('group', { name: `Cantidad de ${choice.dish}` })).toContainText(
      String(choice.quantity),
    );
  }
  if (choice.notes) await dish.getByRole('textbox', { name: /Aclaraciones/ }).fill(choice.notes);
  const add = dish.getByRole('button', { name: /^Agregar/ });
  if (choice.total) await expect(add).toContainText(choice.total);
  await add.click();
  await expect(toast(page, ITEM_ADDED)).toBeVisible();
  await expect(dish).toHaveCount(0);
}

/** The 'Ver mi pedido' bar at the bottom of the menu. */
export function cartBar(page: Page): Locator {
  return page.getByRole('link', { name: /Ver mi pedido/ });
}

/** Taps 'Ver mi pedido' and waits for 'Mi pedido'. */
export async function openCart(page: Page): Promise<void> {
  await cartBar(page).click();
  await expect(page).toHaveURL(/\/preview(\?|$)/);
  await expect(page.getByRole('heading', { name: 'Mi pedido', level: 1 })).toBeVisible();
}

/** One line of 'Mi pedido', found by the plate's name. */
export function cartLine(page: Page, name: string): Locator {
  return page
    .getByRole('listitem')
    .filter({ has: page.getByRole('heading', { name, exact: true, level: 3 }) });
}

/** The cart's 'Continuar' button, which shows the total. */
export function continueButton(page: Page): Locator {
  return page.getByRole('button', { name: /^Continuar/ });
}

export async function storedCart(page: Page): Promise<StoredCart | null> {
  const raw = await page.evaluate((key) => localStorage.getItem(key), CART_STORAGE_KEY);
  return raw ? (JSON.parse(raw) as StoredCart) : null;
}

interface ApiPlate {
  id: number;
  name: string;
  showName: string | null;
  sizes: { id: number; name: string }[];
  garnishGroups: { id: number; name: string; garnishes: { id: number; name: string }[] }[];
}

/** Ids of a branch contact, its modes and its menus, read from the diner API as the storefront does. */
export async function lookUpContact(request: APIRequestContext, alias: string) {
  const aliasResponse = await request.get(`/api/diner/${alias}`);
  expect(aliasResponse.ok()).toBe(true);
  const { info } = (await aliasResponse.json()) as { info: { id: number; branch: { id: number } } };
  const modesResponse = await request.get(`/api/diner/branchordermodes/${info.id}`);
  expect(modesResponse.ok()).toBe(true);
  const modes = (await modesResponse.json()) as { id: number; showName: string }[];

  function modeId(showName: string): number {
    const mode = modes.find((candidate) => candidate.showName === showName);
    if (!mode) throw new Error(`${alias} has no mode ${showName}`);
    return mode.id;
  }

  async function plate(modeName: string, name: string) {
    const response = await request.get(`/api/diner/${alias}/menu/${modeId(modeName)}`);
    expect(response.ok()).toBe(true);
    const menu = (await response.json()) as { categories: { plates: ApiPlate[] }[] };
    const found = menu.categories
      .flatMap((category) => category.plates)
      .find((candidate) => (candidate.showName || candidate.name) === name);
    if (!found) throw new Error(`${alias} ${modeName} has no plate ${name}`);
    const sizeId = (sizeName: string) => {
      const size = found.sizes.find((candidate) => candidate.name === sizeName);
      if (!size) throw new Error(`${name} has no size ${sizeName}`);
      return size.id;
    };
    const garnish = (groupName: string, garnishName: string) => {
      const group = found.garnishGroups.find((candidate) => candidate.name === groupName);
      const item = group?.garnishes.find((candidate) => candidate.name === garnishName);
      if (!group || !item) throw new Error(`${name} has no ${groupName} ${garnishName}`);
      return { groupId: group.id, referenceId: item.id };
    };
    return { id: found.id, sizeId, garnish };
  }

  return { contactId: info.id, branchId: info.branch.id, modeId, plate };
}
