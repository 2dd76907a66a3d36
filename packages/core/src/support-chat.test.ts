import { describe, expect, it } from 'vitest';
import {
  orderQueryText,
  SUPPORT_CHAT_OPEN_RETRIES,
  SUPPORT_CHAT_PROVIDER_IDS,
  SUPPORT_CHAT_RETRY_INTERVAL_MS,
} from './support-chat.ts';
import {
  normalizeSupportChatId,
  SUPPORT_CHAT_PROVIDERS,
  supportChatOf,
  supportChatScriptUrl,
  supportChatSources,
} from './support-chat-providers.ts';

const CRISP_ID = '1c0e2f5a-7b3d-4c8e-9f10-2a3b4c5d6e7f';
const TAWK_PROPERTY = '5bc5c42d61d0b77092515e90';

describe('the support chat’s providers', () => {
  it('are Crisp and Tawk.to, opened with 10 retries 200 ms apart (storefront.md section 9)', () => {
    expect(SUPPORT_CHAT_PROVIDER_IDS).toEqual(['CRISP', 'TAWK']);
    expect(SUPPORT_CHAT_PROVIDERS.CRISP.name).toBe('Crisp');
    expect(SUPPORT_CHAT_PROVIDERS.TAWK.name).toBe('Tawk.to');
    expect(SUPPORT_CHAT_OPEN_RETRIES).toBe(10);
    expect(SUPPORT_CHAT_RETRY_INTERVAL_MS).toBe(200);
  });

  it.each([
    [CRISP_ID, CRISP_ID],
    [CRISP_ID.toUpperCase(), CRISP_ID],
    [`  ${CRISP_ID} `, CRISP_ID],
    // the installation snippet, pasted whole
    [
      `<script type="text/javascript">window.$crisp=[];window.CRISP_WEBSITE_ID="${CRISP_ID}";(function(){d=document;s=d.createElement("script");s.src="https://client.crisp.chat/l.js";s.async=1;d.getElementsByTagName("head")[0].appendChild(s);})();</script>`,
      CRISP_ID,
    ],
    // the dashboard's address
    [`https://app.crisp.chat/website/${CRISP_ID}/inbox/`, CRISP_ID],
    ['', undefined],
    ['mi-sitio', undefined],
    ['1c0e2f5a-7b3d-4c8e-9f10', undefined],
    [`${'x'.repeat(2000)}${CRISP_ID}`, undefined],
  ])('Crisp takes %j as %j', (input, id) => {
    expect(normalizeSupportChatId('CRISP', input)).toBe(id);
  });

  it.each([
    [TAWK_PROPERTY, `${TAWK_PROPERTY}/default`],
    [`${TAWK_PROPERTY}/1h2k3m4n5`, `${TAWK_PROPERTY}/1h2k3m4n5`],
    [`https://tawk.to/chat/${TAWK_PROPERTY}/1h2k3m4n5`, `${TAWK_PROPERTY}/1h2k3m4n5`],
    [`https://tawk.to/chat/${TAWK_PROPERTY.toUpperCase()}/default`, `${TAWK_PROPERTY}/default`],
    [`https://embed.tawk.to/${TAWK_PROPERTY}/default`, `${TAWK_PROPERTY}/default`],
    // the widget code, pasted whole
    [
      `<!--Start of Tawk.to Script--><script type="text/javascript">var Tawk_API=Tawk_API||{}, Tawk_LoadStart=new Date();(function(){var s1=document.createElement("script"),s0=document.getElementsByTagName("script")[0];s1.async=true;s1.src='https://embed.tawk.to/${TAWK_PROPERTY}/1h2k3m4n5';s1.charset='UTF-8';s1.setAttribute('crossorigin','*');s0.parentNode.insertBefore(s1,s0);})();</script>`,
      `${TAWK_PROPERTY}/1h2k3m4n5`,
    ],
    ['', undefined],
    ['https://tawk.to/chat/', undefined],
    [`${TAWK_PROPERTY}0`, undefined],
    [`https://evil.example.com/?${TAWK_PROPERTY}`, undefined],
    // only the id is kept, never what surrounds it
    [`${TAWK_PROPERTY}/default"><script>`, `${TAWK_PROPERTY}/default`],
  ])('Tawk.to takes %j as %j', (input, id) => {
    expect(normalizeSupportChatId('TAWK', input)).toBe(id);
  });

  it('builds the one script each provider loads', () => {
    expect(supportChatScriptUrl({ provider: 'CRISP', siteId: CRISP_ID })).toBe(
      'https://client.crisp.chat/l.js',
    );
    expect(supportChatScriptUrl({ provider: 'TAWK', siteId: `${TAWK_PROPERTY}/1h2k3m4n5` })).toBe(
      `https://embed.tawk.to/${TAWK_PROPERTY}/1h2k3m4n5`,
    );
  });

  it('reads a stored chat only when it is whole and kept in its normal form; none by default', () => {
    expect(supportChatOf(undefined)).toBeNull();
    expect(supportChatOf(null)).toBeNull();
    expect(supportChatOf({})).toBeNull();
    expect(supportChatOf({ provider: 'CRISP', siteId: CRISP_ID })).toEqual({
      provider: 'CRISP',
      siteId: CRISP_ID,
    });
    expect(supportChatOf({ provider: 'TAWK', siteId: `${TAWK_PROPERTY}/default` })).toEqual({
      provider: 'TAWK',
      siteId: `${TAWK_PROPERTY}/default`,
    });
    expect(supportChatOf({ provider: 'ZENDESK', siteId: CRISP_ID })).toBeNull();
    expect(supportChatOf({ provider: 'CRISP', siteId: CRISP_ID.toUpperCase() })).toBeNull();
    expect(supportChatOf({ provider: 'TAWK', siteId: TAWK_PROPERTY })).toBeNull();
    expect(supportChatOf({ provider: 'CRISP' })).toBeNull();
  });

  it('lets the pages’ CSP allow each provider’s origins, each once, and nothing broader than a provider’s own domain', () => {
    const sources = supportChatSources();
    expect(sources.script).toEqual(['https://client.crisp.chat', 'https://*.tawk.to']);
    expect(sources.connect).toEqual(
      expect.arrayContaining(['wss://client.relay.crisp.chat', 'wss://*.tawk.to']),
    );
    for (const list of Object.values(sources)) {
      expect(new Set(list).size).toBe(list.length);
      for (const source of list) expect(source).not.toMatch(/^(?:https?:|wss?:|\*)$/);
    }
    // every script a provider loads is allowed by the policy
    for (const provider of SUPPORT_CHAT_PROVIDER_IDS) {
      const url = supportChatScriptUrl({
        provider,
        siteId: provider === 'CRISP' ? CRISP_ID : `${TAWK_PROPERTY}/default`,
      });
      const origin = /^https:\/\/([^/]+)\//.exec(url)?.[1] ?? '';
      expect(
        sources.script.some((source) => {
          const host = source.replace(/^https:\/\//, '');
          return host.startsWith('*.') ? origin.endsWith(host.slice(1)) : origin === host;
        }),
      ).toBe(true);
    }
  });

  it('asks about the order in the follow-up’s own words', () => {
    expect(orderQueryText('DMP8QN5T4R')).toBe('Hola, tengo una consulta sobre mi pedido #DMP8QN5T4R');
  });
});
