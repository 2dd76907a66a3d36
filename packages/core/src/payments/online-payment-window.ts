/**
 * storefront.md section 9: 'The online-payment allowed-hours constant is not shown.' Decision 021: an
 * order may be paid online (card or link) only when it is due within that many hours, now or at its
 * scheduled slot; one scheduled further ahead is paid on the day (cash, transfer), so no money is held
 * for days and no refund is owed when a shop changes its plans.
 */
export const ONLINE_PAYMENT_ALLOWED_HOURS = 48;

/** Ours (the spec quotes none): placing an online payment for a slot further ahead. */
export const ONLINE_PAYMENT_TOO_FAR = `El pago online está disponible para pedidos de las próximas ${ONLINE_PAYMENT_ALLOWED_HOURS} horas. Elegí otro medio de pago o un horario más cercano.`;

/** Whether an order for now (null) or for `scheduledAt` may be paid online. */
export function isOnlinePaymentAllowed(scheduledAt: Date | null, now: Date): boolean {
  return (
    scheduledAt === null || scheduledAt.getTime() - now.getTime() <= ONLINE_PAYMENT_ALLOWED_HOURS * 3_600_000
  );
}
