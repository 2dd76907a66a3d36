/**
 * A catalogue change reaches the storefronts that show it: every process drops its cached answers
 * (platform/catalog-events.ts) and each branch contact concerned tells its open menus and carts,
 * which fetch again (a plate out of stock leaves the menu and is marked in the cart, a paused mode
 * closes), instead of learning it only at 'Realizar pedido'.
 */
import { STOREFRONT_CHANGE_EVENT, storefrontChannel } from '@comanda/core';
import { eq } from 'drizzle-orm';
import * as t from '../../db/schema.ts';
import type { Bus } from '../../platform/bus.ts';
import { publishCatalogChange } from '../../platform/catalog-events.ts';
import type { Db } from '../../platform/db.ts';

export async function publishStorefrontChange(
  db: Db,
  bus: Bus,
  what: { branchContactId?: number; menuId?: number },
): Promise<void> {
  await publishCatalogChange(bus, what);
  const contactIds = new Set<number>();
  if (what.branchContactId !== undefined) contactIds.add(what.branchContactId);
  if (what.menuId !== undefined) {
    const modes = await db
      .select({ contactId: t.orderModes.branchContactId })
      .from(t.orderModes)
      .where(eq(t.orderModes.menuId, what.menuId));
    for (const mode of modes) contactIds.add(mode.contactId);
  }
  await Promise.all(
    [...contactIds].map((branchContactId) =>
      bus.publish(storefrontChannel(branchContactId), STOREFRONT_CHANGE_EVENT, { branchContactId }),
    ),
  );
}
