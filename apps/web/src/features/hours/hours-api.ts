import type { ShopClosure } from '@comanda/core';
import type { ModeHoursInput, OwnerShop } from '@comanda/core/contract';
import { apiPut } from '../../api/api.ts';

/**
 * The owner's hours screen calls: a shop's closures go up whole, and so do an order mode's hours; each
 * is answered by the shop as it now is.
 */
export const hoursApi = {
  saveClosures: (contactId: number, closures: ShopClosure[]) =>
    apiPut<OwnerShop>(`/api/console/shop/${contactId}/closures`, { closures }),
  saveModeHours: (contactId: number, modeId: number, hours: ModeHoursInput) =>
    apiPut<OwnerShop>(`/api/console/shop/${contactId}/modes/${modeId}/hours`, hours),
};

/** A problem's path without the list's name: 'closures.2.endsOn' and core's '2.endsOn' both read '2.endsOn'. */
export function closurePath(path: string): string {
  return path.replace(/^closures\.?/, '');
}

/**
 * The field problems of a 400 (`[{ path, message }]`) or of core's closureProblems, split between the
 * closure being added (index `index`: by its field, 'startsOn', 'endsOn', 'message') and the rest (a
 * text for the alert above the button).
 */
export function splitClosureProblems(
  errors: readonly unknown[] | undefined,
  index: number,
): { fields: Partial<Record<'startsOn' | 'endsOn' | 'message', string>>; other: string[] } {
  const fields: Partial<Record<'startsOn' | 'endsOn' | 'message', string>> = {};
  const other: string[] = [];
  for (const item of errors ?? []) {
    if (!item || typeof item !== 'object') continue;
    const { path, field, message } = item as { path?: unknown; field?: unknown; message?: unknown };
    if (typeof message !== 'string') continue;
    const where = typeof path === 'string' ? path : typeof field === 'string' ? field : '';
    const [position, name] = closurePath(where).split('.');
    if (position === String(index) && (name === 'startsOn' || name === 'endsOn' || name === 'message')) {
      fields[name] ??= message;
    } else if (!other.includes(message)) other.push(message);
  }
  return { fields, other };
}
