/**
 * The signed-in diner's account (post-order-and-logistics.md sections 2, 3, 7 and 8): 'Mis pedidos'
 * (`GET /api/orders`), and the loyalty reward (`GET` and `POST /api/diner/customer/{phone}/loyalty-reward/
 * {rewardId}`). Every call needs the diner session (cookie `diner_session`) and answers only that diner's
 * own data. Amounts are currency units.
 */
import { z } from 'zod';
import type { OrderStatus } from '../follow-up/follow-up.ts';
import type { ShipmentStatus } from '../logistics/shipment-status.ts';
import { MESSAGES } from '../messages.ts';
import { IdParamSchema, OffsetQuerySchema } from './common.ts';
import type { RecoveryItem } from './telemetry.ts';

/** Orders per page of 'Mis pedidos' (the spec leaves its page-size constant out). */
export const DINER_ORDERS_PAGE_SIZE = 10;

/** The server's answers of our own (the spec quotes none for these cases). */
export const DINER_ACCOUNT_MESSAGES = {
  notYourPhone: 'Solo podés ver y usar los datos de tu propio teléfono.',
  contactNotFound: 'No encontramos este local.',
  rewardNotFound: 'Este premio no existe o ya no está disponible.',
  rewardNotHere: 'Este premio no es de este local.',
  rewardMismatch: 'Los datos del premio no coinciden.',
} as const;

const phoneQuery = z
  .string({ error: MESSAGES.phoneNumberInvalid })
  .trim()
  .min(6, { error: MESSAGES.phoneNumberInvalid })
  .max(30, { error: MESSAGES.phoneNumberInvalid });

/** GET /api/orders?phone&branchContactId&offset */
export const DinerOrdersQuerySchema = z.object({
  phone: phoneQuery,
  branchContactId: IdParamSchema,
  offset: OffsetQuerySchema,
});
export type DinerOrdersQuery = z.infer<typeof DinerOrdersQuerySchema>;

/** A shipment of the order; a stack of several shipments is the spec's 'Multientrega'. */
export interface DinerOrderShipment {
  id: number;
  status: ShipmentStatus;
  shipmentStackId: number | null;
  returnShipment: boolean;
  /** The shipment travels in a stack with others ('Multientrega'). */
  multiDelivery: boolean;
  riderName: string | null;
}

/**
 * One row of 'Mis pedidos': the spec's Diner order list row (id, code, orderedAt, total, payment type,
 * paid flag, order mode name, address, status, isShipment, returnShipment), plus what the row links to
 * (its contact's follow-up page, its tracking page) and the items 'Repetir pedido' puts back in the cart.
 */
export interface DinerOrder {
  id: number;
  code: string;
  /** ISO date-time. */
  orderedAt: string;
  total: number;
  currency: string;
  paymentType: { id: number; showName: string; paymentMethod: string } | null;
  /** The order's payment is recorded as paid (online, or collected when it was delivered). */
  paid: boolean;
  orderModeId: number;
  orderModeName: string;
  /** DELIVERY, TAKE_AWAY, TABLE or COUNTER_SELF_SERVICE. */
  type: string;
  /** Where it went: the delivery address, or the shop's for the other modes. */
  address: string;
  status: OrderStatus;
  isShipment: boolean;
  /** One of its shipments is a return to the shop. */
  returnShipment: boolean;
  shipments: DinerOrderShipment[];
  branchContact: { id: number; alias: string; name: string; timeZone: string };
  /** The choices of each line, as an abandoned cart keeps them: a reorder prices them on today's menu. */
  items: RecoveryItem[];
}

/** The answer of GET /api/orders: the page (newest first), where it starts, its size and the total. */
export interface DinerOrdersPage {
  orders: DinerOrder[];
  offset: number;
  pageSize: number;
  total: number;
}

/** The spec's Loyalty reward (id, reward, active, branchId, branchContactId, done) and its programme's name. */
export interface LoyaltyReward {
  id: number;
  /** Points credited once. */
  reward: number;
  active: boolean;
  branchId: number;
  branchContactId: number | null;
  /** The signed-in diner has claimed it already (false without a session). */
  done: boolean;
  programName: string | null;
}

const required = MESSAGES.allFieldsRequired;
const requiredText = (max: number) =>
  z
    .string({ error: required })
    .trim()
    .min(1, { error: required })
    .max(max, { error: 'La solicitud no es válida.' });

/**
 * POST /api/diner/customer/{phone}/loyalty-reward/{rewardId}: the spec's sign-up payload. Missing fields
 * read 'Debe completar todos los campos para continuar'; the phone and e-mail are then checked by
 * core's `rewardSignUpError` in the branch's country.
 */
export const LoyaltySignUpSchema = z.strictObject(
  {
    name: requiredText(120),
    phone: requiredText(30),
    email: requiredText(200),
    branchId: z.number({ error: DINER_ACCOUNT_MESSAGES.rewardMismatch }).int().positive(),
    branchContactId: z.number({ error: DINER_ACCOUNT_MESSAGES.rewardMismatch }).int().positive(),
    loyaltyRewardId: z.number({ error: DINER_ACCOUNT_MESSAGES.rewardMismatch }).int().positive(),
    /** The campaign the diner came from (campaignId), when there is one. */
    acquisitionChannel: z.string().max(120).nullable().optional(),
  },
  { error: 'La solicitud no es válida.' },
);
export type LoyaltySignUp = z.infer<typeof LoyaltySignUpSchema>;

/** The claim's answer: the points credited and the balance after them. */
export interface LoyaltyRewardClaim {
  rewardId: number;
  points: number;
  balance: number;
}
