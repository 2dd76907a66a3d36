import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { staffCookie } from '../../../test/staff.ts';
import { createTestApp, databaseKinds, type TestApp } from '../../../test/test-app.ts';
import * as t from '../../db/schema.ts';
import { createStaffAccount } from './staff-accounts.ts';

describe.each(databaseKinds)('staff accounts (%s)', (kind) => {
  let test: TestApp;

  beforeAll(async () => {
    test = await createTestApp(kind);
  });
  afterAll(() => test.close());

  it('creates an account that can sign in, storing only the password hash', async () => {
    const created = await createStaffAccount(test.database.db, {
      branch: 'kenzo',
      email: 'Caja@Kenzo.com.ar',
      role: 'STAFF',
      password: 'una-clave-larga',
    });
    expect(created).toMatchObject({
      email: 'caja@kenzo.com.ar',
      role: 'STAFF',
      branchAlias: 'kenzo',
      generatedPassword: null,
    });
    const [row] = await test.database.db
      .select()
      .from(t.staffAccounts)
      .where(eq(t.staffAccounts.id, created.id));
    expect(row?.passwordHash).toMatch(/^scrypt\$/);
    expect(row?.passwordHash).not.toContain('una-clave-larga');
    await expect(
      staffCookie(test.app, { email: 'caja@kenzo.com.ar', password: 'una-clave-larga' }),
    ).resolves.toMatch(/^staff_session=/);
  });

  it('generates a password when none is given, and it works once', async () => {
    const created = await createStaffAccount(test.database.db, {
      branch: 'donmateo',
      email: 'nuevo@donmateo.com.ar',
    });
    expect(created.role).toBe('STAFF');
    expect(created.generatedPassword).toMatch(/^[A-Za-z0-9_-]{16}$/);
    await expect(
      staffCookie(
        test.app,
        { email: 'nuevo@donmateo.com.ar', password: created.generatedPassword as string },
        '10.9.0.1',
      ),
    ).resolves.toMatch(/^staff_session=/);
  });

  it('refuses an unknown branch, a taken e-mail, a bad role and a short password, in Spanish', async () => {
    const db = test.database.db;
    await expect(createStaffAccount(db, { branch: 'nada', email: 'a@b.co' })).rejects.toThrow(
      'No existe una sucursal con el alias "nada".',
    );
    await expect(
      createStaffAccount(db, { branch: 'donmateo', email: 'encargado@donmateo.com.ar' }),
    ).rejects.toThrow('Ya existe una cuenta con el e-mail encargado@donmateo.com.ar.');
    await expect(
      createStaffAccount(db, { branch: 'donmateo', email: 'x@y.co', role: 'ADMIN' as 'OWNER' }),
    ).rejects.toThrow('El rol debe ser OWNER o STAFF.');
    await expect(
      createStaffAccount(db, { branch: 'donmateo', email: 'x@y.co', password: 'corta' }),
    ).rejects.toThrow('La contraseña debe tener al menos 10 caracteres.');
  });
});
