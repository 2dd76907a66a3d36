/**
 * Who may use a branch's console (`/console/equipo`): the owner invites kitchen staff and other owners
 * with a one-time link (random token, only its SHA-256 stored, 7 days), makes a new link for a member
 * who lost their password, revokes and restores access and changes roles. Every change is one
 * transaction with its line in the back office's log; the changes that could leave the branch without
 * an owner lock the branch row first, so two owners revoking each other at once cannot both succeed.
 */
import {
  accessLinkExpiry,
  accessLinkPath,
  accessLinkProblem,
  accessLinkState,
  TEAM_MESSAGES as M,
  TEAM_ROLE_LABELS,
  type TeamChange,
  type TeamRole,
  teamChangeProblem,
} from '@comanda/core/back-office';
import type {
  AccessLinkInfo,
  CreatedAccessLink,
  TeamAccessLink,
  TeamInvitationInput,
  TeamMember,
} from '@comanda/core/contract';
import { and, asc, eq, gt, isNull } from 'drizzle-orm';
import * as t from '../../db/schema.ts';
import {
  issueSession,
  revokeSessionsOf,
  STAFF_SESSION_TTL_MS,
  type StaffPrincipal,
} from '../../platform/auth/index.ts';
import type { Db, Tx } from '../../platform/db.ts';
import { AppError, notFound } from '../../platform/errors.ts';
import { hashSecretAsync, newToken, sha256 } from '../../platform/secrets.ts';
import { recordChange } from '../back-office/changes.ts';

type StaffRow = typeof t.staffAccounts.$inferSelect;
type LinkRow = typeof t.staffAccessLinks.$inferSelect;

const refused = (message: string) => new AppError('TEAM_CHANGE_REFUSED', 409, message);
const emailTaken = () =>
  new AppError('EMAIL_TAKEN', 409, M.emailTaken, [{ path: 'email', message: M.emailTaken }]);
const linkInvalid = (message: string) => new AppError('ACCESS_LINK_INVALID', 410, message);

export function memberOf(row: StaffRow, viewerId: number): TeamMember {
  return {
    id: row.id,
    name: row.name,
    email: row.email,
    role: row.role,
    hasAccess: row.revokedAt === null,
    isYou: row.id === viewerId,
    createdAt: row.createdAt.toISOString(),
  };
}

export function linkOf(row: LinkRow, now: Date): TeamAccessLink {
  return {
    id: row.id,
    kind: row.kind,
    name: row.name,
    email: row.email,
    role: row.role,
    staffId: row.staffId,
    createdAt: row.createdAt.toISOString(),
    expiresAt: row.expiresAt.toISOString(),
    expired: accessLinkState(row, now) === 'EXPIRED',
  };
}

export async function listMembers(db: Db, staff: StaffPrincipal): Promise<TeamMember[]> {
  const rows = await db
    .select()
    .from(t.staffAccounts)
    .where(eq(t.staffAccounts.branchId, staff.branchId))
    .orderBy(asc(t.staffAccounts.name), asc(t.staffAccounts.id));
  return rows.map((row) => memberOf(row, staff.id));
}

/** The links not used nor cancelled yet (expired ones too, so the owner sees they need a new one). */
export async function listOpenLinks(db: Db, staff: StaffPrincipal, now: Date): Promise<TeamAccessLink[]> {
  const rows = await db
    .select()
    .from(t.staffAccessLinks)
    .where(
      and(
        eq(t.staffAccessLinks.branchId, staff.branchId),
        isNull(t.staffAccessLinks.usedAt),
        isNull(t.staffAccessLinks.cancelledAt),
      ),
    )
    .orderBy(asc(t.staffAccessLinks.createdAt), asc(t.staffAccessLinks.id));
  return rows.map((row) => linkOf(row, now));
}

/** Serialises the branch's team changes: the caller's transaction holds the branch row until it ends. */
async function lockBranch(tx: Tx, branchId: number): Promise<void> {
  await tx.select({ id: t.branches.id }).from(t.branches).where(eq(t.branches.id, branchId)).for('update');
}

/** A member of the caller's branch; another branch's is 404 like one that does not exist. */
async function ownMember(tx: Db | Tx, staff: StaffPrincipal, memberId: number): Promise<StaffRow> {
  const [row] = await tx.select().from(t.staffAccounts).where(eq(t.staffAccounts.id, memberId));
  if (!row || row.branchId !== staff.branchId) throw notFound(M.memberNotFound);
  return row;
}

async function newLink(
  tx: Tx,
  staff: StaffPrincipal,
  values: Pick<LinkRow, 'kind' | 'email' | 'name' | 'role' | 'staffId'>,
  now: Date,
): Promise<CreatedAccessLink> {
  const { token, tokenHash } = newToken();
  const [row] = await tx
    .insert(t.staffAccessLinks)
    .values({
      ...values,
      branchId: staff.branchId,
      tokenHash,
      createdByStaffId: staff.id,
      createdAt: now,
      expiresAt: accessLinkExpiry(now),
    })
    .returning();
  if (!row) throw new Error('access link insert returned nothing');
  return { link: linkOf(row, now), path: accessLinkPath(token) };
}

/** Cancels the open links matching `where` (an invitation replaced, a member revoked). */
async function cancelOpenLinks(tx: Tx, where: ReturnType<typeof and>, now: Date): Promise<void> {
  await tx
    .update(t.staffAccessLinks)
    .set({ cancelledAt: now })
    .where(and(where, isNull(t.staffAccessLinks.usedAt), isNull(t.staffAccessLinks.cancelledAt)));
}

/** A new invitation; an earlier open one for the same e-mail in this branch stops working. */
export async function invite(
  db: Db,
  staff: StaffPrincipal,
  input: Required<TeamInvitationInput>,
  now: Date,
): Promise<CreatedAccessLink> {
  return db.transaction(async (tx) => {
    const [taken] = await tx
      .select({ id: t.staffAccounts.id })
      .from(t.staffAccounts)
      .where(eq(t.staffAccounts.email, input.email));
    if (taken) throw emailTaken();
    await cancelOpenLinks(
      tx,
      and(
        eq(t.staffAccessLinks.branchId, staff.branchId),
        eq(t.staffAccessLinks.kind, 'INVITE'),
        eq(t.staffAccessLinks.email, input.email),
      ),
      now,
    );
    const created = await newLink(
      tx,
      staff,
      { kind: 'INVITE', email: input.email, name: input.name, role: input.role, staffId: null },
      now,
    );
    await recordChange(tx, {
      branchId: staff.branchId,
      staffId: staff.id,
      area: 'TEAM',
      summary: `Invitó a ${input.name} (${input.email}) como ${TEAM_ROLE_LABELS[input.role]}`,
      at: now,
    });
    return created;
  });
}

/** Cancels an open invitation or reset link of the branch. */
export async function cancelLink(db: Db, staff: StaffPrincipal, linkId: number, now: Date): Promise<void> {
  await db.transaction(async (tx) => {
    const [row] = await tx.select().from(t.staffAccessLinks).where(eq(t.staffAccessLinks.id, linkId));
    if (!row || row.branchId !== staff.branchId || row.usedAt || row.cancelledAt)
      throw notFound(M.invitationNotFound);
    await tx.update(t.staffAccessLinks).set({ cancelledAt: now }).where(eq(t.staffAccessLinks.id, row.id));
    await recordChange(tx, {
      branchId: staff.branchId,
      staffId: staff.id,
      area: 'TEAM',
      summary:
        row.kind === 'INVITE'
          ? `Canceló la invitación de ${row.name} (${row.email})`
          : `Canceló el link para nueva contraseña de ${row.name}`,
      at: now,
    });
  });
}

/** A new one-time link for a member to set a new password (earlier ones stop working). */
export async function resetAccess(
  db: Db,
  staff: StaffPrincipal,
  memberId: number,
  now: Date,
): Promise<CreatedAccessLink> {
  return db.transaction(async (tx) => {
    const member = await ownMember(tx, staff, memberId);
    if (member.revokedAt) throw refused(M.resetNeedsAccess);
    await cancelOpenLinks(tx, eq(t.staffAccessLinks.staffId, member.id), now);
    const created = await newLink(
      tx,
      staff,
      { kind: 'RESET', email: member.email, name: member.name, role: member.role, staffId: member.id },
      now,
    );
    await recordChange(tx, {
      branchId: staff.branchId,
      staffId: staff.id,
      area: 'TEAM',
      summary: `Hizo un link de contraseña nueva para ${member.name}`,
      at: now,
    });
    return created;
  });
}

/** Revokes a member's access or changes their role, under the branch's lock and core's rules. */
async function changeMember(
  db: Db,
  staff: StaffPrincipal,
  memberId: number,
  change: TeamChange,
  now: Date,
): Promise<TeamMember> {
  return db.transaction(async (tx) => {
    await lockBranch(tx, staff.branchId);
    const member = await ownMember(tx, staff, memberId);
    const team = await tx
      .select({ id: t.staffAccounts.id, role: t.staffAccounts.role, revokedAt: t.staffAccounts.revokedAt })
      .from(t.staffAccounts)
      .where(eq(t.staffAccounts.branchId, staff.branchId));
    const facts = (row: { id: number; role: TeamRole; revokedAt: Date | null }) => ({
      id: row.id,
      role: row.role,
      revoked: row.revokedAt !== null,
    });
    const problem = teamChangeProblem(staff.id, facts(member), change, team.map(facts));
    if (problem) throw refused(problem);
    let summary: string;
    if (change.kind === 'REVOKE') {
      await tx.update(t.staffAccounts).set({ revokedAt: now }).where(eq(t.staffAccounts.id, member.id));
      // out at once: every session ends, and a reset link no longer works
      await revokeSessionsOf(tx, 'STAFF', member.id);
      await cancelOpenLinks(tx, eq(t.staffAccessLinks.staffId, member.id), now);
      summary = `Le quitó el acceso a ${member.name} (${member.email})`;
    } else {
      await tx.update(t.staffAccounts).set({ role: change.role }).where(eq(t.staffAccounts.id, member.id));
      summary = `Cambió el rol de ${member.name} a ${TEAM_ROLE_LABELS[change.role]}`;
    }
    await recordChange(tx, { branchId: staff.branchId, staffId: staff.id, area: 'TEAM', summary, at: now });
    return memberOf(await ownMember(tx, staff, member.id), staff.id);
  });
}

export const revokeAccess = (db: Db, staff: StaffPrincipal, memberId: number, now: Date) =>
  changeMember(db, staff, memberId, { kind: 'REVOKE' }, now);

export const changeRole = (db: Db, staff: StaffPrincipal, memberId: number, role: TeamRole, now: Date) =>
  changeMember(db, staff, memberId, { kind: 'ROLE', role }, now);

/** Gives a revoked member their access back (with the password they had). */
export async function restoreAccess(
  db: Db,
  staff: StaffPrincipal,
  memberId: number,
  now: Date,
): Promise<TeamMember> {
  return db.transaction(async (tx) => {
    const member = await ownMember(tx, staff, memberId);
    if (!member.revokedAt) throw refused(M.notRevoked);
    await tx.update(t.staffAccounts).set({ revokedAt: null }).where(eq(t.staffAccounts.id, member.id));
    await recordChange(tx, {
      branchId: staff.branchId,
      staffId: staff.id,
      area: 'TEAM',
      summary: `Le devolvió el acceso a ${member.name} (${member.email})`,
      at: now,
    });
    return memberOf({ ...member, revokedAt: null }, staff.id);
  });
}

/** The open link of a token, or the invitee's message for why it cannot be used. */
async function usableLink(db: Db | Tx, token: string, now: Date): Promise<LinkRow> {
  const [row] = await db
    .select()
    .from(t.staffAccessLinks)
    .where(eq(t.staffAccessLinks.tokenHash, sha256(token)));
  const problem = accessLinkProblem(row ? accessLinkState(row, now) : null);
  if (!row || problem) throw linkInvalid(problem ?? M.linkInvalid);
  return row;
}

/** What the invitee's page shows before they choose a password. */
export async function checkLink(db: Db, token: string, now: Date): Promise<AccessLinkInfo> {
  const row = await usableLink(db, token, now);
  const [branch] = await db
    .select({ name: t.branches.name })
    .from(t.branches)
    .where(eq(t.branches.id, row.branchId));
  return {
    kind: row.kind,
    name: row.name,
    email: row.email,
    role: row.role,
    branchName: branch?.name ?? '',
    expiresAt: row.expiresAt.toISOString(),
  };
}

/**
 * The invitee sets their password: an INVITE creates the account, a RESET sets the member's password
 * and ends their other sessions. The link is spent in the same transaction (a second use, even a racing
 * one, finds it spent), then the new session opens.
 */
export async function acceptLink(
  db: Db,
  token: string,
  password: string,
  now: Date,
): Promise<{ staff: StaffPrincipal; token: string }> {
  await usableLink(db, token, now);
  const passwordHash = await hashSecretAsync(password);
  const staff = await db.transaction(async (tx): Promise<StaffPrincipal> => {
    const [link] = await tx
      .update(t.staffAccessLinks)
      .set({ usedAt: now })
      .where(
        and(
          eq(t.staffAccessLinks.tokenHash, sha256(token)),
          isNull(t.staffAccessLinks.usedAt),
          isNull(t.staffAccessLinks.cancelledAt),
          gt(t.staffAccessLinks.expiresAt, now),
        ),
      )
      .returning();
    if (!link) throw linkInvalid(M.linkInvalid);
    let member: StaffRow | undefined;
    if (link.kind === 'INVITE') {
      [member] = await tx
        .insert(t.staffAccounts)
        .values({
          branchId: link.branchId,
          email: link.email,
          name: link.name,
          role: link.role,
          passwordHash,
          createdAt: now,
        })
        .onConflictDoNothing()
        .returning();
      if (!member) throw emailTaken();
    } else {
      [member] = await tx
        .update(t.staffAccounts)
        .set({ passwordHash })
        .where(
          and(
            eq(t.staffAccounts.id, link.staffId ?? 0),
            eq(t.staffAccounts.branchId, link.branchId),
            isNull(t.staffAccounts.revokedAt),
          ),
        )
        .returning();
      if (!member) throw linkInvalid(M.linkInvalid);
      await revokeSessionsOf(tx, 'STAFF', member.id);
    }
    await recordChange(tx, {
      branchId: link.branchId,
      staffId: member.id,
      area: 'TEAM',
      summary:
        link.kind === 'INVITE'
          ? `${member.name} aceptó la invitación como ${TEAM_ROLE_LABELS[member.role]}`
          : `${member.name} eligió una contraseña nueva`,
      at: now,
    });
    const { id, branchId, role, name, email } = member;
    return { id, branchId, role, name, email };
  });
  const session = await issueSession(
    db,
    'STAFF',
    staff.id,
    now,
    new Date(now.getTime() + STAFF_SESSION_TTL_MS),
  );
  return { staff, token: session };
}
