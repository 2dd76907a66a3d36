import {
  adjustmentRulesOf,
  type CartLine,
  type CartLineInput,
  type CheckoutInput,
  composeCheckout,
  computeOrderPrice,
  type DeliveryZoneRule,
  type DiscountCodeRule,
  discountRulesOf,
  type MenuDiscountAnswer,
  type MoneyRounding,
  moneyRoundingOf,
  orderPayloadOf,
  programForContact,
  repriceCart,
  toMinor,
} from '@comanda/core';
import type {
  BranchContact,
  ExternalBenefit,
  LoyaltyProgram,
  Menu,
  OrderPayload,
  Plate,
} from '@comanda/core/contract';
import type { FastifyInstance } from 'fastify';
import { getJson, idsOf } from './http.ts';

/**
 * Builds `POST /api/order` payloads the way the storefront does: the API's own menu and discounts,
 * priced with @comanda/core. Tests then change one thing and see the server refuse it.
 */
export interface DishChoice {
  plate: string;
  size?: string;
  garnishes?: string[];
  quantity?: number;
  notes?: string;
}

export interface OrderOptions {
  contact?: string;
  mode?: string;
  dishes: DishChoice[];
  payment?: 'CASH' | 'CARD' | 'TRANSFER' | 'PAYMENT_LINK';
  paysWith?: number | null;
  phone?: string;
  customerName?: string;
  destination?: OrderPayload['destination'];
  /** The code as the diner applied it (its rule from the demo data). */
  code?: DiscountCodeRule | null;
  redeemedPoints?: number;
  serviceFee?: { userFee: number; percentageUserFee: number } | null;
  deliveryFee?: number;
  /** Prices with another rounding than the shop's (a client that rounds differently). */
  rounding?: MoneyRounding;
  scheduledAt?: string | null;
  tableUid?: string | null;
  /** A partner's member (partnerName, userExternalReference) and the benefits granted to it, as answered. */
  externalUser?: { partner: string; externalUserId: string };
  benefits?: ExternalBenefit[];
}

function flatFeeZone(fee: number): DeliveryZoneRule {
  return {
    id: 0,
    name: 'test',
    polygon: [],
    cashFee: fee,
    otherFee: fee,
    minimumOrder: 0,
    freeDeliveryFrom: null,
    acceptsCash: true,
    priority: 0,
  };
}

/** Inside the Palermo zone of Don Mateo Palermo (fee 1.500 cash / 1.200 other). */
export const PALERMO_ADDRESS = {
  street: 'Av. Santa Fe',
  number: '3100',
  betweenStreets: 'Agüero y Bulnes',
  details: 'Piso 4 B',
  city: 'CABA',
  lat: -34.5865,
  lng: -58.4105,
};

export async function orderContext(app: FastifyInstance, contact = 'donmateo-palermo', mode = 'Take Away') {
  const ids = await idsOf(app, contact);
  const modeId = ids.modeId(mode);
  const menu = (await getJson(app, `/api/diner/${contact}/menu/${modeId}`)).body as Menu;
  const discounts = (await getJson(app, `/api/diner/${ids.branchId}/discounts`)).body as MenuDiscountAnswer[];
  const modes = (await getJson(app, `/api/diner/branchordermodes/${ids.contactId}`)).body as {
    id: number;
    type: string;
    paymentTypes: { id: number; showName: string; paymentMethod: string }[];
  }[];
  const modeRow = modes.find((m) => m.id === modeId);
  if (!modeRow) throw new Error(`no mode ${mode}`);
  const decimals = contact.startsWith('lacasona') ? 0 : 2;
  const rules = discountRulesOf(discounts, decimals);
  // the API answers {} when the branch has no programme
  const programAnswer = (await getJson(app, `/api/branch/${ids.branchId}/loyalty-program`)).body as
    | LoyaltyProgram
    | { active?: undefined };
  const program = programAnswer.active === undefined ? null : programForContact(programAnswer, ids.contactId);
  // the storefront's rounding: the contact's currency and its branch's roundingMode, as the API answers them
  const info = (await getJson(app, `/api/diner/${contact}`)).body.info as BranchContact;
  const rounding = moneyRoundingOf(info.currency, decimals, info.branch.generalConfig);
  return { ...ids, modeId, menu, rules, mode: modeRow, decimals, rounding, contact, program };
}

export type OrderContext = Awaited<ReturnType<typeof orderContext>>;

function plateNamed(menu: Menu, name: string): Plate {
  const plate = menu.categories.flatMap((c) => c.plates).find((p) => p.name === name || p.showName === name);
  if (!plate) throw new Error(`no plate ${name}`);
  return plate;
}

export function linesOf(ctx: OrderContext, dishes: DishChoice[]): CartLine[] {
  const inputs = dishes.map((dish): CartLineInput => {
    const plate = plateNamed(ctx.menu, dish.plate);
    const size = dish.size ? plate.sizes.find((s) => s.name === dish.size) : plate.sizes[0];
    const chosen = new Set(dish.garnishes ?? []);
    return {
      referenceId: plate.id,
      name: plate.showName,
      notes: dish.notes ?? '',
      quantity: dish.quantity ?? 1,
      sizeId: size?.id ?? null,
      sizeName: size?.name ?? null,
      basePrice: toMinor(size?.price ?? plate.price, ctx.decimals),
      categoryId: plate.category.id,
      categoryShowName: plate.category.showName,
      source: 'PLATE',
      upsell: false,
      maxQuantity: plate.maxQuantity,
      extras: plate.garnishGroups
        .map((g) => ({
          groupId: g.id,
          groupName: g.name,
          min: g.minGarnishAmount,
          max: g.maxGarnishAmount,
          multipleSelection: g.multipleSelection,
          groupItems: g.garnishes
            .filter((x) => chosen.has(x.name))
            .map((x) => ({
              referenceId: x.id,
              referenceType: 'GARNISH' as const,
              name: x.name,
              price: toMinor(x.price, ctx.decimals),
              quantity: 1,
            })),
        }))
        .filter((g) => g.groupItems.length > 0),
    };
  });
  return repriceCart(inputs, ctx.rules);
}

/** A payload whose every amount is core's; `options` override what a test needs. */
export function buildOrder(ctx: OrderContext, options: OrderOptions): OrderPayload {
  const lines = linesOf(ctx, options.dishes);
  const method = options.payment ?? 'CASH';
  const payment = ctx.mode.paymentTypes.find((p) => p.paymentMethod === method);
  if (!payment) throw new Error(`no payment ${method}`);
  const fee = options.serviceFee ?? null;
  const isDelivery = ctx.mode.type === 'DELIVERY';
  const input: CheckoutInput = {
    lines,
    // the mode's own general discounts are none in the demo; a member's benefits come after them
    generalDiscounts: adjustmentRulesOf(options.benefits ?? [], ctx.decimals),
    generalSurcharges: [],
    serviceFee: fee
      ? { userFee: toMinor(fee.userFee, ctx.decimals), percentageUserFee: fee.percentageUserFee }
      : null,
    isDelivery,
    // the fee the test says the address pays, whatever the payment: a zone with that one fee
    zone: isDelivery ? flatFeeZone(toMinor(options.deliveryFee ?? 0, ctx.decimals)) : null,
    isCash: method === 'CASH',
    code: options.code ?? null,
    isFirstOrder: true,
    program: ctx.program,
    redeemedPoints: options.redeemedPoints ?? 0,
    // the server checks the balance; the helper lets a test ask for more than the diner holds
    balance: Number.MAX_SAFE_INTEGER,
    decimals: ctx.decimals,
    rounding: options.rounding ?? ctx.rounding,
    format: String,
  };
  const composition = composeCheckout(input);
  // a code or points the checkout would leave out are what a tampered client sends: priced with them
  // anyway, so the test sees the server refuse them
  const price =
    composition.codeProblem || composition.pointsProblem
      ? computeOrderPrice({
          ...input,
          pointValue: composition.pointValue,
          deliveryFee: composition.price.deliveryFee,
          rounding: composition.rounding,
        })
      : composition.price;
  return orderPayloadOf({
    lines,
    price,
    decimals: ctx.decimals,
    contactId: ctx.contactId,
    mode: { id: ctx.modeId, type: ctx.mode.type as OrderPayload['type'] },
    paymentType: payment,
    customer: {
      name: options.customerName ?? 'Cliente de Prueba',
      phone: options.phone ?? '+5491170000001',
    },
    tableUid: options.tableUid ?? null,
    destination: options.destination ?? null,
    paysWith: options.paysWith === undefined ? price.total : toMinorOrNull(options.paysWith, ctx.decimals),
    scheduledAt: options.scheduledAt ?? null,
    redeemedPoints: options.redeemedPoints ?? 0,
    externalUser: options.externalUser ?? null,
  });
}

const toMinorOrNull = (units: number | null, decimals: number) =>
  units === null ? null : toMinor(units, decimals);

export async function postOrder(
  app: FastifyInstance,
  payload: unknown,
  headers: Record<string, string> = {},
) {
  const res = await app.inject({ method: 'POST', url: '/api/order', payload: payload as object, headers });
  return { status: res.statusCode, body: res.body ? JSON.parse(res.body) : null };
}
