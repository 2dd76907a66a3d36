import { BACK_OFFICE_MESSAGES } from './messages.ts';

/**
 * A storefront alias is the shop's link (/menu/{alias}). Lower-case letters, digits and inner dashes;
 * words the platform's own paths use are kept back so no shop can look like a page of ours.
 */
const ALIAS_PATTERN = /^[a-z0-9](?:[a-z0-9-]{1,38}[a-z0-9])$/;

export const RESERVED_ALIASES: ReadonlySet<string> = new Set([
  'admin',
  'api',
  'app',
  'checkout',
  'console',
  'consola',
  'encuesta',
  'files',
  'help',
  'login',
  'logistics',
  'menu',
  'preview',
  'registro',
  'soporte',
  'static',
  'support',
  'tracking',
  'www',
]);

/** Why an alias cannot be used as written, or null when it can (availability is the database's). */
export function aliasProblem(alias: string): string | null {
  if (!ALIAS_PATTERN.test(alias) || alias.includes('--')) return BACK_OFFICE_MESSAGES.aliasFormat;
  if (RESERVED_ALIASES.has(alias)) return BACK_OFFICE_MESSAGES.aliasReserved;
  return null;
}

/** An alias made from a name: 'Pizzería Don Mateo' → 'pizzeria-don-mateo'. */
export function aliasFromName(name: string): string {
  return name
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, 40)
    .replace(/-+$/g, '');
}

/**
 * A new shop is three rows that each need an alias (company, branch, contact). The owner chooses one,
 * the diners' link, which goes to the shop itself; the other two are derived from it and must be free too.
 */
export function signUpAliases(alias: string): { company: string; branch: string; contact: string } {
  return { contact: alias, branch: `${alias}-marca`, company: `${alias}-empresa` };
}
