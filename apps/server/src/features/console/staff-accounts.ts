/**
 * Staff accounts of a branch: created from the command line (`npm run staff:create`) for the first
 * owner of a new business; passwords stored as scrypt hashes only.
 */
import { randomBytes } from 'node:crypto';
import { STAFF_ROLES, type StaffRole } from '@comanda/core/contract';
import { eq } from 'drizzle-orm';
import { z } from 'zod';
import * as t from '../../db/schema.ts';
import type { Db } from '../../platform/db.ts';
import { hashSecretAsync } from '../../platform/secrets.ts';

export const MIN_PASSWORD_CHARS = 10;

export const NewStaffSchema = z.strictObject({
  branch: z.string().trim().min(1, { error: 'Falta --branch (el alias de la sucursal).' }),
  email: z.email({ error: 'El e-mail no es válido.' }).transform((email) => email.toLowerCase()),
  role: z.enum(STAFF_ROLES, { error: 'El rol debe ser OWNER o STAFF.' }).default('STAFF'),
  name: z.string().trim().min(1).optional(),
  password: z
    .string()
    .min(MIN_PASSWORD_CHARS, { error: `La contraseña debe tener al menos ${MIN_PASSWORD_CHARS} caracteres.` })
    .optional(),
});
export type NewStaff = z.input<typeof NewStaffSchema>;

export interface CreatedStaff {
  id: number;
  email: string;
  role: StaffRole;
  branchAlias: string;
  /** Only when the password was generated: shown once, never stored. */
  generatedPassword: string | null;
}

export async function createStaffAccount(db: Db, input: NewStaff): Promise<CreatedStaff> {
  const staff = NewStaffSchema.parse(input);
  const [branch] = await db
    .select({ id: t.branches.id, alias: t.branches.alias })
    .from(t.branches)
    .where(eq(t.branches.alias, staff.branch.toLowerCase()));
  if (!branch) throw new Error(`No existe una sucursal con el alias "${staff.branch}".`);
  const [taken] = await db
    .select({ id: t.staffAccounts.id })
    .from(t.staffAccounts)
    .where(eq(t.staffAccounts.email, staff.email));
  if (taken) throw new Error(`Ya existe una cuenta con el e-mail ${staff.email}.`);
  const generatedPassword = staff.password ? null : randomBytes(12).toString('base64url');
  const [row] = await db
    .insert(t.staffAccounts)
    .values({
      branchId: branch.id,
      email: staff.email,
      name: staff.name ?? staff.email.split('@')[0] ?? staff.email,
      role: staff.role,
      passwordHash: await hashSecretAsync(staff.password ?? (generatedPassword as string)),
    })
    .returning({ id: t.staffAccounts.id });
  if (!row) throw new Error('No se pudo crear la cuenta.');
  return { id: row.id, email: staff.email, role: staff.role, branchAlias: branch.alias, generatedPassword };
}
