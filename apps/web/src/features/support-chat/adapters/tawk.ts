import type { SupportChatAdapter } from '../support-chat-adapter.ts';

/** The part of Tawk.to's `Tawk_API` used here (developer.tawk.to, 'JavaScript API'). */
interface TawkApi {
  maximize?: unknown;
  getStatus?: unknown;
  showWidget?: unknown;
  addEvent?: unknown;
}

/**
 * Tawk.to: the widget's script fills the `Tawk_API` object the page made; `getStatus()` answers
 * (online, away or offline) once the widget is there, and `maximize()` opens it.
 */
export const tawkAdapter: SupportChatAdapter = {
  prepare(globals) {
    if (typeof globals.Tawk_API !== 'object' || globals.Tawk_API === null) globals.Tawk_API = {};
    globals.Tawk_LoadStart = new Date();
  },
  isReady(globals) {
    const api = globals.Tawk_API as TawkApi | undefined;
    if (typeof api?.maximize !== 'function' || typeof api.getStatus !== 'function') return false;
    return (api.getStatus as () => unknown).call(api) !== undefined;
  },
  open(globals, query) {
    const api = globals.Tawk_API as TawkApi;
    // the widget has no message box to fill: the query reaches the agent as an event of the visit
    if (query && typeof api.addEvent === 'function')
      (api.addEvent as (name: string, metadata: Record<string, string>) => void).call(
        api,
        'consulta-pedido',
        { mensaje: query },
      );
    if (typeof api.showWidget === 'function') (api.showWidget as () => void).call(api);
    (api.maximize as () => void).call(api);
  },
  scriptAttributes: { charset: 'UTF-8', crossorigin: '*' },
};
