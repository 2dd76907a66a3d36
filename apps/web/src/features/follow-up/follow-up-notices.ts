/**
 * What the follow-up page tells the diner beyond the progress nodes: the order's steps with their times,
 * money given back, and a delivery that failed. Pure, so the texts are tested word for word.
 */
import { localTime, PAYMENT_MESSAGES } from '@comanda/core';
import type { FollowUpOrder, FollowUpShipment } from '@comanda/core/contract';

export interface StepLine {
  key: string;
  /** ISO, for the <time> element */
  at: string;
  /** 'HH:mm' in the contact's zone */
  time: string;
  label: string;
}

/** 'Seguimiento': the order's steps so far, oldest first, each at its time in the shop's zone. */
export function stepLines(steps: FollowUpOrder['steps'], timeZone: string): StepLine[] {
  return [...steps]
    .sort((a, b) => Date.parse(a.at) - Date.parse(b.at))
    .map((step) => ({
      key: `${step.status}-${step.at}`,
      at: step.at,
      time: localTime(step.at, timeZone),
      label: step.label,
    }));
}

/** 'Te devolvimos $X a tu medio de pago.' once confirmed, 'Estamos devolviendo $X…' while on its way. */
export function refundNotice(
  refund: FollowUpOrder['refund'],
  format: (amount: number) => string,
): string | null {
  if (!refund || refund.amount <= 0) return null;
  const amount = format(refund.amount);
  return refund.done ? PAYMENT_MESSAGES.refunded(amount) : PAYMENT_MESSAGES.refundPending(amount);
}

const RETURN_CONTACT = 'El local se va a comunicar con vos.';

/**
 * The rider could not deliver: what the newest shipment says while the rider brings the order back
 * (DELIVERED on a return shipment) and once it is back at the shop (RETURNED). A later shipment means the
 * shop sent the order again, and the notice goes.
 */
export function returnNotice(
  shipments: readonly Pick<FollowUpShipment, 'status' | 'returnShipment' | 'returnReason' | 'createdAt'>[],
): string | null {
  const latest = [...shipments].sort((a, b) => Date.parse(a.createdAt) - Date.parse(b.createdAt)).at(-1);
  if (!latest?.returnShipment || !latest.returnReason) return null;
  const failed = `El repartidor no pudo entregar tu pedido (${latest.returnReason})`;
  if (latest.status === 'DELIVERED')
    return `${failed} y lo está llevando de vuelta al local. ${RETURN_CONTACT}`;
  if (latest.status === 'RETURNED') return `${failed} y lo devolvió al local. ${RETURN_CONTACT}`;
  return null;
}
