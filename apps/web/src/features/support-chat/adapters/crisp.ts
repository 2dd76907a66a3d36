import type { SupportChatAdapter } from '../support-chat-adapter.ts';

/** What Crisp's `$crisp` takes: commands pushed as arrays ('do', 'set', 'on'), queued before it loads. */
interface CrispApi {
  push(command: unknown[]): void;
  is?: unknown;
}

/**
 * Crisp (docs.crisp.chat, 'Web Chat SDK' and '$crisp methods'): the loader reads `CRISP_WEBSITE_ID` and
 * the `$crisp` queue, then replaces the queue with its API, whose `is` says it is running.
 */
export const crispAdapter: SupportChatAdapter = {
  prepare(globals, config) {
    if (globals.$crisp === undefined) globals.$crisp = [];
    globals.CRISP_WEBSITE_ID = config.siteId;
    globals.CRISP_RUNTIME_CONFIG = { locale: 'es' };
  },
  isReady(globals) {
    const crisp = globals.$crisp as CrispApi | undefined;
    return typeof crisp?.push === 'function' && typeof crisp.is === 'function';
  },
  open(globals, query) {
    const crisp = globals.$crisp as CrispApi;
    // the message box holds the query; the diner reads it and sends it, or changes it
    if (query) crisp.push(['set', 'message:text', [query]]);
    crisp.push(['do', 'chat:show']);
    crisp.push(['do', 'chat:open']);
  },
};
