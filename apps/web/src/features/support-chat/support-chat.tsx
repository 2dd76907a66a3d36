/**
 * The storefront's way into a shop's support chat: the chat icon and the hook that opens the chat. Kept
 * tiny, since the menu and the follow-up import it: the adapters and the loader are a lazy chunk
 * (open-support-chat.ts) that only a diner who opens the chat downloads, and the provider's script
 * comes after that, never with the page.
 */
import { isSupportChatProvider, type SupportChatConfig } from '@comanda/core';
import { useCallback, useMemo, useState } from 'react';
import { type IconProps, Svg } from '../../ui/icons.tsx';
import { useToast } from '../../ui/toast.tsx';

export const CHAT_LABEL = 'Chatear con el local';
export const CHAT_OPEN_FAILED = 'No pudimos abrir el chat. Probá de nuevo en unos minutos.';
export const CHAT_OTHER_SHOP = 'Para abrir el chat de este local, recargá la página.';

/**
 * A branch's chat as the storefront reads it (the server keeps only valid ones; core's `supportChatOf`
 * checks the id too, but its provider table is not worth the menu's first load).
 */
export function chatOf(value: unknown): SupportChatConfig | null {
  if (typeof value !== 'object' || value === null) return null;
  const { provider, siteId } = value as { provider?: unknown; siteId?: unknown };
  return isSupportChatProvider(provider) && typeof siteId === 'string' && siteId !== ''
    ? { provider, siteId }
    : null;
}

/** Opens the chat (the query about an order written in it when given); busy while it is on its way. */
export function useSupportChat(config: SupportChatConfig | null): {
  open: (query?: string) => Promise<void>;
  opening: boolean;
} {
  const showToast = useToast();
  const [opening, setOpening] = useState(false);
  const provider = config?.provider;
  const siteId = config?.siteId;
  const open = useCallback(
    async (query?: string) => {
      if (!provider || !siteId) return;
      setOpening(true);
      try {
        const { openSupportChat } = await import('./open-support-chat.ts');
        const result = await openSupportChat({ provider, siteId }, query);
        if (result === 'failed') showToast(CHAT_OPEN_FAILED);
        else if (result === 'other-chat') showToast(CHAT_OTHER_SHOP);
      } catch {
        // the chunk itself did not arrive (offline)
        showToast(CHAT_OPEN_FAILED);
      } finally {
        setOpening(false);
      }
    },
    [provider, siteId, showToast],
  );
  return useMemo(() => ({ open, opening }), [open, opening]);
}

export function IconChat(props: IconProps) {
  return (
    <Svg {...props}>
      <path d="M21 12a8 8 0 0 1-11.6 7.1L4 20.5l1.4-4.8A8 8 0 1 1 21 12Z" />
      <path d="M8.5 12h.01M12 12h.01M15.5 12h.01" strokeWidth={2.6} />
    </Svg>
  );
}
