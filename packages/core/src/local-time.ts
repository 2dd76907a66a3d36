/**
 * Small helpers the diner's pages share (follow-up, tracking, support, WhatsApp orders): an instant's
 * date and time in the shop's time zone, and a WhatsApp link. Kept apart from the tracking page's
 * rules so that a page using only these does not load those.
 */

/** The digits of a phone, for wa.me and tel: links. */
export function phoneDigits(phone: string | null | undefined): string {
  return (phone ?? '').replace(/\D/g, '');
}

/** 'https://wa.me/5491160000001', with a prefilled message when given; null without a phone. */
export function whatsAppLink(phone: string | null | undefined, text?: string): string | null {
  const digits = phoneDigits(phone);
  if (!digits) return null;
  return text ? `https://wa.me/${digits}?text=${encodeURIComponent(text)}` : `https://wa.me/${digits}`;
}

const formats = new Map<string, Intl.DateTimeFormat>();

/**
 * 'dd/mm/yyyy' and 'HH:MM' of an instant in a time zone, by Intl (no date library: the tracking page's
 * chunk stays small). One formatter per zone is kept: building it is most of the cost, and a CSV of
 * thousands of rows (back-office/order-reports.ts) would build thousands. Throws for an unknown zone.
 */
export function zonedDateTime(time: number, timeZone: string): { date: string; time: string } {
  let format = formats.get(timeZone);
  if (!format) {
    format = new Intl.DateTimeFormat('en-GB', {
      timeZone,
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      hour: '2-digit',
      minute: '2-digit',
      hourCycle: 'h23',
    });
    formats.set(timeZone, format);
  }
  const parts = format.formatToParts(time);
  const part = (type: Intl.DateTimeFormatPartTypes) => parts.find((p) => p.type === type)?.value ?? '';
  return {
    date: `${part('day')}/${part('month')}/${part('year')}`,
    time: `${part('hour')}:${part('minute')}`,
  };
}

/** Date and time of an instant in a time zone; null for a malformed instant or an unknown zone. */
export function localParts(iso: string | null | undefined, timeZone: string) {
  if (!iso) return null;
  const time = Date.parse(iso);
  if (Number.isNaN(time)) return null;
  try {
    return zonedDateTime(time, timeZone);
  } catch {
    return null; // an unknown time zone
  }
}

/** '18/11/2026 14:50' in a time zone, whatever the phone's; '' when unknown. */
export function localDateTime(iso: string | null | undefined, timeZone: string): string {
  const parts = localParts(iso, timeZone);
  return parts ? `${parts.date} ${parts.time}` : '';
}

/** '14:50' in a time zone, whatever the phone's; '' when unknown. */
export function localTime(iso: string | null | undefined, timeZone: string): string {
  return localParts(iso, timeZone)?.time ?? '';
}
