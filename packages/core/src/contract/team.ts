/**
 * The owner's team (`/api/console/team...`, `/api/console/access/...`, `/api/console/shop/{id}/riders...`;
 * not in the spec, DESIGN.md's back office): console members, their one-time access links and the shop's
 * riders. Texts come from core's TEAM_MESSAGES.
 */
import { z } from 'zod';
import {
  TEAM_MESSAGES as M,
  MAX_STAFF_PASSWORD_CHARS,
  MIN_STAFF_PASSWORD_CHARS,
  TEAM_ROLES,
  type TeamRole,
} from '../back-office/team.ts';
import { riderSecurityCodeProblem } from '../logistics/rider-rules.ts';

const role = z.enum(TEAM_ROLES, { error: M.roleInvalid });

/** `POST /api/console/team/invitations`: who the owner invites, and as what. */
export const TeamInvitationSchema = z.strictObject({
  name: z.string({ error: M.nameRequired }).trim().min(1, { error: M.nameRequired }).max(120),
  email: z
    .email({ error: M.emailInvalid })
    .max(200, { error: M.emailInvalid })
    .transform((email) => email.toLowerCase()),
  role,
});
export type TeamInvitationInput = z.input<typeof TeamInvitationSchema>;

/** `PUT /api/console/team/members/{id}/role`. */
export const TeamRoleSchema = z.strictObject({ role });

/** A link's token travels in the body (never in a URL the server logs). */
const token = z.string({ error: M.linkInvalid }).min(16, { error: M.linkInvalid }).max(200, {
  error: M.linkInvalid,
});

/** `POST /api/console/access/check`: what a one-time link is for, before the invitee types a password. */
export const AccessLinkCheckSchema = z.strictObject({ token });

/** `POST /api/console/access/accept`: the invitee's password; answers their new session in its cookie. */
export const AccessLinkAcceptSchema = z.strictObject({
  token,
  password: z
    .string({ error: M.passwordTooShort })
    .min(MIN_STAFF_PASSWORD_CHARS, { error: M.passwordTooShort })
    .max(MAX_STAFF_PASSWORD_CHARS, { error: M.passwordTooLong }),
});
export type AccessLinkAccept = z.input<typeof AccessLinkAcceptSchema>;

/** `PUT /api/console/shop/{id}/rider-code`: the owner's own code, or none for the server to pick one. */
export const RiderCodeSchema = z.strictObject({
  code: z
    .string()
    .trim()
    // core's one text for any code that is not 6 to 12 digits
    .refine((code) => riderSecurityCodeProblem(code) === null, { error: riderSecurityCodeProblem('') ?? '' })
    .optional(),
});
export type RiderCodeInput = z.input<typeof RiderCodeSchema>;

export interface TeamMember {
  id: number;
  name: string;
  email: string;
  role: TeamRole;
  /** false once an owner revoked the access */
  hasAccess: boolean;
  /** the caller's own account (no revoking or demoting it) */
  isYou: boolean;
  createdAt: string;
}

/** A link not used yet, not cancelled: an invitation, or a reset of a member's password. */
export interface TeamAccessLink {
  id: number;
  kind: 'INVITE' | 'RESET';
  name: string;
  email: string;
  role: TeamRole;
  /** the member of a RESET */
  staffId: number | null;
  createdAt: string;
  expiresAt: string;
  expired: boolean;
}

export interface TeamRider {
  id: number;
  name: string;
  phone: string;
  onShift: boolean;
  /** false once the owner deactivated the rider */
  enabled: boolean;
  lastLocationAt: string | null;
}

export interface TeamShop {
  id: number;
  name: string;
  alias: string;
  ownFleet: boolean;
  hasRiderCode: boolean;
  riders: TeamRider[];
}

/** `GET /api/console/team`. */
export interface TeamView {
  members: TeamMember[];
  links: TeamAccessLink[];
  shops: TeamShop[];
}

/** A new one-time link (201): its page's path carries the token, shown to the owner this once. */
export interface CreatedAccessLink {
  link: TeamAccessLink;
  path: string;
}

/** `POST /api/console/access/check`. */
export interface AccessLinkInfo {
  kind: 'INVITE' | 'RESET';
  name: string;
  email: string;
  role: TeamRole;
  branchName: string;
  expiresAt: string;
}

/** `PUT /api/console/shop/{id}/rider-code`: the new code, shown to the owner this once. */
export interface RiderCodeResult {
  code: string;
}
