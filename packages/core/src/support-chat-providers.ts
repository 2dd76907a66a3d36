/**
 * Each support chat provider's entry (core's support-chat.ts has the list and the rules the storefront's
 * first load needs): how an owner's id is recognised and kept, the one script the diner's browser loads
 * when it opens the chat, the origins the pages' Content-Security-Policy allows for it, and the owner's
 * labels. Only the chat's own lazy chunk, the owner's pages and the server import this module.
 */
import {
  isSupportChatProvider,
  SUPPORT_CHAT_PROVIDER_IDS,
  type SupportChatConfig,
  type SupportChatProvider,
} from './support-chat.ts';

/** The Content-Security-Policy sources a provider's widget needs, per directive. */
export interface SupportChatSources {
  script: readonly string[];
  connect: readonly string[];
  img: readonly string[];
  style: readonly string[];
  font: readonly string[];
  frame: readonly string[];
  media: readonly string[];
  worker: readonly string[];
}

export interface SupportChatProviderSpec {
  /** The provider's name, as the owner knows it. */
  name: string;
  /** The owner's field: what to paste and where it is found (our texts, voseo). */
  idLabel: string;
  idHint: string;
  idInvalid: string;
  /** The id as kept, from what the owner pasted (the id, a link or the provider's snippet); undefined if none. */
  normalizeId(input: string): string | undefined;
  /** The one script the diner's browser loads when it opens the chat. */
  scriptUrl(siteId: string): string;
  /** The origins the widget's script, frames, sockets, styles and images use (the vendor's CSP guide). */
  sources: SupportChatSources;
}

const UUID = /[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}/i;
/** A Tawk.to property id (24 hex digits), optionally its widget id, alone or inside a tawk.to link. */
const TAWK_ID = /(?:^|tawk\.to\/(?:chat\/)?)([0-9a-f]{24})(?:\/([a-z0-9]{1,40}))?(?=$|[\s'"?#/])/i;
/** Long enough for a provider's whole snippet, short enough to stop a pasted page. */
const MAX_PASTED = 2000;

export const SUPPORT_CHAT_PROVIDERS: Record<SupportChatProvider, SupportChatProviderSpec> = {
  CRISP: {
    name: 'Crisp',
    idLabel: 'ID del sitio (Website ID)',
    idHint:
      'En Crisp: Configuración › Configuración del sitio web › Configuración del chat › Instrucciones de instalación. Podés pegar el código entero.',
    idInvalid:
      'No encontramos el ID del sitio de Crisp. Tiene la forma 12345678-abcd-4ef0-9876-0123456789ab: copialo de las instrucciones de instalación de Crisp.',
    normalizeId(input) {
      if (input.length > MAX_PASTED) return undefined;
      return UUID.exec(input)?.[0].toLowerCase();
    },
    scriptUrl: () => 'https://client.crisp.chat/l.js',
    // docs.crisp.chat, 'Whitelisting our Systems: Crisp Domain Names'
    sources: {
      script: ['https://client.crisp.chat'],
      connect: [
        'https://client.crisp.chat',
        'https://storage.crisp.chat',
        'wss://client.relay.crisp.chat',
        'wss://stream.relay.crisp.chat',
      ],
      img: ['https://client.crisp.chat', 'https://image.crisp.chat', 'https://storage.crisp.chat'],
      style: ['https://client.crisp.chat'],
      font: ['https://client.crisp.chat'],
      frame: ['https://game.crisp.chat'],
      media: ['https://client.crisp.chat'],
      worker: ['blob:'],
    },
  },
  TAWK: {
    name: 'Tawk.to',
    idLabel: 'Enlace directo del chat o ID de la propiedad',
    idHint:
      'En Tawk.to: Administración › Canales › Widget de chat. Pegá el enlace directo del chat (https://tawk.to/chat/…) o el código del widget.',
    idInvalid:
      'No encontramos el ID de la propiedad de Tawk.to. Pegá el enlace directo del chat (https://tawk.to/chat/…) o el código del widget.',
    normalizeId(input) {
      if (input.length > MAX_PASTED) return undefined;
      const trimmed = input.trim();
      // the link or the snippet's address; an id alone must be the whole input
      const match = TAWK_ID.exec(trimmed);
      if (!match?.[1]) return undefined;
      return `${match[1].toLowerCase()}/${match[2] ?? 'default'}`;
    },
    scriptUrl: (siteId) => `https://embed.tawk.to/${siteId}`,
    // Tawk.to's help centre, 'Content Security Policy (CSP)'; its script CDNs are left out of script-src
    // (a public CDN there would let any package on it run): the widget's code comes from *.tawk.to
    sources: {
      script: ['https://*.tawk.to'],
      connect: ['https://*.tawk.to', 'wss://*.tawk.to'],
      img: ['https://*.tawk.to', 'https://tawk.link', 'https://cdn.jsdelivr.net'],
      style: ['https://*.tawk.to', 'https://fonts.googleapis.com'],
      font: ['https://*.tawk.to', 'https://fonts.gstatic.com'],
      frame: ['https://*.tawk.to'],
      media: ['https://*.tawk.to'],
      worker: [],
    },
  },
};

/** The id as kept for this provider, from what the owner typed or pasted; undefined when none is there. */
export function normalizeSupportChatId(provider: SupportChatProvider, input: string): string | undefined {
  return SUPPORT_CHAT_PROVIDERS[provider].normalizeId(input);
}

/**
 * A stored `generalConfig.supportChat` as the storefront uses it: a known provider with an id in its
 * kept form, or null (no chat: the default, and what anything else reads as).
 */
export function supportChatOf(value: unknown): SupportChatConfig | null {
  if (typeof value !== 'object' || value === null) return null;
  const { provider, siteId } = value as { provider?: unknown; siteId?: unknown };
  if (!isSupportChatProvider(provider) || typeof siteId !== 'string') return null;
  return normalizeSupportChatId(provider, siteId) === siteId ? { provider, siteId } : null;
}

/** The script the diner's browser loads for this chat (only once the diner opens it). */
export function supportChatScriptUrl(config: SupportChatConfig): string {
  return SUPPORT_CHAT_PROVIDERS[config.provider].scriptUrl(config.siteId);
}

/** Every provider's sources merged per directive: what the pages' CSP allows (and nothing else of theirs). */
export function supportChatSources(): SupportChatSources {
  const merged: { [K in keyof SupportChatSources]: string[] } = {
    script: [],
    connect: [],
    img: [],
    style: [],
    font: [],
    frame: [],
    media: [],
    worker: [],
  };
  for (const provider of SUPPORT_CHAT_PROVIDER_IDS) {
    const sources = SUPPORT_CHAT_PROVIDERS[provider].sources;
    for (const directive of Object.keys(merged) as (keyof SupportChatSources)[])
      for (const source of sources[directive])
        if (!merged[directive].includes(source)) merged[directive].push(source);
  }
  return merged;
}
