/**
 * Opening a shop's support chat (decision 018), in a chunk of its own that only a diner who opens a
 * chat downloads: the provider's adapter prepares the page, its one script is added (never before the
 * diner asks), and once the script has run its API is asked up to 11 times, 200 ms apart (the spec's
 * 'retries up to 10 times at 200 ms intervals'), before the chat is opened.
 */
import {
  SUPPORT_CHAT_OPEN_RETRIES,
  SUPPORT_CHAT_RETRY_INTERVAL_MS,
  type SupportChatConfig,
  supportChatScriptUrl,
} from '@comanda/core';
import { SUPPORT_CHAT_ADAPTERS } from './adapters/index.ts';
import type { ChatGlobals } from './support-chat-adapter.ts';

/** How long a provider's script may take to arrive on a slow phone before the diner is told. */
export const SCRIPT_TIMEOUT_MS = 20_000;

/**
 * 'opened'; 'failed' (the script did not load or the API never answered: the diner may try again);
 * 'other-chat' (another shop's chat is already on this page, and a provider cannot be swapped in place).
 */
export type OpenChatResult = 'opened' | 'failed' | 'other-chat';

/** What the opener needs of the page: its globals, a way to add a script, a timer. */
export interface ChatHost {
  globals: ChatGlobals;
  /** Adds the script; settles when it has run (load) or failed (error). */
  addScript(src: string, attributes: Readonly<Record<string, string>>): Promise<void>;
  wait(ms: number): Promise<void>;
}

export function browserChatHost(): ChatHost {
  return {
    globals: window as unknown as ChatGlobals,
    addScript: (src, attributes) =>
      new Promise<void>((resolve, reject) => {
        const script = document.createElement('script');
        script.async = true;
        script.src = src;
        for (const [name, value] of Object.entries(attributes)) script.setAttribute(name, value);
        script.addEventListener('load', () => resolve(), { once: true });
        script.addEventListener('error', () => {
          script.remove();
          reject(new Error(`the chat's script did not load: ${src}`));
        });
        document.head.appendChild(script);
      }),
    wait: (ms) => new Promise((resolve) => setTimeout(resolve, ms)),
  };
}

export type OpenSupportChat = (config: SupportChatConfig, query?: string) => Promise<OpenChatResult>;

/** An opener for one page: it remembers which chat's script the page already holds. */
export function createSupportChatOpener(host: ChatHost): OpenSupportChat {
  let loaded: { key: string; script: Promise<void> } | null = null;

  return async (config, query) => {
    const adapter = SUPPORT_CHAT_ADAPTERS[config.provider];
    const key = `${config.provider}:${config.siteId}`;
    if (loaded && loaded.key !== key) return 'other-chat';
    if (!loaded) {
      adapter.prepare(host.globals, config);
      loaded = { key, script: host.addScript(supportChatScriptUrl(config), adapter.scriptAttributes ?? {}) };
    }
    const current = loaded;
    const arrived = await Promise.race([
      current.script.then(
        () => true,
        () => false,
      ),
      host.wait(SCRIPT_TIMEOUT_MS).then(() => false),
    ]);
    if (!arrived) {
      // a script that failed is added again on the next tap; one still on its way is waited for again
      current.script.catch(() => {
        if (loaded === current) loaded = null;
      });
      return 'failed';
    }
    for (let attempt = 0; attempt <= SUPPORT_CHAT_OPEN_RETRIES; attempt++) {
      if (attempt > 0) await host.wait(SUPPORT_CHAT_RETRY_INTERVAL_MS);
      if (adapter.isReady(host.globals)) {
        adapter.open(host.globals, query);
        return 'opened';
      }
    }
    return 'failed';
  };
}

let pageOpener: OpenSupportChat | null = null;

/** Opens the chat on this page (the browser's globals and document). */
export const openSupportChat: OpenSupportChat = (config, query) => {
  pageOpener ??= createSupportChatOpener(browserChatHost());
  return pageOpener(config, query);
};
