import { describe, expect, it } from 'vitest';
import {
  accessLinkExpiry,
  accessLinkPath,
  accessLinkProblem,
  accessLinkState,
  TEAM_MESSAGES as M,
  riderCodeChangeProblem,
  staffPasswordProblem,
  type TeamMemberFacts,
  teamChangeProblem,
} from './team.ts';

const owner = (id: number, revoked = false): TeamMemberFacts => ({ id, role: 'OWNER', revoked });
const cook = (id: number, revoked = false): TeamMemberFacts => ({ id, role: 'STAFF', revoked });

describe('team changes', () => {
  it('let an owner revoke a cook, or another owner while one owner keeps access', () => {
    const team = [owner(1), owner(2), cook(3)];
    expect(teamChangeProblem(1, cook(3), { kind: 'REVOKE' }, team)).toBeNull();
    expect(teamChangeProblem(1, owner(2), { kind: 'REVOKE' }, team)).toBeNull();
    expect(teamChangeProblem(1, owner(2), { kind: 'ROLE', role: 'STAFF' }, team)).toBeNull();
    expect(teamChangeProblem(1, cook(3), { kind: 'ROLE', role: 'OWNER' }, team)).toBeNull();
  });

  it('refuse revoking or demoting yourself', () => {
    const team = [owner(1), owner(2)];
    expect(teamChangeProblem(1, owner(1), { kind: 'REVOKE' }, team)).toBe(M.notYourself);
    expect(teamChangeProblem(1, owner(1), { kind: 'ROLE', role: 'STAFF' }, team)).toBe(M.notYourself);
    expect(M.notYourself).toBe('No podés quitarte el acceso ni cambiar tu propio rol.');
  });

  it('keep at least one owner with access: a revoked owner does not count', () => {
    // owner 2 is the only other owner with access; owner 1 acts (e.g. a stale page) while revoked
    const team = [owner(1, true), owner(2), cook(3)];
    expect(teamChangeProblem(1, owner(2), { kind: 'REVOKE' }, team)).toBe(M.lastOwner);
    expect(teamChangeProblem(1, owner(2), { kind: 'ROLE', role: 'STAFF' }, team)).toBe(M.lastOwner);
    expect(M.lastOwner).toBe('El local tiene que tener al menos un dueño con acceso.');
  });

  it('refuse what changes nothing', () => {
    expect(teamChangeProblem(1, cook(3, true), { kind: 'REVOKE' }, [owner(1), cook(3, true)])).toBe(
      'Esta persona ya no tiene acceso.',
    );
    expect(teamChangeProblem(1, cook(3), { kind: 'ROLE', role: 'STAFF' }, [owner(1), cook(3)])).toBe(
      'Esta persona ya tiene ese rol.',
    );
  });
});

describe('one-time access links', () => {
  const now = new Date('2026-11-18T15:00:00Z');
  it('last seven days and work once', () => {
    const expiresAt = accessLinkExpiry(now);
    expect(expiresAt.toISOString()).toBe('2026-11-25T15:00:00.000Z');
    const link = { usedAt: null, cancelledAt: null, expiresAt };
    expect(accessLinkState(link, now)).toBe('PENDING');
    expect(accessLinkState(link, expiresAt)).toBe('EXPIRED');
    expect(accessLinkState({ ...link, usedAt: now }, now)).toBe('USED');
    expect(accessLinkState({ ...link, cancelledAt: now }, now)).toBe('CANCELLED');
  });

  it('tell the invitee what is wrong with a link', () => {
    expect(accessLinkProblem('PENDING')).toBeNull();
    expect(accessLinkProblem('EXPIRED')).toBe('Este link venció. Pedile uno nuevo al dueño del local.');
    for (const state of ['USED', 'CANCELLED', null] as const)
      expect(accessLinkProblem(state)).toBe(
        'Este link no es válido o ya se usó. Pedile uno nuevo al dueño del local.',
      );
  });

  it('open the invitee page of the web app', () => {
    expect(accessLinkPath('abc_DEF-1')).toBe('/console/invitacion/abc_DEF-1');
  });
});

describe('passwords and rider codes typed twice', () => {
  it('need the sign-up length and the same text twice', () => {
    expect(staffPasswordProblem('corta')).toBe('La contraseña necesita al menos 10 caracteres.');
    expect(staffPasswordProblem('x'.repeat(201))).toBe('La contraseña puede tener hasta 200 caracteres.');
    expect(staffPasswordProblem('larga y segura', 'larga y segur')).toBe('Las contraseñas no coinciden.');
    expect(staffPasswordProblem('larga y segura', 'larga y segura')).toBeNull();
  });

  it('take 6 to 12 digits for the rider code', () => {
    expect(riderCodeChangeProblem('482913', '482913')).toBeNull();
    expect(riderCodeChangeProblem('4829')).toBe(
      'El código de seguridad de los repartidores tiene que tener entre 6 y 12 números.',
    );
    expect(riderCodeChangeProblem('48291a')).toBe(
      'El código de seguridad de los repartidores tiene que tener entre 6 y 12 números.',
    );
    expect(riderCodeChangeProblem('482913', '482914')).toBe('Los códigos no coinciden.');
  });
});
