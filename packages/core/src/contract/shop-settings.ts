/**
 * How a shop takes orders and money, as its owner sets it on `/console/cobros` (issue 27; not in the
 * spec): `GET /api/console/shop/{id}/settings` and one PUT per card (`/payment-types`, `/order-modes`,
 * `/modes/{modeId}/fees`, `/orders-flow`), each answered with the settings as they now are. The bodies'
 * shapes are checked here; their rules (CBU check digits, alias, bounds, a payment type per active mode,
 * WhatsApp-only phone, online types only with an account) are core's `shop-settings.ts`, run on the
 * server on every save and in the editor on every keystroke.
 */
import { z } from 'zod';
import { SHOP_SETTINGS_MESSAGES as M } from '../back-office/shop-settings.ts';

export const SETTINGS_PAYMENT_METHODS = ['CASH', 'CARD', 'TRANSFER', 'PAYMENT_LINK', 'OTHER'] as const;
export type SettingsPaymentMethodName = (typeof SETTINGS_PAYMENT_METHODS)[number];
export const SURCHARGE_TYPES = ['PERCENT', 'FIXED'] as const;

const boolean = z.boolean({ error: 'Indicá sí o no.' });
const optionalText = (max: number) =>
  z
    .string({ error: 'Ingresá un texto.' })
    .max(max, { error: `Puede tener hasta ${max} caracteres.` })
    .nullish();
const amount = (message: string) => z.number({ error: message });
const id = z.number({ error: 'Identificador no válido.' }).int().positive();

export const ShopPaymentTypeInputSchema = z.strictObject({
  /** null for a type the shop does not have yet */
  id: id.nullable(),
  paymentMethod: z.enum(SETTINGS_PAYMENT_METHODS, { error: 'Elegí un medio de pago de la lista.' }),
  /** a CARD taken online through the shop's payment account */
  online: boolean,
  showName: z.string({ error: M.paymentNameRequired }).max(120, { error: M.paymentNameTooLong }),
  active: boolean,
  bankAlias: optionalText(60),
  bankCbu: optionalText(60),
  bankHolder: optionalText(120),
});
export type ShopPaymentTypeInput = z.infer<typeof ShopPaymentTypeInputSchema>;

export const ShopPaymentTypesSchema = z.strictObject({
  paymentTypes: z.array(ShopPaymentTypeInputSchema).max(20),
});
export type ShopPaymentTypesInput = z.infer<typeof ShopPaymentTypesSchema>;

export const ShopOrderModesSchema = z.strictObject({
  modes: z
    .array(
      z.strictObject({
        id,
        active: boolean,
        paymentTypeIds: z.array(id).max(20),
      }),
    )
    .max(10),
});
export type ShopOrderModesInput = z.infer<typeof ShopOrderModesSchema>;

export const ModeFeesSchema = z.strictObject({
  serviceFee: z.strictObject({
    /** currency units */
    userFee: amount(M.feeFixedInvalid),
    /** percent of the order total (2 = 2 %) */
    percentage: amount(M.feePercentInvalid),
  }),
  surcharges: z
    .array(
      z.strictObject({
        id: id.nullable(),
        name: z.string({ error: M.surchargeNameRequired }).max(200, { error: M.surchargeNameTooLong }),
        type: z.enum(SURCHARGE_TYPES, { error: 'Elegí porcentaje o monto fijo.' }),
        /** percent for PERCENT, currency units for FIXED */
        value: amount(M.surchargePercentInvalid),
        active: boolean,
      }),
    )
    .max(50),
});
export type ModeFeesInput = z.infer<typeof ModeFeesSchema>;

export const OrdersFlowSchema = z.strictObject({
  autoAccept: boolean,
  confirmOrderBeforePlacing: boolean,
  whatsAppOnly: boolean,
  whatsAppPhone: z.string({ error: M.whatsAppInvalid }).max(40, { error: M.whatsAppInvalid }),
});
export type OrdersFlowInput = z.infer<typeof OrdersFlowSchema>;

export interface ShopPaymentTypeSettings {
  id: number;
  paymentMethod: SettingsPaymentMethodName;
  online: boolean;
  showName: string;
  active: boolean;
  bankAlias: string | null;
  bankCbu: string | null;
  bankHolder: string | null;
}

export interface ModeSurchargeSettings {
  id: number;
  name: string;
  type: (typeof SURCHARGE_TYPES)[number];
  /** percent for PERCENT, currency units for FIXED */
  value: number;
  active: boolean;
}

export interface ShopModeSettings {
  id: number;
  type: string;
  showName: string;
  active: boolean;
  /** the payment types this mode offers (whether on or off) */
  paymentTypeIds: number[];
  serviceFee: { userFee: number; percentage: number };
  surcharges: ModeSurchargeSettings[];
}

export interface ShopSettings {
  shopId: number;
  name: string;
  country: string;
  currency: string;
  /** the currency's decimals (0 for CLP) */
  decimals: number;
  /** the branch's payment account (`/console/cobros`'s first card): online types need one */
  account: { connected: boolean; name: string | null };
  paymentTypes: ShopPaymentTypeSettings[];
  modes: ShopModeSettings[];
  ordersFlow: OrdersFlowInput;
}
