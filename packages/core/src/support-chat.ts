/**
 * The shop's support chat (storefront.md: 'a support chat widget (two providers, one chosen)', 'Support
 * chat opening retries up to 10 times at 200 ms intervals'; post-order-and-logistics.md:
 * `open_follow_up_support=true` and `/soporte?referenceId`; DESIGN.md: 'configured widget script per
 * branch, none by default'). This module holds only what a diner page's first load needs (the list of
 * providers, the opening's retries, the query about an order); each provider's entry (its id, script and
 * CSP origins) is support-chat-providers.ts. The browser's side (loading the script only when the diner
 * opens the chat, then driving the provider's API) is apps/web/src/features/support-chat, one adapter per
 * provider (docs/decisions/018-support-chat.md).
 */

/** The providers a branch can choose; a third one is an entry here, its entry in support-chat-providers.ts and one adapter in the web. */
export const SUPPORT_CHAT_PROVIDER_IDS = ['CRISP', 'TAWK'] as const;
export type SupportChatProvider = (typeof SUPPORT_CHAT_PROVIDER_IDS)[number];

/** What a branch keeps in `generalConfig.supportChat`: the provider and the shop's id there. */
export interface SupportChatConfig {
  provider: SupportChatProvider;
  /** Crisp: the website id (a UUID); Tawk.to: `{propertyId}/{widgetId}`. */
  siteId: string;
}

/** Opening the chat: tried at once, then retried up to 10 times, 200 ms apart, until the API answers. */
export const SUPPORT_CHAT_OPEN_RETRIES = 10;
export const SUPPORT_CHAT_RETRY_INTERVAL_MS = 200;

export function isSupportChatProvider(value: unknown): value is SupportChatProvider {
  return typeof value === 'string' && (SUPPORT_CHAT_PROVIDER_IDS as readonly string[]).includes(value);
}

/**
 * The query about an order the chat opens with (`open_follow_up_support=true`, `/soporte?referenceId`),
 * the same words as the follow-up's WhatsApp link.
 */
export function orderQueryText(orderCode: string): string {
  return `Hola, tengo una consulta sobre mi pedido #${orderCode}`;
}
