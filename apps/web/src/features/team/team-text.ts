/** Short texts of the team page, kept apart so they are tested without a browser. */

/** A date and time in the device's zone: 'hoy 14:32', 'ayer 09:05' or '18/11 14:32'. */
export function whenText(iso: string, now: Date = new Date()): string {
  const date = new Date(iso);
  const time = date.toLocaleTimeString('es-AR', { hour: '2-digit', minute: '2-digit', hour12: false });
  const dayOf = (d: Date) => `${d.getFullYear()}-${d.getMonth()}-${d.getDate()}`;
  if (dayOf(date) === dayOf(now)) return `hoy ${time}`;
  const yesterday = new Date(now);
  yesterday.setDate(now.getDate() - 1);
  if (dayOf(date) === dayOf(yesterday)) return `ayer ${time}`;
  const day = `${String(date.getDate()).padStart(2, '0')}/${String(date.getMonth() + 1).padStart(2, '0')}`;
  return `${day} ${time}`;
}

/** The day a link stops working: '25/11'. */
export function dayText(iso: string): string {
  const date = new Date(iso);
  return `${String(date.getDate()).padStart(2, '0')}/${String(date.getMonth() + 1).padStart(2, '0')}`;
}

/** The invitee's page for a link's path, on this site (the owner copies or shares it). */
export function linkUrl(path: string, origin: string): string {
  return `${origin}${path}`;
}

/** A WhatsApp share of the link, without a number: the owner picks the chat. */
export function whatsAppShareUrl(name: string, url: string): string {
  const text = `Hola ${name}, te sumé a la consola de pedidos. Entrá acá para elegir tu contraseña: ${url}`;
  return `https://wa.me/?text=${encodeURIComponent(text)}`;
}

/** The token of the invitee's page path `/console/invitacion/:token`, or '' when there is none. */
export function tokenOfPath(pathname: string): string {
  const match = /^\/console\/invitacion\/([^/]+)\/?$/.exec(pathname);
  if (!match?.[1]) return '';
  try {
    return decodeURIComponent(match[1]);
  } catch {
    return '';
  }
}
