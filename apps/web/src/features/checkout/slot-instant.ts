/**
 * The instant of a scheduled slot ('2026-11-27', '13:30' in the shop's zone), loaded on demand: core's
 * `scheduleSlotToDate` brings the time-zone rules (@date-fns/tz, some 2 KB gzip), which a checkout for
 * now never needs. The download starts when the mode can be scheduled, long before a slot is chosen.
 */
import { onDemand, useOnDemand } from '../../app/on-demand.ts';

export type SlotToDate = (date: string, hour: string, timeZone: string) => Date | null;

const slotToDate = onDemand<SlotToDate>(() => import('./slot-to-date.ts').then((m) => m.scheduleSlotToDate));

export const loadSlotToDate = slotToDate.load;

/** The conversion once loaded, else null; `wanted` starts the download. */
export function useSlotToDate(wanted: boolean): SlotToDate | null {
  return useOnDemand(slotToDate, wanted);
}
