/**
 * The menu editor's draft: read (the saved draft, or the published menu when there is none), saved over
 * the version it started from, published in one transaction. Every save and publish is logged.
 */
import { BACK_OFFICE_MESSAGES as M, type MenuDraft, menuDraftProblems } from '@comanda/core/back-office';
import type { MenuDraftState, MenuPublishResult } from '@comanda/core/contract';
import { eq, sql } from 'drizzle-orm';
import * as t from '../../db/schema.ts';
import type { StaffPrincipal } from '../../platform/auth/index.ts';
import type { Db, Tx } from '../../platform/db.ts';
import { AppError, badRequest } from '../../platform/errors.ts';
import { recordChange } from './changes.ts';
import { branchCurrency, loadPublishedDraft } from './load-menu-draft.ts';
import { applyMenuDraft } from './publish-menu-draft.ts';

const draftChanged = () => new AppError('DRAFT_CHANGED', 409, M.draftChangedMeanwhile);

export async function loadDraftState(db: Db, branchId: number): Promise<MenuDraftState> {
  const { currency, decimals } = await branchCurrency(db, branchId);
  const [row] = await db
    .select({ draft: t.menuDrafts, staffName: t.staffAccounts.name })
    .from(t.menuDrafts)
    .leftJoin(t.staffAccounts, eq(t.staffAccounts.id, t.menuDrafts.updatedByStaffId))
    .where(eq(t.menuDrafts.branchId, branchId));
  const hasChanges = row?.draft.hasChanges ?? false;
  return {
    draft: hasChanges && row ? row.draft.document : await loadPublishedDraft(db, branchId, decimals),
    version: row?.draft.version ?? 0,
    hasChanges,
    updatedAt: row?.draft.updatedAt.toISOString() ?? null,
    updatedBy: row?.staffName ?? null,
    currency,
    currencyDecimals: decimals,
  };
}

/** The draft's rule problems as a 400, before anything is written. */
function refuseInvalid(draft: MenuDraft): void {
  const problems = menuDraftProblems(draft);
  if (problems.length) throw badRequest(problems[0]?.message ?? M.draftInvalid, problems);
}

/** The branch's draft row, locked for this transaction (version 0 when the branch never had one). */
async function lockDraft(tx: Tx, branchId: number) {
  const [row] = await tx.select().from(t.menuDrafts).where(eq(t.menuDrafts.branchId, branchId)).for('update');
  return row;
}

export async function saveDraft(
  db: Db,
  staff: StaffPrincipal,
  input: { baseVersion: number; draft: MenuDraft },
  now: Date,
): Promise<MenuDraftState> {
  refuseInvalid(input.draft);
  await db.transaction(async (tx) => {
    const row = await lockDraft(tx, staff.branchId);
    if ((row?.version ?? 0) !== input.baseVersion) throw draftChanged();
    const values = {
      document: input.draft,
      version: input.baseVersion + 1,
      hasChanges: true,
      updatedByStaffId: staff.id,
      updatedAt: now,
    };
    // the first save of a branch races on the primary key: the loser's insert does nothing and it is told so
    const saved = row
      ? await tx
          .update(t.menuDrafts)
          .set(values)
          .where(eq(t.menuDrafts.branchId, staff.branchId))
          .returning({ version: t.menuDrafts.version })
      : await tx
          .insert(t.menuDrafts)
          .values({ branchId: staff.branchId, ...values })
          .onConflictDoNothing()
          .returning({ version: t.menuDrafts.version });
    if (saved.length === 0) throw draftChanged();
    await recordChange(tx, {
      branchId: staff.branchId,
      staffId: staff.id,
      area: 'MENU_DRAFT',
      summary: `Guardó un borrador del menú (${platesText(input.draft)})`,
      at: now,
    });
  });
  return loadDraftState(db, staff.branchId);
}

export async function discardDraft(db: Db, staff: StaffPrincipal, now: Date): Promise<MenuDraftState> {
  await db.transaction(async (tx) => {
    const row = await lockDraft(tx, staff.branchId);
    if (!row?.hasChanges) return;
    await tx
      .update(t.menuDrafts)
      .set({
        hasChanges: false,
        version: sql`${t.menuDrafts.version} + 1`,
        updatedByStaffId: staff.id,
        updatedAt: now,
      })
      .where(eq(t.menuDrafts.branchId, staff.branchId));
    await recordChange(tx, {
      branchId: staff.branchId,
      staffId: staff.id,
      area: 'MENU_DRAFT',
      summary: 'Descartó el borrador del menú',
      at: now,
    });
  });
  return loadDraftState(db, staff.branchId);
}

export async function publishDraft(
  db: Db,
  staff: StaffPrincipal,
  version: number,
  now: Date,
): Promise<MenuPublishResult & { menuIds: number[] }> {
  const { decimals } = await branchCurrency(db, staff.branchId);
  const menus = await db.transaction(async (tx) => {
    const row = await lockDraft(tx, staff.branchId);
    if (!row?.hasChanges) throw new AppError('DRAFT_CHANGED', 409, M.draftNothingToPublish);
    if (row.version !== version) throw draftChanged();
    refuseInvalid(row.document);
    const published = await applyMenuDraft(tx, staff.branchId, row.document, decimals);
    await tx
      .update(t.menuDrafts)
      .set({
        hasChanges: false,
        version: row.version + 1,
        publishedAt: now,
        updatedAt: now,
        updatedByStaffId: staff.id,
      })
      .where(eq(t.menuDrafts.branchId, staff.branchId));
    await recordChange(tx, {
      branchId: staff.branchId,
      staffId: staff.id,
      area: 'MENU_PUBLISH',
      summary: `Publicó el menú (${platesText(row.document)})`,
      at: now,
    });
    return published;
  });
  return { menus, publishedAt: now.toISOString(), menuIds: menus.map((menu) => menu.id) };
}

function platesText(draft: MenuDraft): string {
  const count = countPlates(draft);
  return count === 1 ? '1 plato' : `${count} platos`;
}

const countPlates = (draft: MenuDraft) =>
  draft.menus.reduce(
    (sum, menu) => sum + menu.categories.reduce((n, category) => n + category.plates.length, 0),
    0,
  );
