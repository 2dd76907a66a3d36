import type { SupportChatConfig } from '@comanda/core';

/** The page's globals a provider's script reads and defines: `window`, in the browser. */
export type ChatGlobals = Record<string, unknown>;

/**
 * One support chat provider's browser side (decision 018). The loader (open-support-chat.ts) calls
 * `prepare`, adds the provider's one script (core's `supportChatScriptUrl`), then asks `isReady` up to
 * 11 times, 200 ms apart, and calls `open` once it says yes. A third provider is one more file like
 * crisp.ts beside its entry in core's SUPPORT_CHAT_PROVIDERS (adapters/index.ts lists them by provider).
 */
export interface SupportChatAdapter {
  /** Before the script is added: the globals its loader reads (an id, a command queue, options). */
  prepare(globals: ChatGlobals, config: SupportChatConfig): void;
  /** Whether the provider's API is there and can open the chat now. */
  isReady(globals: ChatGlobals): boolean;
  /** Opens the chat window, with the query about an order written for the diner when there is one. */
  open(globals: ChatGlobals, query: string | undefined): void;
  /** Attributes the provider's snippet gives its script tag. */
  scriptAttributes?: Readonly<Record<string, string>>;
}
