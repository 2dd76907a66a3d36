/** The owner's branch's brand as its storefront shows it (`GET /api/console/brand`). */
import { supportChatOf } from '@comanda/core';
import { resolveBrandColors, showsPoweredBy } from '@comanda/core/back-office';
import type { BrandSettings } from '@comanda/core/contract';
import { and, asc, eq, inArray } from 'drizzle-orm';
import * as t from '../../db/schema.ts';
import type { Db, Tx } from '../../platform/db.ts';
import { notFound } from '../../platform/errors.ts';

/** The `files` rows the brand owns, by the editor's field. */
export const BRAND_FILE_TYPES = {
  logoUrl: 'LOGO',
  horizontalLogoUrl: 'HORIZONTAL_LOGO',
  bannerUrl: 'BANNER_LOGO',
} as const;
export type BrandImageField = keyof typeof BRAND_FILE_TYPES;

export type BranchRow = typeof t.branches.$inferSelect;

/** The branch's logo files by type (the last row of a type wins, as the diner API reads them). */
export async function brandFilesOf(db: Db | Tx, branchId: number): Promise<Map<string, string>> {
  const rows = await db
    .select({ type: t.files.type, url: t.files.url })
    .from(t.files)
    .where(and(eq(t.files.branchId, branchId), inArray(t.files.type, Object.values(BRAND_FILE_TYPES))))
    .orderBy(asc(t.files.id));
  return new Map(rows.map((row) => [row.type, row.url]));
}

/** The images as the storefront shows them: the banner only when the branch opted into it. */
export function brandImagesOf(
  branch: BranchRow,
  files: Map<string, string>,
): Record<BrandImageField, string | null> {
  return {
    logoUrl: files.get('LOGO') ?? null,
    horizontalLogoUrl: files.get('HORIZONTAL_LOGO') ?? null,
    bannerUrl: branch.withCustomBannerLogo ? (files.get('BANNER_LOGO') ?? null) : null,
  };
}

export async function loadBrand(db: Db | Tx, branchId: number): Promise<BrandSettings> {
  const [branch] = await db.select().from(t.branches).where(eq(t.branches.id, branchId));
  if (!branch) throw notFound('No encontramos tu local.');
  const [files, shops] = await Promise.all([
    brandFilesOf(db, branchId),
    db
      .select({ id: t.branchContacts.id, alias: t.branchContacts.alias, name: t.branchContacts.name })
      .from(t.branchContacts)
      .where(eq(t.branchContacts.branchId, branchId))
      .orderBy(asc(t.branchContacts.id)),
  ]);
  const config = branch.generalConfig;
  const colors = resolveBrandColors(config.colorConfig);
  return {
    branchId: branch.id,
    branchName: branch.name,
    shops,
    colorModeType: colorModeOf(config.colorConfig?.colorModeType),
    light: colors.light,
    dark: colors.dark,
    fontFamily: config.fontFamily?.trim() || null,
    ...brandImagesOf(branch, files),
    social: { instagram: branch.social.instagram || null, facebook: branch.social.facebook || null },
    customMessage: branch.customMessage || null,
    showPoweredBy: showsPoweredBy(config),
    supportChat: supportChatOf(config.supportChat),
  };
}

/** The mode the storefront shows (theme.ts: anything but LIGHT or nothing is dark). */
export function colorModeOf(colorModeType: string | undefined): 'LIGHT' | 'DARK' {
  const type = colorModeType?.trim().toUpperCase() ?? '';
  return type === '' || type === 'LIGHT' ? 'LIGHT' : 'DARK';
}
