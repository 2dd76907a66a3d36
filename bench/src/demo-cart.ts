/**
 * Demo carts built the way the storefront builds them (@comanda/core's cart rules on the API's own
 * menu and discounts): the order-placement payloads and the cart page's Lighthouse run use them.
 */
import {
  type CartExtraGroup,
  type CartLine,
  type CartLineInput,
  discountRulesOf,
  type MenuDiscountAnswer,
  type MenuDiscountRule,
  repriceCart,
  toMinor,
} from '@comanda/core';
import { DEMO } from './config.ts';
import { type Context, must } from './scenarios.ts';

// ----------------------------------------------------------------------------- what the API answers

export interface MenuGarnish {
  id: number;
  name: string;
  price: number;
  visible: boolean;
}
export interface MenuPlate {
  id: number;
  name: string;
  price: number;
  sizes: { id: number; name: string; price: number }[];
  garnishGroups: {
    id: number;
    name: string;
    minGarnishAmount: number;
    maxGarnishAmount: number;
    multipleSelection: boolean;
    mandatory: boolean;
    garnishes: MenuGarnish[];
  }[];
  category: { id: number; showName: string };
  maxQuantity: number | null;
}
export interface MenuAnswer {
  categories: { id: number; plates: MenuPlate[] }[];
}
/** The API's discounts (currency units); core's discountRulesOf makes them rules (minor units). */
export type DiscountAnswer = MenuDiscountAnswer;

// ------------------------------------------------------------------------------------- the cart

/**
 * A dish with its mandatory garnishes (the first ones); `rich` takes the last size and one optional
 * extra, otherwise the first size and nothing optional.
 */
export function cartInput(
  plate: MenuPlate,
  decimals: number,
  quantity: number,
  rich: boolean,
): CartLineInput {
  const withExtra = rich;
  const size = (rich ? plate.sizes.at(-1) : plate.sizes[0]) ?? null;
  let extraAdded = false;
  const extras: CartExtraGroup[] = plate.garnishGroups.map((g) => {
    const visible = g.garnishes.filter((x) => x.visible);
    let take = g.mandatory ? Math.max(1, g.minGarnishAmount) : g.minGarnishAmount;
    if (!take && withExtra && !extraAdded && g.maxGarnishAmount > 0 && visible.length) {
      take = 1;
      extraAdded = true;
    }
    return {
      groupId: g.id,
      groupName: g.name,
      min: g.minGarnishAmount,
      max: g.maxGarnishAmount,
      multipleSelection: g.multipleSelection,
      groupItems: visible.slice(0, take).map((x) => ({
        referenceId: x.id,
        referenceType: 'GARNISH' as const,
        name: x.name,
        price: toMinor(x.price, decimals),
        quantity: 1,
      })),
    };
  });
  return {
    referenceId: plate.id,
    name: plate.name,
    notes: '',
    quantity,
    sizeId: size?.id ?? null,
    sizeName: size?.name ?? null,
    basePrice: toMinor(size?.price ?? plate.price, decimals),
    categoryId: plate.category.id,
    categoryShowName: plate.category.showName,
    source: 'PLATE',
    upsell: false,
    maxQuantity: plate.maxQuantity,
    extras,
  };
}

/** The first dish with its choices, and three units of a dish with a menu discount (a 3x2 applies too). */
export function demoCartInputs(
  menu: MenuAnswer,
  discounts: MenuDiscountRule[],
  decimals: number,
): CartLineInput[] {
  const plates = menu.categories.flatMap((c) => c.plates);
  const first = plates[0];
  if (!first) throw new Error('the menu has no plates');
  const discounted = plates.find((p) => p.id !== first.id && discounts.some((d) => d.plates.includes(p.id)));
  const inputs = [cartInput(first, decimals, 1, true)];
  if (discounted) inputs.push(cartInput(discounted, decimals, 3, false));
  return inputs;
}

/** localStorage key and shape of the web's cart (apps/web/src/features/cart/cart-store.ts). */
export const CART_STORAGE_KEY = 'comanda:cart';

/**
 * The stored cart of a diner who chose the demo contact's delivery menu: a dish with its choices and
 * three units of a discounted dish, as the cart page would find it in localStorage.
 */
export async function demoStoredCart(ctx: Context): Promise<string> {
  const country = await must<{ currency: { decimals: number } }>(ctx, '/api/country/ar');
  const decimals = country.currency.decimals;
  const menu = await must<MenuAnswer & { hash: string }>(
    ctx,
    `/api/diner/${DEMO.contactAlias}/menu/${ctx.deliveryModeId}`,
  );
  const discounts = discountRulesOf(
    await must<DiscountAnswer[]>(ctx, `/api/diner/${ctx.branchId}/discounts`),
    decimals,
  );
  const inputs = demoCartInputs(menu, discounts, decimals);
  const lines: CartLine[] = repriceCart(inputs, discounts);
  return JSON.stringify({
    alias: DEMO.contactAlias,
    lines,
    orderModeId: ctx.deliveryModeId,
    menuHash: menu.hash,
    paymentTypeId: null,
    expiresAt: Date.now() + 6 * 60 * 60 * 1000,
  });
}
