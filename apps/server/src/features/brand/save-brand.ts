/**
 * `PUT /api/console/brand`: the fields the request carries replace the stored ones (the rest of
 * generalConfig, such as roundingMode and menuConfig, stays), in one transaction with its line in the
 * back office's log. Colours that do not read well are refused before anything is written.
 */
import { supportChatOf } from '@comanda/core';
import {
  type BrandPart,
  brandChangeSummary,
  brandContrastProblems,
  resolveBrandColors,
  showsPoweredBy,
} from '@comanda/core/back-office';
import type { BrandSettings, BrandUpdateParsed } from '@comanda/core/contract';
import { and, eq } from 'drizzle-orm';
import * as t from '../../db/schema.ts';
import type { StaffPrincipal } from '../../platform/auth/index.ts';
import type { Db } from '../../platform/db.ts';
import { badRequest, notFound } from '../../platform/errors.ts';
import { recordChange } from '../back-office/changes.ts';
import {
  BRAND_FILE_TYPES,
  type BrandImageField,
  brandFilesOf,
  brandImagesOf,
  colorModeOf,
  loadBrand,
} from './load-brand.ts';

export async function saveBrand(
  db: Db,
  staff: StaffPrincipal,
  input: BrandUpdateParsed,
  now: Date,
): Promise<{ brand: BrandSettings; changed: boolean }> {
  return db.transaction(async (tx) => {
    // two saves at once each merge into what the other left, never into a stale copy
    const [branch] = await tx
      .select()
      .from(t.branches)
      .where(eq(t.branches.id, staff.branchId))
      .for('update');
    if (!branch) throw notFound('No encontramos tu local.');
    const config = branch.generalConfig;
    const stored = config.colorConfig ?? {};
    const colorConfig = {
      ...stored,
      colorModeType: input.colorModeType ?? stored.colorModeType ?? 'LIGHT',
      light: { ...stored.light, ...input.light },
      dark: { ...stored.dark, ...input.dark },
    };

    // only the modes this save touches are judged: a shop whose other mode already fails can still
    // change its logo, and the editor shows it the problem
    const problems = brandContrastProblems(colorConfig).filter(
      (problem) =>
        (input.light !== undefined && problem.path.startsWith('light.')) ||
        (input.dark !== undefined && problem.path.startsWith('dark.')),
    );
    const [first] = problems;
    if (first) throw badRequest(first.message, problems);

    const files = await brandFilesOf(tx, branch.id);
    const images = brandImagesOf(branch, files);
    const parts: BrandPart[] = [];
    if (colorModeOf(colorConfig.colorModeType) !== colorModeOf(stored.colorModeType)) parts.push('mode');
    if (JSON.stringify(resolveBrandColors(colorConfig)) !== JSON.stringify(resolveBrandColors(stored)))
      parts.push('colors');

    const generalConfig: t.GeneralConfigJson = { ...config, colorConfig };
    if (input.fontFamily !== undefined) {
      if ((input.fontFamily ?? undefined) !== (config.fontFamily || undefined)) parts.push('font');
      if (input.fontFamily === null) delete generalConfig.fontFamily;
      else generalConfig.fontFamily = input.fontFamily;
    }
    if (input.showPoweredBy !== undefined) {
      if (input.showPoweredBy !== showsPoweredBy(config)) parts.push('poweredBy');
      // kept only when off: a shop that never touched it looks like one that shows it
      if (input.showPoweredBy) delete generalConfig.showPoweredBy;
      else generalConfig.showPoweredBy = false;
    }

    if (input.supportChat !== undefined) {
      const stored = supportChatOf(config.supportChat);
      const next = input.supportChat;
      if (next?.provider !== stored?.provider || next?.siteId !== stored?.siteId) parts.push('supportChat');
      // none is the default: kept as no key at all
      if (next === null) delete generalConfig.supportChat;
      else generalConfig.supportChat = next;
    }

    const social = { ...branch.social };
    for (const network of ['instagram', 'facebook'] as const) {
      const account = input.social?.[network];
      if (account === undefined) continue;
      if (account !== (social[network] || null)) parts.push('social');
      if (account === null) delete social[network];
      else social[network] = account;
    }

    let customMessage = branch.customMessage;
    if (input.customMessage !== undefined) {
      if (input.customMessage !== (customMessage || null)) parts.push('message');
      customMessage = input.customMessage;
    }

    const imageParts: Record<BrandImageField, BrandPart> = {
      logoUrl: 'logo',
      horizontalLogoUrl: 'horizontalLogo',
      bannerUrl: 'banner',
    };
    const nextImages = { ...images };
    for (const field of Object.keys(BRAND_FILE_TYPES) as BrandImageField[]) {
      const url = input[field];
      if (url === undefined || url === images[field]) continue;
      parts.push(imageParts[field]);
      nextImages[field] = url;
      const type = BRAND_FILE_TYPES[field];
      await tx.delete(t.files).where(and(eq(t.files.branchId, branch.id), eq(t.files.type, type)));
      if (url !== null) await tx.insert(t.files).values({ branchId: branch.id, type, url, createdAt: now });
    }

    if (parts.length === 0) return { brand: await loadBrand(tx, branch.id), changed: false };

    await tx
      .update(t.branches)
      .set({
        generalConfig,
        social,
        customMessage,
        withCustomLogo: nextImages.logoUrl !== null,
        withCustomHorizontalLogo: nextImages.horizontalLogoUrl !== null,
        withCustomBannerLogo: nextImages.bannerUrl !== null,
      })
      .where(eq(t.branches.id, branch.id));
    await recordChange(tx, {
      branchId: branch.id,
      staffId: staff.id,
      area: 'BRAND',
      summary: brandChangeSummary(parts),
      at: now,
    });
    return { brand: await loadBrand(tx, branch.id), changed: true };
  });
}
