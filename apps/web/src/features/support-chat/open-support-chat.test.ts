import type { SupportChatConfig } from '@comanda/core';
import { describe, expect, it } from 'vitest';
import { crispAdapter } from './adapters/crisp.ts';
import { tawkAdapter } from './adapters/tawk.ts';
import { type ChatHost, createSupportChatOpener, SCRIPT_TIMEOUT_MS } from './open-support-chat.ts';
import { chatOf } from './support-chat.tsx';
import type { ChatGlobals } from './support-chat-adapter.ts';

const CRISP: SupportChatConfig = { provider: 'CRISP', siteId: '1c0e2f5a-7b3d-4c8e-9f10-2a3b4c5d6e7f' };
const TAWK: SupportChatConfig = { provider: 'TAWK', siteId: '5bc5c42d61d0b77092515e90/default' };

/**
 * A page without a browser: scripts are recorded and 'load' when the test says; waits return at once
 * and are counted. `onWait` plays the provider's script finishing its start-up after some waits.
 */
function fakeHost(
  options: { scriptFails?: boolean; onWait?: (waits: number[], globals: ChatGlobals) => void } = {},
) {
  const globals: ChatGlobals = {};
  const scripts: { src: string; attributes: Readonly<Record<string, string>> }[] = [];
  const waits: number[] = [];
  const host: ChatHost = {
    globals,
    addScript: async (src, attributes) => {
      scripts.push({ src, attributes });
      if (options.scriptFails) throw new Error('offline');
    },
    wait: async (ms) => {
      // the script's own timeout race: never the one that ends first here
      if (ms === SCRIPT_TIMEOUT_MS) return new Promise<void>(() => {});
      waits.push(ms);
      options.onWait?.(waits, globals);
    },
  };
  return { host, globals, scripts, waits };
}

/** What Crisp's script leaves once it runs: an API whose `push` records the commands. */
function startCrisp(globals: ChatGlobals): unknown[][] {
  const commands: unknown[][] = [...((globals.$crisp as unknown[][] | undefined) ?? [])];
  globals.$crisp = { push: (command: unknown[]) => commands.push(command), is: () => false };
  return commands;
}

describe('opening a shop’s support chat', () => {
  it('adds the provider’s script only when asked, once, and opens the chat when its API answers', async () => {
    let commands: unknown[][] = [];
    const { host, globals, scripts, waits } = fakeHost({
      onWait: (w, g) => {
        if (w.length === 3) commands = startCrisp(g);
      },
    });
    const open = createSupportChatOpener(host);
    expect(scripts).toEqual([]);

    expect(await open(CRISP, 'Hola, tengo una consulta sobre mi pedido #DMP8QN5T4R')).toBe('opened');
    expect(scripts).toEqual([{ src: 'https://client.crisp.chat/l.js', attributes: {} }]);
    expect(globals.CRISP_WEBSITE_ID).toBe(CRISP.siteId);
    expect(globals.CRISP_RUNTIME_CONFIG).toEqual({ locale: 'es' });
    // tried at once, then every 200 ms until it answered on the third retry
    expect(waits).toEqual([200, 200, 200]);
    expect(commands).toEqual([
      ['set', 'message:text', ['Hola, tengo una consulta sobre mi pedido #DMP8QN5T4R']],
      ['do', 'chat:show'],
      ['do', 'chat:open'],
    ]);

    // tapped again: the script is there, the chat opens at once
    expect(await open(CRISP)).toBe('opened');
    expect(scripts).toHaveLength(1);
    expect(commands.slice(3)).toEqual([
      ['do', 'chat:show'],
      ['do', 'chat:open'],
    ]);
  });

  it('gives up after 10 retries 200 ms apart when the API never answers', async () => {
    const { host, waits } = fakeHost();
    const open = createSupportChatOpener(host);
    expect(await open(CRISP)).toBe('failed');
    expect(waits).toEqual(Array.from({ length: 10 }, () => 200));
  });

  it('adds the script again on the next tap when it did not load', async () => {
    const { host, scripts, waits } = fakeHost({ scriptFails: true });
    const open = createSupportChatOpener(host);
    expect(await open(TAWK)).toBe('failed');
    expect(waits).toEqual([]);
    expect(await open(TAWK)).toBe('failed');
    expect(scripts).toHaveLength(2);
  });

  it('does not swap one shop’s chat for another’s on the same page', async () => {
    const { host, globals } = fakeHost();
    startCrisp(globals);
    const open = createSupportChatOpener(host);
    expect(await open(CRISP)).toBe('opened');
    expect(await open({ ...CRISP, siteId: '00000000-7b3d-4c8e-9f10-2a3b4c5d6e7f' })).toBe('other-chat');
    expect(await open(TAWK)).toBe('other-chat');
  });

  it('loads Tawk.to’s widget script with its snippet’s attributes and maximizes it once it has a status', async () => {
    const calls: unknown[][] = [];
    const { host, globals, scripts } = fakeHost({
      onWait: (w, g) => {
        const api = g.Tawk_API as Record<string, unknown>;
        api.maximize = () => calls.push(['maximize']);
        api.showWidget = () => calls.push(['showWidget']);
        api.addEvent = (name: string, metadata: unknown) => calls.push(['addEvent', name, metadata]);
        // the widget answers its status only once it is drawn
        api.getStatus = () => (w.length >= 2 ? 'online' : undefined);
      },
    });
    const open = createSupportChatOpener(host);
    expect(await open(TAWK, 'Hola, tengo una consulta sobre mi pedido #DMP8QN5T4R')).toBe('opened');
    expect(scripts).toEqual([
      {
        src: 'https://embed.tawk.to/5bc5c42d61d0b77092515e90/default',
        attributes: { charset: 'UTF-8', crossorigin: '*' },
      },
    ]);
    expect(globals.Tawk_LoadStart).toBeInstanceOf(Date);
    expect(calls).toEqual([
      ['addEvent', 'consulta-pedido', { mensaje: 'Hola, tengo una consulta sobre mi pedido #DMP8QN5T4R' }],
      ['showWidget'],
      ['maximize'],
    ]);
  });
});

describe('the adapters', () => {
  it('Crisp: the queue made before the script, kept if the page already has one; ready once `is` exists', () => {
    const globals: ChatGlobals = {};
    crispAdapter.prepare(globals, CRISP);
    expect(globals.$crisp).toEqual([]);
    expect(crispAdapter.isReady(globals)).toBe(false);
    const queued = [['safe', true]];
    const withQueue: ChatGlobals = { $crisp: queued };
    crispAdapter.prepare(withQueue, CRISP);
    expect(withQueue.$crisp).toBe(queued);
    startCrisp(globals);
    expect(crispAdapter.isReady(globals)).toBe(true);
  });

  it('Tawk.to: the API object made before the script; not ready without a status', () => {
    const globals: ChatGlobals = {};
    tawkAdapter.prepare(globals, TAWK);
    expect(globals.Tawk_API).toEqual({});
    expect(tawkAdapter.isReady(globals)).toBe(false);
    globals.Tawk_API = { maximize: () => {}, getStatus: () => undefined };
    expect(tawkAdapter.isReady(globals)).toBe(false);
    globals.Tawk_API = { maximize: () => {}, getStatus: () => 'offline' };
    expect(tawkAdapter.isReady(globals)).toBe(true);
  });
});

describe('a branch’s chat on the storefront', () => {
  it('is none unless a known provider with an id is stored', () => {
    expect(chatOf(undefined)).toBeNull();
    expect(chatOf({ provider: 'CRISP', siteId: '' })).toBeNull();
    expect(chatOf({ provider: 'OTRO', siteId: 'x' })).toBeNull();
    expect(chatOf(CRISP)).toEqual(CRISP);
    expect(chatOf({ ...TAWK, extra: 1 })).toEqual(TAWK);
  });
});
