import { describe, expect, it } from 'vitest';
import { repriceCart } from '../cart/cart.ts';
import { OrderPayloadSchema } from '../contract/order.ts';
import { DEMO_CODES, lineInput } from '../testing.ts';
import { adjustmentRulesOf, deliveryZoneOfOptions, discountCodeRuleOf } from './answer-rules.ts';
import { orderPayloadOf } from './order-payload.ts';
import { computeOrderPrice } from './order-price.ts';

// two Muzzarella Chica ($9.000 each) and a Coca-Cola with $500 off
const lines = repriceCart(
  [
    lineInput({
      referenceId: 25,
      name: 'Muzzarella',
      quantity: 2,
      sizeId: 1,
      sizeName: 'Chica',
      basePrice: 900_000,
    }),
    lineInput({ referenceId: 29, name: 'Coca-Cola 500 ml', basePrice: 250_000 }),
  ],
  [{ id: 4, type: 'FIXED', fixedDiscount: 50_000, plates: [29] }],
);

const delivery = { id: 7, type: 'DELIVERY' as const, minDelayInMinutes: 30, maxDelayInMinutes: 50 };
const cash = { id: 1, showName: 'Efectivo', paymentMethod: 'CASH', upload: 'APP' };
const transfer = { id: 3, showName: 'Transferencia', paymentMethod: 'TRANSFER', upload: 'APP' };

describe('orderPayloadOf', () => {
  it('carries core’s amounts in currency units, and the delivery choices', () => {
    const price = computeOrderPrice({
      lines,
      generalDiscounts: adjustmentRulesOf([{ id: 9, name: 'Promo', type: 'FIXED', value: 1000 }], 2),
      generalSurcharges: [],
      code: DEMO_CODES.PIZZA15,
      redeemedPoints: 500,
      pointValue: 100,
      serviceFee: { userFee: 30_000, percentageUserFee: 0.02 },
      deliveryFee: 150_000,
    });
    const payload = orderPayloadOf({
      lines,
      price,
      decimals: 2,
      contactId: 3,
      mode: delivery,
      paymentType: cash,
      customer: { name: ' Lucía Fernández ', phone: '+5491155550101', email: '', document: '30.123.456' },
      destination: { street: 'Av. Santa Fe', number: '3100', lat: -34.5865, lng: -58.4105 },
      paysWith: 2_000_000,
      scheduledAt: '2026-11-21T20:30:00-03:00',
      redeemedPoints: 500,
      notes: ' Timbre 4B ',
    });
    expect(OrderPayloadSchema.safeParse(payload).success).toBe(true);
    // items 18.000 + 2.000 = 20.000; promo -1.000; PIZZA15 15% of 19.000 = 2.850; points -500;
    // fee 300 + 2% of 16.150 = 623; delivery 1.500
    expect(payload.items.map((i) => i.price)).toEqual([18_000, 2_000]);
    expect(payload.discounts).toEqual([
      {
        name: 'Promo',
        type: 'FIXED',
        value: 1000,
        amount: 1000,
        discountReferenceId: 9,
        externalBenefitType: null,
        code: null,
      },
      expect.objectContaining({ code: 'PIZZA15', amount: 2850, discountReferenceId: null }),
    ]);
    expect(payload.userServiceFee).toBe(623);
    expect(payload.deliveryFee).toBe(1500);
    expect(payload.price).toBe(20_000 - 1000 - 2850 - 500 + 623 + 1500);
    expect(payload.paymentInfo).toEqual({
      status: 'PENDING',
      paymentReferenceId: null,
      // the payment type's upload, as the cart state keeps it
      paymentUpload: 'APP',
      amount: payload.price,
    });
    expect(payload).toMatchObject({
      type: 'DELIVERY',
      orderModeId: 7,
      branchContact: { id: 3 },
      customerName: 'Lucía Fernández',
      customerEmail: null,
      document: '30.123.456',
      paysWith: 20_000,
      scheduled: true,
      scheduledAt: '2026-11-21T20:30:00-03:00',
      loyaltyInfo: { redeemedPoints: 500 },
      minDelayInMinutes: 30,
      maxDelayInMinutes: 50,
      notes: 'Timbre 4B',
      source: 'DIRECT',
      optIn: true,
      tableUid: null,
      partnerName: null,
      userExternalReference: null,
    });
  });

  it('names the partner and its member, and marks the partner’s benefit with its externalBenefitType', () => {
    const benefit = { id: 41, name: 'Beneficio socio', type: 'PERCENT' as const, value: 0.1 };
    const price = computeOrderPrice({
      lines,
      generalDiscounts: [{ ...benefit, externalBenefitType: 'PARTNER_DISCOUNT' }],
      generalSurcharges: [],
      code: null,
      redeemedPoints: 0,
      pointValue: 100,
      serviceFee: null,
      deliveryFee: 0,
    });
    const payload = orderPayloadOf({
      lines,
      price,
      decimals: 2,
      contactId: 3,
      mode: { id: 9, type: 'TAKE_AWAY' },
      paymentType: { ...transfer, upload: 'API' },
      customer: { name: 'Ana', phone: '+5491144440202' },
      externalUser: { partner: 'sandbox', externalUserId: 'socio-1' },
      paymentReferenceId: 'pago-77',
      installedApp: true,
      orderText: 'Pedido',
    });
    expect(OrderPayloadSchema.safeParse(payload).success).toBe(true);
    expect(payload.discounts).toEqual([
      {
        name: 'Beneficio socio',
        type: 'PERCENT',
        value: 0.1,
        amount: 2000,
        discountReferenceId: 41,
        externalBenefitType: 'PARTNER_DISCOUNT',
        code: null,
      },
    ]);
    expect(payload).toMatchObject({
      partnerName: 'sandbox',
      userExternalReference: 'socio-1',
      installedApp: true,
      orderText: 'Pedido',
      price: 18_000,
      paymentInfo: { status: 'PENDING', paymentReferenceId: 'pago-77', paymentUpload: 'API', amount: 18_000 },
    });
  });

  it('sends no destination off delivery, a table only at a table, and no paysWith off cash', () => {
    const price = computeOrderPrice({
      lines,
      generalDiscounts: [],
      generalSurcharges: [],
      code: null,
      redeemedPoints: 0,
      pointValue: 100,
      serviceFee: null,
      deliveryFee: 0,
    });
    const payload = orderPayloadOf({
      lines,
      price,
      decimals: 2,
      contactId: 3,
      mode: { id: 9, type: 'TABLE' },
      paymentType: transfer,
      customer: { name: 'Ana', phone: '+5491144440202' },
      destination: { street: 'Av. Santa Fe' },
      tableUid: ' 12 ',
      paysWith: 50_000,
    });
    expect(payload).toMatchObject({
      destination: null,
      tableUid: '12',
      paysWith: null,
      scheduled: false,
      scheduledAt: null,
      discounts: [],
      price: 20_000,
    });
  });
});

describe('rules from the API’s answers', () => {
  it('reads FIXED values in currency units, ratios as they are', () => {
    expect(
      adjustmentRulesOf(
        [
          { id: 1, name: 'Fijo', type: 'FIXED', value: 12.5 },
          { id: 2, name: 'Porcentaje', type: 'PERCENT', value: 0.1 },
        ],
        2,
      ),
    ).toEqual([
      { id: 1, name: 'Fijo', type: 'FIXED', value: 1250 },
      { id: 2, name: 'Porcentaje', type: 'PERCENT', value: 0.1 },
    ]);
    const info = {
      id: 4,
      code: 'MIN20K',
      type: 'FIXED' as const,
      value: 2000,
      minimumOrderAmount: 20_000,
      plate: null,
      maximumDiscount: null,
      category: null,
      firstTimeOnly: false,
      freeDelivery: false,
      limitedUsage: false,
    };
    expect(discountCodeRuleOf(info, 2)).toEqual({
      id: 4,
      code: 'MIN20K',
      type: 'FIXED',
      value: 200_000,
      maximumDiscount: null,
      minimumOrderAmount: 2_000_000,
      plate: null,
      categoryName: null,
      firstTimeOnly: false,
      freeDelivery: false,
      limitedUsage: false,
    });
    expect(
      discountCodeRuleOf({ ...info, type: 'PERCENT', value: 0.15, minimumOrderAmount: null }, 0),
    ).toMatchObject({
      value: 0.15,
      minimumOrderAmount: null,
    });
  });

  it('reads the delivery options of an address as a zone rule, none out of area', () => {
    const options = {
      inArea: true,
      providersFailed: false,
      ownLogistic: true,
      zoneName: 'Palermo',
      deliveryFee: 1200,
      cashFee: 1500,
      acceptsCash: true,
      minimumOrderPrice: 8000,
      freeDeliveryFrom: 30_000,
    };
    expect(deliveryZoneOfOptions(options, 2)).toMatchObject({
      name: 'Palermo',
      cashFee: 150_000,
      otherFee: 120_000,
      minimumOrder: 800_000,
      freeDeliveryFrom: 3_000_000,
      acceptsCash: true,
    });
    expect(deliveryZoneOfOptions({ ...options, inArea: false }, 2)).toBeNull();
  });
});
