/**
 * The owner's team through HTTP: invitations and their one-time links, resets, revoking and restoring
 * access, roles, the shops' riders and their security code; each OWNER only, of the caller's branch,
 * each change in the back office's log.
 */
import { TEAM_MESSAGES as M } from '@comanda/core/back-office';
import type { CreatedAccessLink, TeamView } from '@comanda/core/contract';
import { eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { callApi, expectApiError, idsOf } from '../../../test/http.ts';
import { asRider, RIDER_CODE } from '../../../test/riders.ts';
import { asStaff, DONMATEO_COOK, DONMATEO_OWNER, KENZO_OWNER, staffCookie } from '../../../test/staff.ts';
import { createTestApp, databaseKinds, type TestApp } from '../../../test/test-app.ts';
import * as t from '../../db/schema.ts';
import { OWNER_ONLY_MESSAGE } from '../../platform/auth/face-guard.ts';
import { revokeAccess } from './team-access.ts';

const MARTIN_TOKEN = 'demo-rider-martin-gomez-palermo';

describe.each(databaseKinds)('the owner’s team (%s)', (kind) => {
  let test: TestApp;
  let owner: string;
  let cook: string;
  let kenzo: string;
  let palermo: number;
  let address = 0;

  /** each public call from an address of its own, so the routes' rate limits stay out of the way */
  const fromNewAddress = () => `10.27.0.${++address}`;
  const publicCall = (url: string, payload: unknown) =>
    test.app
      .inject({ method: 'POST', url, payload: payload as object, remoteAddress: fromNewAddress() })
      .then((res) => ({ status: res.statusCode, body: res.json(), cookies: res.cookies }));
  const tokenOf = (created: CreatedAccessLink) => decodeURIComponent(created.path.split('/').pop() ?? '');
  const team = async (cookie = owner) =>
    (await asStaff(test.app, cookie, 'GET', '/api/console/team')).body as TeamView;
  const changes = async () =>
    (await asStaff(test.app, owner, 'GET', '/api/console/changes')).body as {
      area: string;
      summary: string;
      staffName: string | null;
    }[];
  const signIn = (email: string, password: string) =>
    test.app
      .inject({
        method: 'POST',
        url: '/api/console/login',
        payload: { email, password },
        remoteAddress: fromNewAddress(),
      })
      .then((res) => ({ status: res.statusCode, body: res.json(), cookies: res.cookies }));
  const sessionCookie = (res: { cookies: { name: string; value: string }[] }) =>
    `staff_session=${res.cookies.find((c) => c.name === 'staff_session')?.value}`;

  /** Invites someone and accepts for them: their id and console cookie. */
  async function joined(name: string, email: string, role: 'OWNER' | 'STAFF', password = 'una clave larga') {
    const invited = await asStaff(test.app, owner, 'POST', '/api/console/team/invitations', {
      name,
      email,
      role,
    });
    expect(invited.status, JSON.stringify(invited.body)).toBe(201);
    const accepted = await publicCall('/api/console/access/accept', {
      token: tokenOf(invited.body),
      password,
    });
    expect(accepted.status, JSON.stringify(accepted.body)).toBe(200);
    const cookie = sessionCookie(accepted);
    const me = await asStaff(test.app, cookie, 'GET', '/api/console/me');
    return { id: me.body.staff.id as number, cookie };
  }

  beforeAll(async () => {
    test = await createTestApp(kind);
    owner = await staffCookie(test.app, DONMATEO_OWNER);
    cook = await staffCookie(test.app, DONMATEO_COOK);
    kenzo = await staffCookie(test.app, KENZO_OWNER);
    palermo = (await idsOf(test.app, 'donmateo-palermo')).contactId;
  });
  afterAll(() => test.close());

  it('lists the members, the open links and each shop’s riders; only to the owner', async () => {
    const view = await team();
    expect(view.members.map((m) => [m.email, m.role, m.hasAccess, m.isYou])).toEqual(
      expect.arrayContaining([
        [DONMATEO_OWNER.email, 'OWNER', true, true],
        [DONMATEO_COOK.email, 'STAFF', true, false],
      ]),
    );
    expect(view.members.some((m) => m.email === KENZO_OWNER.email)).toBe(false);
    expect(view.links).toEqual([]);
    const shop = view.shops.find((s) => s.id === palermo);
    expect(shop).toMatchObject({ alias: 'donmateo-palermo', ownFleet: true, hasRiderCode: true });
    expect(shop?.riders.map((r) => [r.name, r.onShift, r.enabled])).toEqual([
      ['Martín Gómez', true, true],
      ['Sofía Ruiz', false, true],
    ]);
    const byCook = await asStaff(test.app, cook, 'GET', '/api/console/team');
    expectApiError(byCook, 403);
    expect(byCook.body.message).toBe(OWNER_ONLY_MESSAGE);
    expectApiError(await callApi(test.app, 'GET', '/api/console/team'), 401);
  });

  it('invites a cook with a one-time link that creates the account and signs them in', async () => {
    const invited = await asStaff(test.app, owner, 'POST', '/api/console/team/invitations', {
      name: '  Lola Paz ',
      email: 'Lola@DonMateo.com.ar',
      role: 'STAFF',
    });
    expect(invited.status).toBe(201);
    expect(invited.body.path).toMatch(/^\/console\/invitacion\/[A-Za-z0-9_-]{43}$/);
    expect(invited.body.link).toMatchObject({
      kind: 'INVITE',
      name: 'Lola Paz',
      email: 'lola@donmateo.com.ar',
      role: 'STAFF',
      staffId: null,
      expiresAt: '2026-11-25T18:00:00.000Z',
      expired: false,
    });
    const token = tokenOf(invited.body);
    // only the SHA-256 is stored
    const stored = await test.database.db.select().from(t.staffAccessLinks);
    expect(stored.some((row) => row.tokenHash === token)).toBe(false);
    expect((await team()).links.map((l) => l.email)).toEqual(['lola@donmateo.com.ar']);

    const check = await publicCall('/api/console/access/check', { token });
    expect(check.status).toBe(200);
    expect(check.body).toEqual({
      kind: 'INVITE',
      name: 'Lola Paz',
      email: 'lola@donmateo.com.ar',
      role: 'STAFF',
      branchName: expect.any(String),
      expiresAt: '2026-11-25T18:00:00.000Z',
    });

    const short = await publicCall('/api/console/access/accept', { token, password: 'corta' });
    expectApiError(short, 400);
    expect(short.body.message).toBe(M.passwordTooShort);
    const accepted = await publicCall('/api/console/access/accept', { token, password: 'lola cocina 2026' });
    expect(accepted.status).toBe(200);
    const me = await asStaff(test.app, sessionCookie(accepted), 'GET', '/api/console/me');
    expect(me.body.staff).toMatchObject({ email: 'lola@donmateo.com.ar', role: 'STAFF', name: 'Lola Paz' });
    expect((await signIn('lola@donmateo.com.ar', 'lola cocina 2026')).status).toBe(200);

    // once only
    const again = await publicCall('/api/console/access/accept', { token, password: 'otra clave larga' });
    expectApiError(again, 410, 'ACCESS_LINK_INVALID');
    expect(again.body.message).toBe(M.linkInvalid);
    expectApiError(await publicCall('/api/console/access/check', { token }), 410);
    expect((await team()).links).toEqual([]);
    expect((await changes()).slice(0, 2)).toEqual([
      expect.objectContaining({
        area: 'TEAM',
        summary: 'Lola Paz aceptó la invitación como Cocina',
        staffName: 'Lola Paz',
      }),
      expect.objectContaining({
        area: 'TEAM',
        summary: 'Invitó a Lola Paz (lola@donmateo.com.ar) como Cocina',
      }),
    ]);
  });

  it('refuses bad invitations in Spanish and writes nothing', async () => {
    const post = (body: unknown) => asStaff(test.app, owner, 'POST', '/api/console/team/invitations', body);
    const before = (await test.database.db.select().from(t.staffAccessLinks)).length;
    const noName = await post({ name: ' ', email: 'a@b.co', role: 'STAFF' });
    expectApiError(noName, 400);
    expect(noName.body.message).toBe(M.nameRequired);
    expect((await post({ name: 'A', email: 'no-es-mail', role: 'STAFF' })).body.message).toBe(M.emailInvalid);
    expect((await post({ name: 'A', email: 'a@b.co', role: 'ADMIN' })).body.message).toBe(M.roleInvalid);
    const taken = await post({ name: 'Otra', email: KENZO_OWNER.email, role: 'STAFF' });
    expectApiError(taken, 409, 'EMAIL_TAKEN');
    expect(taken.body.message).toBe(M.emailTaken);
    expectApiError(
      await asStaff(test.app, cook, 'POST', '/api/console/team/invitations', {
        name: 'A',
        email: 'a@b.co',
        role: 'OWNER',
      }),
      403,
    );
    expect((await test.database.db.select().from(t.staffAccessLinks)).length).toBe(before);
  });

  it('refuses an unknown, expired or cancelled link, and a second invitation replaces the first', async () => {
    const unknown = await publicCall('/api/console/access/check', { token: 'x'.repeat(43) });
    expectApiError(unknown, 410);
    expect(unknown.body.message).toBe(M.linkInvalid);
    expectApiError(await publicCall('/api/console/access/check', { token: 'corto' }), 400);

    const body = { name: 'Tomás', email: 'tomas@donmateo.com.ar', role: 'STAFF' };
    const first = (await asStaff(test.app, owner, 'POST', '/api/console/team/invitations', body)).body;
    const second = (await asStaff(test.app, owner, 'POST', '/api/console/team/invitations', body)).body;
    expectApiError(await publicCall('/api/console/access/check', { token: tokenOf(first) }), 410);
    expect((await team()).links.map((l) => l.id)).toEqual([second.link.id]);

    // a week later
    await test.database.db
      .update(t.staffAccessLinks)
      .set({ expiresAt: new Date('2026-11-18T17:59:59Z') })
      .where(eq(t.staffAccessLinks.id, second.link.id));
    const expired = await publicCall('/api/console/access/accept', {
      token: tokenOf(second),
      password: 'una clave larga',
    });
    expectApiError(expired, 410);
    expect(expired.body.message).toBe(M.linkExpired);
    expect((await team()).links).toEqual([expect.objectContaining({ id: second.link.id, expired: true })]);

    // cancelled: by another branch's owner no, by the owner yes
    const url = `/api/console/team/invitations/${second.link.id}`;
    expectApiError(await asStaff(test.app, kenzo, 'DELETE', url), 404);
    expectApiError(await asStaff(test.app, cook, 'DELETE', url), 403);
    expect((await asStaff(test.app, owner, 'DELETE', url)).status).toBe(204);
    expectApiError(await asStaff(test.app, owner, 'DELETE', url), 404);
    expect((await team()).links).toEqual([]);
    const [row] = await test.database.db
      .select()
      .from(t.staffAccounts)
      .where(eq(t.staffAccounts.email, body.email));
    expect(row).toBeUndefined();
  });

  it('keeps a link unspent when its e-mail got an account meanwhile, and limits the public calls per address', async () => {
    const email = 'doble@ejemplo.com.ar';
    const here = (
      await asStaff(test.app, owner, 'POST', '/api/console/team/invitations', {
        name: 'Doble',
        email,
        role: 'STAFF',
      })
    ).body;
    const there = (
      await asStaff(test.app, kenzo, 'POST', '/api/console/team/invitations', {
        name: 'Doble',
        email,
        role: 'STAFF',
      })
    ).body;
    expect(
      (await publicCall('/api/console/access/accept', { token: tokenOf(there), password: 'una clave larga' }))
        .status,
    ).toBe(200);
    const late = await publicCall('/api/console/access/accept', {
      token: tokenOf(here),
      password: 'una clave larga',
    });
    expectApiError(late, 409, 'EMAIL_TAKEN');
    expect(late.body.message).toBe(M.emailTaken);
    // nothing half-written: the link is still open, no second account
    expect((await publicCall('/api/console/access/check', { token: tokenOf(here) })).status).toBe(200);
    const accounts = await test.database.db
      .select()
      .from(t.staffAccounts)
      .where(eq(t.staffAccounts.email, email));
    expect(accounts).toHaveLength(1);
    expect(
      (await asStaff(test.app, owner, 'DELETE', `/api/console/team/invitations/${here.link.id}`)).status,
    ).toBe(204);

    const remoteAddress = fromNewAddress();
    const accept = () =>
      test.app.inject({
        method: 'POST',
        url: '/api/console/access/accept',
        payload: { token: 'y'.repeat(43), password: 'una clave larga' },
        remoteAddress,
      });
    for (let i = 0; i < 10; i++) expect((await accept()).statusCode).toBe(410);
    expect((await accept()).statusCode).toBe(429);
  });

  it('revokes a member: their open session is refused at once, the sign-in says why; restoring lets them back', async () => {
    const member = await joined('Nico Sosa', 'nico@donmateo.com.ar', 'STAFF');
    expect((await asStaff(test.app, member.cookie, 'GET', '/api/console/me')).status).toBe(200);
    const revoke = `/api/console/team/members/${member.id}/revoke`;
    expectApiError(await asStaff(test.app, kenzo, 'POST', revoke, {}), 404);
    expectApiError(await asStaff(test.app, cook, 'POST', revoke, {}), 403);
    const revoked = await asStaff(test.app, owner, 'POST', revoke, {});
    expect(revoked.status).toBe(200);
    expect(revoked.body).toMatchObject({ id: member.id, hasAccess: false });
    expectApiError(await asStaff(test.app, member.cookie, 'GET', '/api/console/me'), 401);
    const refused = await signIn('nico@donmateo.com.ar', 'una clave larga');
    expectApiError(refused, 403, 'ACCESS_REVOKED');
    expect(refused.body.message).toBe(M.accountRevoked);
    // a wrong password says nothing about the account
    expectApiError(await signIn('nico@donmateo.com.ar', 'no es la clave'), 401, 'CREDENTIALS_INVALID');
    const twice = await asStaff(test.app, owner, 'POST', revoke, {});
    expectApiError(twice, 409, 'TEAM_CHANGE_REFUSED');
    expect(twice.body.message).toBe(M.alreadyRevoked);
    const noReset = await asStaff(
      test.app,
      owner,
      'POST',
      `/api/console/team/members/${member.id}/reset`,
      {},
    );
    expect(noReset.body.message).toBe(M.resetNeedsAccess);

    const restore = `/api/console/team/members/${member.id}/restore`;
    expectApiError(await asStaff(test.app, kenzo, 'POST', restore, {}), 404);
    expect((await asStaff(test.app, owner, 'POST', restore, {})).body).toMatchObject({ hasAccess: true });
    expect((await signIn('nico@donmateo.com.ar', 'una clave larga')).status).toBe(200);
    expect((await asStaff(test.app, owner, 'POST', restore, {})).body.message).toBe(M.notRevoked);
    expect((await changes()).slice(0, 2).map((c) => c.summary)).toEqual([
      'Le devolvió el acceso a Nico Sosa (nico@donmateo.com.ar)',
      'Le quitó el acceso a Nico Sosa (nico@donmateo.com.ar)',
    ]);
  });

  it('resets a member’s access: the new password works, the old one and their sessions do not', async () => {
    const member = await joined('Ana Ríos', 'ana@donmateo.com.ar', 'STAFF', 'la clave vieja');
    const url = `/api/console/team/members/${member.id}/reset`;
    expectApiError(await asStaff(test.app, kenzo, 'POST', url, {}), 404);
    expectApiError(await asStaff(test.app, cook, 'POST', url, {}), 403);
    const first = (await asStaff(test.app, owner, 'POST', url, {})).body as CreatedAccessLink;
    const reset = await asStaff(test.app, owner, 'POST', url, {});
    expect(reset.status).toBe(201);
    expect(reset.body.link).toMatchObject({
      kind: 'RESET',
      staffId: member.id,
      email: 'ana@donmateo.com.ar',
    });
    // the newer link replaces the older
    expectApiError(await publicCall('/api/console/access/check', { token: tokenOf(first) }), 410);
    const check = await publicCall('/api/console/access/check', { token: tokenOf(reset.body) });
    expect(check.body).toMatchObject({ kind: 'RESET', name: 'Ana Ríos' });
    // still signed in until the new password is set
    expect((await asStaff(test.app, member.cookie, 'GET', '/api/console/me')).status).toBe(200);
    const accepted = await publicCall('/api/console/access/accept', {
      token: tokenOf(reset.body),
      password: 'la clave nueva',
    });
    expect(accepted.status).toBe(200);
    expectApiError(await asStaff(test.app, member.cookie, 'GET', '/api/console/me'), 401);
    expect((await asStaff(test.app, sessionCookie(accepted), 'GET', '/api/console/me')).status).toBe(200);
    expectApiError(await signIn('ana@donmateo.com.ar', 'la clave vieja'), 401);
    expect((await signIn('ana@donmateo.com.ar', 'la clave nueva')).status).toBe(200);
    expectApiError(await asStaff(test.app, owner, 'POST', '/api/console/team/members/999999/reset', {}), 404);
    expectApiError(await asStaff(test.app, owner, 'POST', '/api/console/team/members/abc/reset', {}), 400);
  });

  it('keeps the owner from revoking or demoting themselves, and the branch from losing its last owner', async () => {
    const me = (await team()).members.find((m) => m.isYou);
    if (!me) throw new Error('no own member');
    const self = await asStaff(test.app, owner, 'POST', `/api/console/team/members/${me.id}/revoke`, {});
    expectApiError(self, 409, 'TEAM_CHANGE_REFUSED');
    expect(self.body.message).toBe(M.notYourself);
    const demote = await asStaff(test.app, owner, 'PUT', `/api/console/team/members/${me.id}/role`, {
      role: 'STAFF',
    });
    expect(demote.body.message).toBe(M.notYourself);
    expect(
      (await asStaff(test.app, owner, 'PUT', `/api/console/team/members/${me.id}/role`, { role: 'JEFE' }))
        .body.message,
    ).toBe(M.roleInvalid);

    // a second owner may take the first one's access, but not the other way round afterwards
    const partner = await joined('Paula Díaz', 'paula@donmateo.com.ar', 'OWNER');
    const cookMember = (await team()).members.find((m) => m.email === DONMATEO_COOK.email);
    const promoted = await asStaff(
      test.app,
      partner.cookie,
      'PUT',
      `/api/console/team/members/${cookMember?.id}/role`,
      { role: 'OWNER' },
    );
    expect(promoted.body).toMatchObject({ role: 'OWNER' });
    expect(
      (
        await asStaff(test.app, partner.cookie, 'PUT', `/api/console/team/members/${cookMember?.id}/role`, {
          role: 'STAFF',
        })
      ).body,
    ).toMatchObject({ role: 'STAFF' });
    expect((await changes()).slice(0, 2).map((c) => c.summary)).toEqual([
      `Cambió el rol de ${cookMember?.name} a Cocina`,
      `Cambió el rol de ${cookMember?.name} a Dueño`,
    ]);
    expectApiError(
      await asStaff(test.app, kenzo, 'PUT', `/api/console/team/members/${me.id}/role`, { role: 'STAFF' }),
      404,
    );

    // the use case itself, as a stale page of a revoked owner would call it
    const db = test.database.db;
    const paula = {
      id: partner.id,
      branchId: await ownerBranch(),
      role: 'OWNER' as const,
      name: 'Paula Díaz',
      email: 'paula@donmateo.com.ar',
    };
    const demo = { ...paula, id: me.id, name: me.name, email: me.email };
    await revokeAccess(db, paula, demo.id, test.app.deps.clock());
    await expect(revokeAccess(db, demo, paula.id, test.app.deps.clock())).rejects.toMatchObject({
      message: M.lastOwner,
    });
    expect(
      (
        await callApi(test.app, 'POST', `/api/console/team/members/${me.id}/restore`, {
          headers: { cookie: partner.cookie },
          payload: {},
        })
      ).status,
    ).toBe(200);
    owner = await staffCookie(test.app, DONMATEO_OWNER, fromNewAddress());
  });

  async function ownerBranch(): Promise<number> {
    const me = await asStaff(test.app, owner, 'GET', '/api/console/me');
    return me.body.staff.branchId as number;
  }

  it('lets exactly one of two owners revoking each other at the same time win', async () => {
    const db = test.database.db;
    const branchId = await ownerBranch();
    await joined('Carla Ibáñez', 'carla@donmateo.com.ar', 'OWNER');
    const members = (await team()).members;
    const demo = members.find((m) => m.isYou);
    const carla = members.find((m) => m.email === 'carla@donmateo.com.ar');
    if (!demo || !carla) throw new Error('owners missing');
    const as = (m: typeof demo) => ({
      id: m.id,
      branchId,
      role: 'OWNER' as const,
      name: m.name,
      email: m.email,
    });
    // the demo's other owners out of the way: just these two
    for (const other of members.filter((m) => m.role === 'OWNER' && m.id !== demo.id && m.id !== carla.id))
      await revokeAccess(db, as(demo), other.id, test.app.deps.clock());
    for (let round = 0; round < 5; round++) {
      const outcomes = await Promise.allSettled([
        revokeAccess(db, as(demo), carla.id, test.app.deps.clock()),
        revokeAccess(db, as(carla), demo.id, test.app.deps.clock()),
      ]);
      expect(outcomes.filter((o) => o.status === 'fulfilled')).toHaveLength(1);
      const failed = outcomes.find((o) => o.status === 'rejected');
      expect((failed as PromiseRejectedResult).reason).toMatchObject({ message: M.lastOwner });
      const owners = await db
        .select({ role: t.staffAccounts.role, revokedAt: t.staffAccounts.revokedAt })
        .from(t.staffAccounts)
        .where(eq(t.staffAccounts.branchId, branchId));
      // the branch keeps exactly one owner with access
      expect(owners.filter((o) => o.role === 'OWNER' && o.revokedAt === null)).toHaveLength(1);
      // back to two for the next round
      await db
        .update(t.staffAccounts)
        .set({ revokedAt: null })
        .where(inArray(t.staffAccounts.id, [demo.id, carla.id]));
    }
    owner = await staffCookie(test.app, DONMATEO_OWNER, fromNewAddress());
  });

  it('deactivates a rider on shift: the shift ends, the code opens nothing for them; activating lets them back', async () => {
    const registration = {
      name: 'Bruno Vera',
      phone: '+5491160004410',
      securityCode: RIDER_CODE,
      active: true,
      riderUser: { branchContact: { id: palermo } },
    };
    const registered = await publicCall('/api/rider/createwithcode', registration);
    expect(registered.status).toBe(201);
    const riderToken = registered.body.token as string;
    const device = `rider_device=${registered.cookies.find((c) => c.name === 'rider_device')?.value}`;
    const bruno = (await team()).shops
      .find((s) => s.id === palermo)
      ?.riders.find((r) => r.name === 'Bruno Vera');
    if (!bruno) throw new Error('no Bruno');
    expect(bruno).toMatchObject({ onShift: true, enabled: true, phone: '+5491160004410' });
    const url = (action: string, contactId = palermo, riderId = bruno.id) =>
      `/api/console/shop/${contactId}/riders/${riderId}/${action}`;
    const kenzoShop = (await team(kenzo)).shops[0]?.id;
    expectApiError(await asStaff(test.app, kenzo, 'POST', url('deactivate'), {}), 403);
    expectApiError(await asStaff(test.app, cook, 'POST', url('deactivate'), {}), 403);
    expectApiError(await asStaff(test.app, owner, 'POST', url('deactivate', kenzoShop), {}), 403);
    const notHere = await asStaff(test.app, owner, 'POST', url('deactivate', palermo, 999999), {});
    expectApiError(notHere, 404);
    expect(notHere.body.message).toBe(M.riderNotFound);
    expect((await asRider(test.app, riderToken, 'GET', '/api/whoami')).status).toBe(200);

    const off = await asStaff(test.app, owner, 'POST', url('deactivate'), {});
    expect(off.status, JSON.stringify(off.body)).toBe(200);
    expect(off.body).toMatchObject({ id: bruno.id, onShift: false, enabled: false });
    expectApiError(await asRider(test.app, riderToken, 'GET', '/api/whoami'), 401);
    const shopName = (await team()).shops.find((s) => s.id === palermo)?.name;
    expect((await changes())[0]?.summary).toBe(
      `Desactivó al repartidor Bruno Vera (+5491160004410) en ${shopName} y terminó su turno`,
    );
    expect((await asStaff(test.app, owner, 'POST', url('deactivate'), {})).body.message).toBe(
      M.riderAlreadyDisabled,
    );

    // neither a new registration with the phone nor a shift with the code, even on the rider's own phone
    const again = await publicCall('/api/rider/createwithcode', registration);
    expectApiError(again, 403, 'RIDER_DISABLED');
    expect(again.body.message).toBe(M.riderDisabled);
    const startShift = () =>
      test.app
        .inject({
          method: 'PUT',
          url: `/api/rider/${bruno.id}/updatewithcode`,
          headers: { cookie: device },
          payload: { ...registration, id: bruno.id },
          remoteAddress: fromNewAddress(),
        })
        .then((res) => ({ status: res.statusCode, body: res.json() }));
    const refused = await startShift();
    expectApiError(refused, 403, 'RIDER_DISABLED');
    expect(refused.body.message).toBe(M.riderDisabled);

    const on = await asStaff(test.app, owner, 'POST', url('activate'), {});
    expect(on.body).toMatchObject({ onShift: false, enabled: true });
    expect((await changes())[0]?.summary).toBe(
      `Activó al repartidor Bruno Vera (+5491160004410) en ${shopName}`,
    );
    expect((await asStaff(test.app, owner, 'POST', url('activate'), {})).body.message).toBe(
      M.riderAlreadyEnabled,
    );
    expectApiError(await asStaff(test.app, kenzo, 'POST', url('activate'), {}), 403);
    const back = await startShift();
    expect(back.status).toBe(200);
    expect((await asRider(test.app, back.body.token, 'GET', '/api/whoami')).status).toBe(200);
  });

  it('refuses to deactivate a rider carrying a shipment, and changes nothing', async () => {
    const martin = (await team()).shops
      .find((s) => s.id === palermo)
      ?.riders.find((r) => r.name === 'Martín Gómez');
    if (!martin) throw new Error('no Martín');
    const busy = await asStaff(
      test.app,
      owner,
      'POST',
      `/api/console/shop/${palermo}/riders/${martin.id}/deactivate`,
      {},
    );
    expectApiError(busy, 409, 'RIDER_BUSY');
    expect(busy.body.message).toBe(M.riderBusy);
    const [row] = await test.database.db.select().from(t.riders).where(eq(t.riders.id, martin.id));
    expect(row).toMatchObject({ disabledAt: null, active: true });
    expect((await asRider(test.app, MARTIN_TOKEN, 'GET', '/api/whoami')).status).toBe(200);
  });

  it('changes the shop’s rider code: shown once, the old one stops working, riders on shift keep it', async () => {
    const url = `/api/console/shop/${palermo}/rider-code`;
    const bad = await asStaff(test.app, owner, 'PUT', url, { code: '12ab' });
    expectApiError(bad, 400);
    expect(bad.body.message).toBe(
      'El código de seguridad de los repartidores tiene que tener entre 6 y 12 números.',
    );
    expectApiError(await asStaff(test.app, cook, 'PUT', url, {}), 403);
    expectApiError(await asStaff(test.app, kenzo, 'PUT', url, {}), 403);
    const picked = await asStaff(test.app, owner, 'PUT', url, {});
    expect(picked.status).toBe(200);
    expect(picked.body.code).toMatch(/^\d{6}$/);
    const chosen = await asStaff(test.app, owner, 'PUT', url, { code: ' 24681357 ' });
    expect(chosen.body).toEqual({ code: '24681357' });
    const register = (securityCode: string, phone: string) =>
      publicCall('/api/rider/createwithcode', {
        name: 'Rider Nuevo',
        phone,
        securityCode,
        active: true,
        riderUser: { branchContact: { id: palermo } },
      });
    expectApiError(await register(RIDER_CODE, '+5491160004401'), 400, 'SECURITY_CODE_WRONG');
    const registered = await register('24681357', '+5491160004402');
    expect(registered.status).toBe(201);
    expect((await changes())[0]?.summary).toMatch(/^Cambió el código de seguridad de los repartidores de /);
    expect(JSON.stringify(await changes())).not.toContain('24681357');
    // a rider on shift keeps the shift: the token opens their calls, not the code
    expect((await asRider(test.app, MARTIN_TOKEN, 'GET', '/api/whoami')).status).toBe(200);
    // the new rider appears on the team page, on shift
    const riders = (await team()).shops.find((s) => s.id === palermo)?.riders;
    expect(riders?.find((r) => r.phone === '+5491160004402')).toMatchObject({ onShift: true, enabled: true });
  });
});
