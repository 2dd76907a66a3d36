import type { MenuCustomization, OrderModeType } from '@comanda/core/contract';

interface PromotionalBannerCommands {
  text?: unknown;
  orderModeType?: unknown;
}

/** The PROMOTIONAL_BANNER text for a mode: its orderModeType must match, or be absent (every mode). */
export function promotionalBannerText(
  customizations: MenuCustomization[] | undefined,
  modeType: OrderModeType,
): string | null {
  for (const customization of customizations ?? []) {
    if (customization.resource !== 'PROMOTIONAL_BANNER') continue;
    let commands: PromotionalBannerCommands;
    try {
      commands = JSON.parse(customization.commands) as PromotionalBannerCommands;
    } catch {
      continue;
    }
    if (typeof commands?.text !== 'string' || commands.text.trim() === '') continue;
    if (commands.orderModeType && commands.orderModeType !== modeType) continue;
    return commands.text;
  }
  return null;
}

export function PromoBanner({ text }: { text: string | null }) {
  if (!text) return null;
  return (
    <aside className="promo-banner" aria-label="Promoción">
      {text}
    </aside>
  );
}
