/**
 * Holidays and one-off closures of a shop (issue 27; TastyIgniter's and CoopCycle's "holiday closures"):
 * whole local days, from `startsOn` to `endsOn` included, in the shop's time zone, with an optional
 * message the diner reads ('Cerramos por vacaciones, volvemos el lunes'). On those days the shop is
 * closed whatever its hours say: no order now, no scheduled slot.
 */
export interface ShopClosure {
  /** first closed local date, YYYY-MM-DD */
  startsOn: string;
  /** last closed local date, YYYY-MM-DD (the same as startsOn for one day) */
  endsOn: string;
  /** what the diner reads while it is closed; null for none */
  message: string | null;
}
