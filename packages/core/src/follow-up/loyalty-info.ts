/**
 * The follow-up page's loyalty info (post-order-and-logistics.md section 2, modal 'loyalty info'; section 3,
 * loyaltyInfo: redeemedPoints, earnedPoints): what this order did with the diner's points, in our words.
 * Points are credited on delivery, so an open order says what it will add; a cancelled order gives back
 * the points it used.
 */
import { groupThousands } from '../number-format.ts';
import type { OrderStatus } from './follow-up.ts';

export const LOYALTY_INFO_MESSAGES = {
  more: (program: string) => `Más sobre ${program}`,
  earned: (points: number, program: string) => `Sumaste ${groupThousands(points)} ${program} con este pedido`,
  pending: (points: number, program: string) =>
    `Vas a sumar ${groupThousands(points)} ${program} cuando recibas este pedido`,
  redeemed: (points: number, program: string) => `Usaste ${groupThousands(points)} ${program} en este pedido`,
  returned: (points: number, program: string) =>
    `Los ${groupThousands(points)} ${program} que usaste volvieron a tu saldo`,
  thisOrder: 'Este pedido',
  signIn: 'Iniciá sesión con tu teléfono para ver tu saldo y tus movimientos.',
  unavailable: 'El programa de puntos no está disponible en este local.',
} as const;

export interface OrderPoints {
  programName: string | null;
  redeemedPoints: number;
  earnedPoints: number;
  pendingPoints: number;
}

const ENDED_WITHOUT_DELIVERY: readonly OrderStatus[] = ['CANCELED', 'PAYMENT_EXPIRED'];

/** What the order did with points, one sentence each: used (or given back), earned or still to earn. */
export function orderPointsLines(points: OrderPoints, status: OrderStatus): string[] {
  const program = points.programName ?? 'Puntos';
  const lines: string[] = [];
  if (points.redeemedPoints > 0)
    lines.push(
      ENDED_WITHOUT_DELIVERY.includes(status)
        ? LOYALTY_INFO_MESSAGES.returned(points.redeemedPoints, program)
        : LOYALTY_INFO_MESSAGES.redeemed(points.redeemedPoints, program),
    );
  if (points.earnedPoints > 0) lines.push(LOYALTY_INFO_MESSAGES.earned(points.earnedPoints, program));
  else if (points.pendingPoints > 0) lines.push(LOYALTY_INFO_MESSAGES.pending(points.pendingPoints, program));
  return lines;
}
