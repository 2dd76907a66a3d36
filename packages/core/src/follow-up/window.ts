/**
 * The 24-hour window of post-order-and-logistics.md section 9, on its own: the storefront's menu
 * asks it ('PEDIDO EN CURSO') without loading the rest of the follow-up rules.
 */

/** Both the "orders in progress" and the error-report windows. */
export const FOLLOW_UP_WINDOW_MS = 24 * 60 * 60 * 1000;

/** Within 24 hours of now, either side (a scheduled order may be ahead). */
export function isWithinFollowUpWindow(date: Date, now: Date): boolean {
  return Math.abs(now.getTime() - date.getTime()) <= FOLLOW_UP_WINDOW_MS;
}
