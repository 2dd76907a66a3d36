/**
 * The owner's settings of how a shop takes orders and money (`/console/cobros`, issue 27): which order
 * modes are on and which payment types each offers, the transfer's account (alias, CBU or CVU, holder),
 * the online card and payment link (only with a connected payment account), each mode's service fee and
 * surcharges, auto-accept, the checkout's confirmation modal and WhatsApp-only shops. The same checks run
 * in the editor on every keystroke and on the server on every save; texts in Argentine voseo.
 */
import { isValidBankAlias, isValidCbu } from '../payments/bank-transfer.ts';
import { normalizePhone } from '../phone.ts';

export const SHOP_SETTINGS_MESSAGES = {
  cbuLength: 'El CBU o CVU tiene 22 números, sin espacios ni guiones.',
  cbuCheckDigits: 'El CBU no es válido: revisá los números (los dígitos verificadores no coinciden).',
  aliasFormat: 'El alias tiene de 6 a 20 letras, números, puntos o guiones, sin espacios.',
  transferNeedsAccount: 'Para ofrecer transferencia, ingresá el alias o el CBU/CVU de tu cuenta.',
  holderRequired: 'Ingresá el nombre del titular de la cuenta.',
  holderTooLong: 'El nombre del titular puede tener hasta 80 caracteres.',
  paymentNameRequired: 'Ingresá el nombre con el que tus clientes ven este medio de pago.',
  paymentNameTooLong: 'El nombre del medio de pago puede tener hasta 40 caracteres.',
  onlineNeedsAccount:
    'Para ofrecer tarjeta online o link de pago, primero conectá tu cuenta de pagos (Mercado Pago o Webpay).',
  modeNeedsPayment: '{mode} necesita al menos un medio de pago activo.',
  noActiveMode: 'Dejá al menos una forma de pedido activa.',
  feeFixedInvalid: 'La tasa de servicio fija tiene que ser un monto de 0 o más.',
  feePercentInvalid: 'El porcentaje de la tasa de servicio va de 0 a 100 %.',
  surchargeNameRequired: 'Ingresá el nombre del recargo (tus clientes lo ven en el pedido).',
  surchargeNameTooLong: 'El nombre del recargo puede tener hasta 60 caracteres.',
  surchargePercentInvalid: 'El porcentaje del recargo va de más de 0 a 100 %.',
  surchargeFixedInvalid: 'El recargo fijo tiene que ser un monto mayor que 0.',
  surchargesTooMany: 'Cada forma de pedido puede tener hasta 10 recargos.',
  whatsAppRequired: 'Para recibir los pedidos por WhatsApp, ingresá el número de WhatsApp del local.',
  whatsAppInvalid: 'Ingresá un número de WhatsApp válido para el país del local.',
  saved: 'Guardamos los cambios.',
} as const;

const M = SHOP_SETTINGS_MESSAGES;

/** A problem of a field, named by its path in the saved body ('paymentTypes.1.bankCbu'). */
export interface SettingsProblem {
  path: string;
  message: string;
}

/** The most a fixed fee or surcharge may be, in currency units (a typo guard, not a business rule). */
export const MAX_FIXED_AMOUNT = 10_000_000;
export const MAX_SURCHARGES_PER_MODE = 10;

// ------------------------------------------------------------------ transfer

/** Digits only: the owner may paste a CBU with spaces or dashes. */
export function cleanCbu(raw: string): string {
  return raw.replace(/[\s.-]/g, '');
}

/**
 * What is wrong with a CBU or CVU (virtual account, starting with 000) as typed: not 22 digits, or a
 * check digit that does not match (core's `isValidCbu`, the central bank's two blocks).
 */
export function cbuProblem(raw: string): string | null {
  const cbu = cleanCbu(raw);
  if (!/^\d{22}$/.test(cbu)) return M.cbuLength;
  return isValidCbu(cbu) ? null : M.cbuCheckDigits;
}

/** Whether a valid 22-digit key is a CVU (a virtual wallet's account) rather than a bank's CBU. */
export const isCvu = (raw: string) => cbuProblem(raw) === null && cleanCbu(raw).startsWith('000');

/** An alias: 6 to 20 letters, digits, dots or hyphens (the banks' rule). */
export function bankAliasProblem(raw: string): string | null {
  return isValidBankAlias(raw) ? null : M.aliasFormat;
}

// ------------------------------------------------------------------ payment types

export type SettingsPaymentMethod = 'CASH' | 'CARD' | 'TRANSFER' | 'PAYMENT_LINK' | 'OTHER';

export interface PaymentTypeSettings {
  paymentMethod: string;
  /** a CARD taken online (the provider's form), as opposed to a card paid at the counter */
  online: boolean;
  showName: string;
  active: boolean;
  bankAlias?: string | null;
  bankCbu?: string | null;
  bankHolder?: string | null;
}

/** Whether a payment type takes the money online (card through the provider, or a payment link). */
export const isOnlinePaymentType = (type: { paymentMethod: string; online: boolean }) =>
  type.paymentMethod === 'PAYMENT_LINK' || (type.paymentMethod === 'CARD' && type.online);

/**
 * Problems of the shop's payment types: a name each; an active transfer names where the money goes
 * (an alias or a CBU/CVU, both checked when given, and the holder); an online type may only be on with
 * a payment account connected (the storefront offers no card without one, placement refuses it).
 */
export function paymentTypeProblems(
  types: readonly PaymentTypeSettings[],
  context: { accountConnected: boolean },
): SettingsProblem[] {
  const problems: SettingsProblem[] = [];
  types.forEach((type, index) => {
    const at = (field: string) => `paymentTypes.${index}.${field}`;
    const name = type.showName.trim();
    if (!name) problems.push({ path: at('showName'), message: M.paymentNameRequired });
    else if (name.length > 40) problems.push({ path: at('showName'), message: M.paymentNameTooLong });
    if (type.paymentMethod === 'TRANSFER') {
      const alias = type.bankAlias?.trim() ?? '';
      const cbu = type.bankCbu?.trim() ?? '';
      const holder = type.bankHolder?.trim() ?? '';
      if (alias) {
        const problem = bankAliasProblem(alias);
        if (problem) problems.push({ path: at('bankAlias'), message: problem });
      }
      if (cbu) {
        const problem = cbuProblem(cbu);
        if (problem) problems.push({ path: at('bankCbu'), message: problem });
      }
      if (holder.length > 80) problems.push({ path: at('bankHolder'), message: M.holderTooLong });
      if (type.active) {
        if (!alias && !cbu) problems.push({ path: at('bankAlias'), message: M.transferNeedsAccount });
        if (!holder) problems.push({ path: at('bankHolder'), message: M.holderRequired });
      }
    }
    if (type.active && isOnlinePaymentType(type) && !context.accountConnected)
      problems.push({ path: at('active'), message: M.onlineNeedsAccount });
  });
  return problems;
}

// ------------------------------------------------------------------ modes and their payment types

export interface ModePaymentSettings {
  showName: string;
  active: boolean;
  paymentTypeIds: readonly number[];
}

/**
 * Every active mode offers at least one active payment type (otherwise its diners could not pay), and
 * at least one mode stays on. `activePaymentTypeIds` are the shop's payment types that are on.
 */
export function modePaymentProblems(
  modes: readonly ModePaymentSettings[],
  activePaymentTypeIds: ReadonlySet<number>,
): SettingsProblem[] {
  const problems: SettingsProblem[] = [];
  if (modes.length > 0 && !modes.some((mode) => mode.active))
    problems.push({ path: 'modes', message: M.noActiveMode });
  modes.forEach((mode, index) => {
    if (mode.active && !mode.paymentTypeIds.some((id) => activePaymentTypeIds.has(id)))
      problems.push({
        path: `modes.${index}.paymentTypeIds`,
        message: M.modeNeedsPayment.replace('{mode}', mode.showName),
      });
  });
  return problems;
}

// ------------------------------------------------------------------ service fee and surcharges

export interface ServiceFeeSettings {
  /** fixed part, currency units */
  userFee: number;
  /** share of the order total, percent (2 = 2 %) */
  percentage: number;
}

export interface SurchargeSettings {
  name: string;
  type: 'PERCENT' | 'FIXED';
  /** percent (10 = 10 %) for PERCENT, currency units for FIXED */
  value: number;
  active: boolean;
}

const finite = (value: number) => typeof value === 'number' && Number.isFinite(value);

/** Problems of a mode's service fee ('Tasa de Servicio': fixed part plus a share of the total). */
export function serviceFeeProblems(fee: ServiceFeeSettings): SettingsProblem[] {
  const problems: SettingsProblem[] = [];
  if (!finite(fee.userFee) || fee.userFee < 0 || fee.userFee > MAX_FIXED_AMOUNT)
    problems.push({ path: 'serviceFee.userFee', message: M.feeFixedInvalid });
  if (!finite(fee.percentage) || fee.percentage < 0 || fee.percentage > 100)
    problems.push({ path: 'serviceFee.percentage', message: M.feePercentInvalid });
  return problems;
}

/** Problems of a mode's general surcharges: a name each, a percentage over 0 up to 100 or a fixed amount over 0. */
export function surchargeProblems(surcharges: readonly SurchargeSettings[]): SettingsProblem[] {
  const problems: SettingsProblem[] = [];
  if (surcharges.length > MAX_SURCHARGES_PER_MODE)
    problems.push({ path: 'surcharges', message: M.surchargesTooMany });
  surcharges.forEach((surcharge, index) => {
    const at = (field: string) => `surcharges.${index}.${field}`;
    const name = surcharge.name.trim();
    if (!name) problems.push({ path: at('name'), message: M.surchargeNameRequired });
    else if (name.length > 60) problems.push({ path: at('name'), message: M.surchargeNameTooLong });
    const value = surcharge.value;
    if (surcharge.type === 'PERCENT') {
      if (!finite(value) || value <= 0 || value > 100)
        problems.push({ path: at('value'), message: M.surchargePercentInvalid });
    } else if (!finite(value) || value <= 0 || value > MAX_FIXED_AMOUNT) {
      problems.push({ path: at('value'), message: M.surchargeFixedInvalid });
    }
  });
  return problems;
}

/** A percentage the owner types (2 = 2 %) as the ratio the rows and core's pricing keep (0.02). */
export function ratioOfPercent(percent: number): number {
  return Math.round(percent * 10_000) / 1_000_000;
}

/** A stored ratio (0.02) as the percentage the owner reads (2), without float noise. */
export function percentOfRatio(ratio: number): number {
  return Math.round(ratio * 1_000_000) / 10_000;
}

// ------------------------------------------------------------------ how orders arrive

export interface OrdersFlowSettings {
  autoAccept: boolean;
  confirmOrderBeforePlacing: boolean;
  /** orders go as a WhatsApp text to the shop's number instead of the order console */
  whatsAppOnly: boolean;
  whatsAppPhone: string;
}

/**
 * A WhatsApp-only shop needs a valid WhatsApp number (read in the shop's country, as the diner's
 * phone is); a number given for the other shops is checked too, since the storefront shows it.
 */
export function ordersFlowProblems(flow: OrdersFlowSettings, country: string): SettingsProblem[] {
  const phone = flow.whatsAppPhone.trim();
  if (!phone) return flow.whatsAppOnly ? [{ path: 'whatsAppPhone', message: M.whatsAppRequired }] : [];
  return normalizePhone(phone, country) === null
    ? [{ path: 'whatsAppPhone', message: M.whatsAppInvalid }]
    : [];
}
