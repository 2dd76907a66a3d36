import type { ShopClosure } from './closures.ts';
import { MESSAGES } from './messages.ts';
import { isOpenAt, type WorkingDay } from './schedule.ts';

export interface OpenStatusInput {
  workingDays: WorkingDay[];
  timeZone: string;
  now: Date;
  /** the order mode can still take a scheduled order while closed */
  canScheduleLater: boolean;
  /** the closure covering now (core's closureAt), if any: the shop is closed whatever its hours say */
  closure?: ShopClosure | null;
}

export interface ClosedShopNotice {
  kind: 'closed' | 'schedule';
  title: string;
  body: string;
  banner: string;
}

/**
 * What the closed-shop modal and red banner say; null while the shop is open. During a closure the
 * shop is closed even inside its hours: the spec's title and banner stay, and the body is the
 * closure's message when the owner wrote one ('Cerramos por vacaciones, volvemos el lunes').
 */
export function closedShopNotice(input: OpenStatusInput): ClosedShopNotice | null {
  const closure = input.closure ?? null;
  if (!closure && isOpenAt(input.workingDays, input.now, input.timeZone)) return null;
  const closureMessage = closure?.message?.trim() || null;
  if (input.canScheduleLater) {
    return {
      kind: 'schedule',
      title: MESSAGES.scheduleOrderTitle,
      body: closureMessage ?? MESSAGES.scheduleOrderBody,
      banner: MESSAGES.closedScheduleBanner,
    };
  }
  return {
    kind: 'closed',
    title: MESSAGES.closedShopTitle,
    body: closureMessage ?? MESSAGES.closedShopBody,
    banner: MESSAGES.closedBanner,
  };
}
