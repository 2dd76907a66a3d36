import { createRequire } from 'node:module';
import { join } from 'node:path';
import { expect, type Locator, type Page } from '@playwright/test';
import type SharpModule from 'sharp';

/** Demo kitchen account of Don Mateo (README, 'Demo credentials'): role STAFF, no back office. */
export const DONMATEO_KITCHEN = { email: 'cocina@donmateo.com.ar', password: 'cocina2026' };

/** What a new owner types on /console/registro. */
export interface NewOwner {
  businessName: string;
  shopName: string;
  whatsApp: string;
  street: string;
  number: string;
  ownerName: string;
  email: string;
  password: string;
}

/**
 * A new owner of their own: the tag goes into the shop's name (so into the suggested link) and the
 * e-mail, both unique in a server's database; a retry or another viewport passes another tag.
 */
export function newOwner(tag: string): NewOwner {
  return {
    businessName: 'Lo de Lola',
    shopName: `Villa Crespo ${tag}`,
    whatsApp: '11 5555-0199',
    street: 'Av. Corrientes',
    number: '5400',
    ownerName: 'Lola Martínez',
    email: `lola.${tag}@example.com`,
    password: 'empanadas-2026',
  };
}

/** The owner's shop on /console/tienda: its card, named by the shop. */
export function shopCard(page: Page, shopName: string): Locator {
  return page.getByRole('region', { name: shopName, exact: true });
}

/** One step of a shop's opening checklist, by its label ('Cargá tus horarios de atención'). */
export function checklistStep(card: Locator, label: string): Locator {
  return card.getByRole('listitem').filter({ hasText: label });
}

/** The four steps of core's openingChecklist, in its order. */
export const CHECKLIST = {
  menu: 'Publicá un menú con al menos un plato visible',
  hours: 'Cargá tus horarios de atención',
  mode: 'Activá al menos una forma de pedido (retiro, mesa o mostrador)',
  payment: 'Elegí al menos un medio de pago',
} as const;

/** A step is done when its hidden suffix says so (the ✓ beside it is decoration). */
export async function expectStepDone(card: Locator, label: string): Promise<void> {
  await expect(checklistStep(card, label)).toContainText(`${label} (listo)`);
}

/** The menu editor's bar ('Publicado', 'Cambios sin publicar', 'Guardar borrador', 'Publicar cambios'). */
export function editorBar(page: Page): Locator {
  return page.getByRole('region', { name: 'Estado del menú' });
}

// sharp is apps/server's dependency (photos become WebP there): resolved from that workspace, so the
// journeys add no image library of their own
const sharp = createRequire(join(import.meta.dirname, '../../../apps/server/package.json'))(
  'sharp',
) as typeof SharpModule;

/** A real JPEG, as a phone's camera roll would give: a golden half-moon on a wooden board. */
export function empanadaJpeg(): Promise<Buffer> {
  const drawing = `<svg xmlns="http://www.w3.org/2000/svg" width="800" height="600">
    <rect width="800" height="600" fill="#7a4a24"/>
    <ellipse cx="400" cy="330" rx="300" ry="200" fill="#f4efe6"/>
    <path d="M170 360 A230 190 0 0 1 630 360 Z" fill="#d9a441" stroke="#a8701f" stroke-width="14"/>
  </svg>`;
  return sharp(Buffer.from(drawing)).jpeg({ quality: 82 }).toBuffer();
}
