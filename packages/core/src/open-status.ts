import { MESSAGES } from './messages.ts';
import { isOpenAt, type WorkingDay } from './schedule.ts';

export interface OpenStatusInput {
  workingDays: WorkingDay[];
  timeZone: string;
  now: Date;
  /** the order mode can still take a scheduled order while closed */
  canScheduleLater: boolean;
}

export interface ClosedShopNotice {
  kind: 'closed' | 'schedule';
  title: string;
  body: string;
  banner: string;
}

/** What the closed-shop modal and red banner say; null while the shop is open. */
export function closedShopNotice(input: OpenStatusInput): ClosedShopNotice | null {
  if (isOpenAt(input.workingDays, input.now, input.timeZone)) return null;
  if (input.canScheduleLater) {
    return {
      kind: 'schedule',
      title: MESSAGES.scheduleOrderTitle,
      body: MESSAGES.scheduleOrderBody,
      banner: MESSAGES.closedScheduleBanner,
    };
  }
  return {
    kind: 'closed',
    title: MESSAGES.closedShopTitle,
    body: MESSAGES.closedShopBody,
    banner: MESSAGES.closedBanner,
  };
}
