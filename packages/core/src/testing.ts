/**
 * Factories for tests (core, server and bench): rules shaped like Don Mateo's demo data
 * (DEMO-DATA.md), amounts in minor units of ARS. Not part of the public index.
 */
import type { CartLineInput } from './cart/cart.ts';
import type { DeliveryZoneRule } from './checkout/delivery-zone.ts';
import type { DiscountCodeRule } from './checkout/discount-code.ts';
import type { LoyaltyProgramRule } from './checkout/loyalty.ts';

/** A cart line input: one empanada de carne ($1.800) unless overridden. */
export function lineInput(overrides: Partial<CartLineInput> = {}): CartLineInput {
  return {
    referenceId: 27,
    name: 'Empanada de carne',
    notes: '',
    quantity: 1,
    sizeId: null,
    sizeName: null,
    basePrice: 180_000,
    categoryId: 2,
    categoryShowName: 'Empanadas',
    source: 'PLATE',
    upsell: false,
    maxQuantity: 24,
    extras: [],
    ...overrides,
  };
}

/** A plain 10% code unless overridden. */
export function codeRule(overrides: Partial<DiscountCodeRule> = {}): DiscountCodeRule {
  return {
    id: 1,
    code: 'CODE',
    type: 'PERCENT',
    value: 0.1,
    maximumDiscount: null,
    minimumOrderAmount: null,
    plate: null,
    categoryName: null,
    firstTimeOnly: false,
    freeDelivery: false,
    limitedUsage: false,
    ...overrides,
  };
}

/** Don Mateo's codes; the server looks them up by code, so ids here are placeholders. */
export const DEMO_CODES = {
  BIENVENIDA: codeRule({ id: 11, code: 'BIENVENIDA', value: 0.1, firstTimeOnly: true }),
  ENVIOGRATIS: codeRule({ id: 12, code: 'ENVIOGRATIS', type: 'FREE_DELIVERY', value: 0, freeDelivery: true }),
  PIZZA15: codeRule({ id: 13, code: 'PIZZA15', value: 0.15, categoryName: 'Pizzas' }),
  MIN20K: codeRule({ id: 14, code: 'MIN20K', type: 'FIXED', value: 200_000, minimumOrderAmount: 2_000_000 }),
  FLASH: codeRule({ id: 15, code: 'FLASH', value: 0.25, limitedUsage: true }),
} as const;

/** Don Mateo's loyalty programme. */
export const PUNTOS_MATEO: LoyaltyProgramRule = {
  name: 'Puntos Mateo',
  active: true,
  orderPercentage: 0.05,
  minRedeemedPoints: 500,
  maxRedeemedPoints: 5_000,
  maxRedeemedPercentage: 0.3,
  supportsDiscounts: true,
};

/** The Palermo zone's figures (1.500 cash / 1.200 other, minimum 8.000, free from 30.000), no polygon. */
export function zoneRule(overrides: Partial<DeliveryZoneRule> = {}): DeliveryZoneRule {
  return {
    id: 1,
    name: 'Palermo',
    polygon: [],
    cashFee: 150_000,
    otherFee: 120_000,
    minimumOrder: 800_000,
    freeDeliveryFrom: 3_000_000,
    acceptsCash: true,
    priority: 1,
    ...overrides,
  };
}
