import type { SupportChatProvider } from '@comanda/core';
import type { SupportChatAdapter } from '../support-chat-adapter.ts';
import { crispAdapter } from './crisp.ts';
import { tawkAdapter } from './tawk.ts';

/** Every provider of core's SUPPORT_CHAT_PROVIDER_IDS has its adapter: the compiler checks it. */
export const SUPPORT_CHAT_ADAPTERS: Record<SupportChatProvider, SupportChatAdapter> = {
  CRISP: crispAdapter,
  TAWK: tawkAdapter,
};
