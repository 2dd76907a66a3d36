/**
 * The owner's team (`/console/equipo`): who may use the console, the one-time links that let a new member
 * (or one who forgot their password) set one, and the shop's riders. Our own texts, in Argentine voseo;
 * kept out of the contract so the screens can show them without loading zod.
 */
import { riderSecurityCodeProblem } from '../logistics/rider-rules.ts';

export const TEAM_ROLES = ['OWNER', 'STAFF'] as const;
export type TeamRole = (typeof TEAM_ROLES)[number];

/** An invitation or a reset link works this long after the owner makes it. */
export const ACCESS_LINK_DAYS = 7;
/** The sign-up's rule for every console password. */
export const MIN_STAFF_PASSWORD_CHARS = 10;
export const MAX_STAFF_PASSWORD_CHARS = 200;

export const TEAM_ROLE_LABELS: Record<TeamRole, string> = {
  OWNER: 'Dueño',
  STAFF: 'Cocina',
};

export const TEAM_MESSAGES = {
  nameRequired: 'Ingresá el nombre de la persona.',
  emailInvalid: 'Ingresá un e-mail válido.',
  roleInvalid: 'Elegí un rol: Dueño o Cocina.',
  emailTaken: 'Ya hay una cuenta con ese e-mail.',
  memberNotFound: 'No encontramos a esta persona en tu equipo.',
  invitationNotFound: 'No encontramos esta invitación.',
  riderNotFound: 'No encontramos a este repartidor en tu tienda.',
  shopNotFound: 'No encontramos este local.',
  notYourself: 'No podés quitarte el acceso ni cambiar tu propio rol.',
  lastOwner: 'El local tiene que tener al menos un dueño con acceso.',
  alreadyRevoked: 'Esta persona ya no tiene acceso.',
  notRevoked: 'Esta persona ya tiene acceso.',
  resetNeedsAccess: 'Primero devolvele el acceso; después podés hacerle un link nuevo.',
  sameRole: 'Esta persona ya tiene ese rol.',
  // the invitee's page
  linkInvalid: 'Este link no es válido o ya se usó. Pedile uno nuevo al dueño del local.',
  linkExpired: 'Este link venció. Pedile uno nuevo al dueño del local.',
  passwordTooShort: `La contraseña necesita al menos ${MIN_STAFF_PASSWORD_CHARS} caracteres.`,
  passwordTooLong: `La contraseña puede tener hasta ${MAX_STAFF_PASSWORD_CHARS} caracteres.`,
  passwordsDiffer: 'Las contraseñas no coinciden.',
  accountRevoked:
    'Tu acceso a la consola fue revocado. Si es un error, pedile al dueño del local que te lo devuelva.',
  // riders
  riderDisabled: 'El local desactivó a este repartidor. Hablá con el local para volver a trabajar.',
  riderAlreadyDisabled: 'Este repartidor ya está desactivado.',
  riderAlreadyEnabled: 'Este repartidor ya está activo.',
  riderBusy: 'Este repartidor tiene un envío en curso. Esperá a que lo entregue o cancele para desactivarlo.',
  riderCodesDiffer: 'Los códigos no coinciden.',
} as const;

/** The password problem, or null: the invitee types it twice. */
export function staffPasswordProblem(password: string, repeat?: string): string | null {
  if (password.length < MIN_STAFF_PASSWORD_CHARS) return TEAM_MESSAGES.passwordTooShort;
  if (password.length > MAX_STAFF_PASSWORD_CHARS) return TEAM_MESSAGES.passwordTooLong;
  if (repeat !== undefined && repeat !== password) return TEAM_MESSAGES.passwordsDiffer;
  return null;
}

/** The new rider code's problem, or null: the spec's digits (core's rule) and typed twice alike. */
export function riderCodeChangeProblem(code: string, repeat?: string): string | null {
  const problem = riderSecurityCodeProblem(code);
  if (problem) return problem;
  if (repeat !== undefined && repeat !== code) return TEAM_MESSAGES.riderCodesDiffer;
  return null;
}

export interface TeamMemberFacts {
  id: number;
  role: TeamRole;
  revoked: boolean;
}

export type TeamChange = { kind: 'REVOKE' } | { kind: 'ROLE'; role: TeamRole };

/**
 * Whether `actor` may make `change` to `target`, given the branch's members as they are now (read under
 * the branch's lock, so two owners cannot take each other's access at once): nobody revokes or demotes
 * themselves, and the branch always keeps at least one OWNER with access.
 */
export function teamChangeProblem(
  actorId: number,
  target: TeamMemberFacts,
  change: TeamChange,
  members: readonly TeamMemberFacts[],
): string | null {
  if (change.kind === 'ROLE' && change.role === target.role) return TEAM_MESSAGES.sameRole;
  if (change.kind === 'REVOKE' && target.revoked) return TEAM_MESSAGES.alreadyRevoked;
  if (target.id === actorId) return TEAM_MESSAGES.notYourself;
  const losesOwner = target.role === 'OWNER' && !target.revoked;
  if (!losesOwner) return null;
  const activeOwners = members.filter((m) => m.role === 'OWNER' && !m.revoked && m.id !== target.id);
  return activeOwners.length === 0 ? TEAM_MESSAGES.lastOwner : null;
}

export type AccessLinkState = 'PENDING' | 'USED' | 'EXPIRED' | 'CANCELLED';

/** A one-time link's state at `now`. */
export function accessLinkState(
  link: { usedAt: Date | null; cancelledAt: Date | null; expiresAt: Date },
  now: Date,
): AccessLinkState {
  if (link.usedAt) return 'USED';
  if (link.cancelledAt) return 'CANCELLED';
  return link.expiresAt.getTime() <= now.getTime() ? 'EXPIRED' : 'PENDING';
}

/** What the invitee's page says about a link that cannot be used; null when it can. */
export function accessLinkProblem(state: AccessLinkState | null): string | null {
  if (state === 'PENDING') return null;
  return state === 'EXPIRED' ? TEAM_MESSAGES.linkExpired : TEAM_MESSAGES.linkInvalid;
}

/** When a link made at `now` stops working. */
export function accessLinkExpiry(now: Date): Date {
  return new Date(now.getTime() + ACCESS_LINK_DAYS * 86_400_000);
}

/** The path of the invitee's page for a link's token (the web app's `/console/invitacion/:token`). */
export function accessLinkPath(token: string): string {
  return `/console/invitacion/${encodeURIComponent(token)}`;
}
