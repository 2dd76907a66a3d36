/**
 * The diner's texts of online payments. Apart from payment-status.ts's rules so a page that only asks
 * how a type is paid (the checkout) does not download them (the initial-JS budget).
 */
/** Texts for a card the provider did not approve, by its reason (Mercado Pago's status_detail). */
export const CARD_DECLINE_MESSAGES: Record<string, string> = {
  cc_rejected_insufficient_amount: 'Tu tarjeta no tiene fondos suficientes.',
  cc_rejected_bad_filled_security_code: 'Revisá el código de seguridad de tu tarjeta.',
  cc_rejected_bad_filled_date: 'Revisá la fecha de vencimiento de tu tarjeta.',
  cc_rejected_bad_filled_card_number: 'Debe completar correctamente los campos de su tarjeta',
  cc_rejected_bad_filled_other: 'Debe completar correctamente los campos de su tarjeta',
  cc_rejected_call_for_authorize: 'Tenés que autorizar el pago con el banco emisor de tu tarjeta.',
  cc_rejected_card_disabled: 'Tu tarjeta no está habilitada. Comunicate con el banco emisor.',
  cc_rejected_duplicated_payment:
    'Ya hiciste un pago por este monto. Si necesitás volver a pagar, usá otra tarjeta.',
  cc_rejected_high_risk: 'Tu pago fue rechazado. Probá con otra tarjeta u otro medio de pago.',
};

export const PAYMENT_MESSAGES = {
  declined: 'Tu tarjeta fue rechazada. Probá con otra tarjeta u otro medio de pago.',
  pending: 'Tu pago está en proceso. Te avisaremos cuando se acredite.',
  approved: '¡Pago aprobado! Tu pedido ya fue enviado al local.',
  alreadyPaid: 'Este pedido ya está pago.',
  inProcess: 'Tu pago anterior todavía está en proceso. Esperá unos minutos antes de volver a intentarlo.',
  notPayableOnline: 'Este pedido no se paga en línea.',
  amountMismatch: 'El monto a pagar no coincide con el del pedido.',
  refundOnCancel: (amount: string) => `Se le devolverán ${amount} al cliente en su medio de pago.`,
  refunded: (amount: string) => `Te devolvimos ${amount} a tu medio de pago.`,
  refundPending: (amount: string) => `Estamos devolviendo ${amount} a tu medio de pago.`,
  chargedBack: 'El pago fue desconocido ante el banco emisor (contracargo).',
} as const;

export function cardDeclineMessage(statusDetail: string | null | undefined): string {
  return (statusDetail && CARD_DECLINE_MESSAGES[statusDetail]) || PAYMENT_MESSAGES.declined;
}
