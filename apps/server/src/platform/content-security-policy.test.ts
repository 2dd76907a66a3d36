import { describe, expect, it } from 'vitest';
import {
  SUPPORT_CHAT_SOURCES as CHAT,
  contentSecurityPolicy,
  isCspSource,
  MERCADO_PAGO_CARD_SOURCES as MP,
  tileOrigin,
} from './content-security-policy.ts';

const directive = (policy: string, name: string) =>
  policy
    .split('; ')
    .find((d) => d.startsWith(`${name} `))
    ?.split(' ')
    .slice(1);

describe('the pages’ Content-Security-Policy', () => {
  it('runs scripts from the app, Mercado Pago’s card form and the marketing tags’ hosts only, never inline or evaluated', () => {
    const policy = contentSecurityPolicy({ marketingTags: true, supportChat: false });
    expect(directive(policy, 'script-src')).toEqual([
      "'self'",
      'https://sdk.mercadopago.com',
      'https://http2.mlstatic.com',
      'https://connect.facebook.net',
      'https://*.googletagmanager.com',
    ]);
    expect(policy).not.toContain("'unsafe-eval'");
    expect(directive(policy, 'script-src')).not.toContain("'unsafe-inline'");
    expect(directive(policy, 'object-src')).toEqual(["'none'"]);
    expect(directive(policy, 'frame-ancestors')).toEqual(["'self'"]);
    expect(directive(policy, 'img-src')).toEqual(
      expect.arrayContaining([
        "'self'",
        'data:',
        'https://tile.openstreetmap.org',
        'https://www.facebook.com',
      ]),
    );
  });

  it('leaves the tags out when told, and takes the configured tiles and extra sources', () => {
    const policy = contentSecurityPolicy({
      marketingTags: false,
      supportChat: false,
      mapTileUrl: 'https://{s}.tiles.example.org/{z}/{x}/{y}.png',
      imgSources: ['https://cdn.example.com', "'unsafe-inline'"],
      scriptSources: ['https://widget.example.com'],
    });
    expect(directive(policy, 'script-src')).toEqual(["'self'", ...MP.script, 'https://widget.example.com']);
    expect(directive(policy, 'connect-src')).toEqual(["'self'", ...MP.connect, 'https://widget.example.com']);
    expect(directive(policy, 'img-src')).toEqual([
      "'self'",
      'data:',
      'blob:',
      'https://*.tiles.example.org',
      ...MP.img,
      'https://cdn.example.com',
    ]);
  });

  it('lets Mercado Pago’s card form frame its inputs and make its token, and nothing else of it', () => {
    const policy = contentSecurityPolicy({ marketingTags: false, supportChat: false });
    expect(directive(policy, 'frame-src')).toEqual(["'self'", ...MP.frame]);
    expect(directive(policy, 'connect-src')).toContain('https://api.mercadopago.com');
    // card data is typed in Mercado Pago's frames: our forms still post only to ourselves
    expect(directive(policy, 'form-action')).toEqual(["'self'"]);
  });

  it('lets the support chats’ providers (Crisp, Tawk.to) load their widget, and only their own origins', () => {
    const policy = contentSecurityPolicy({ marketingTags: false, supportChat: true });
    expect(directive(policy, 'script-src')).toEqual([
      "'self'",
      ...MP.script,
      'https://client.crisp.chat',
      'https://*.tawk.to',
    ]);
    expect(directive(policy, 'connect-src')).toEqual([
      "'self'",
      ...MP.connect,
      'https://client.crisp.chat',
      'https://storage.crisp.chat',
      'wss://client.relay.crisp.chat',
      'wss://stream.relay.crisp.chat',
      'https://*.tawk.to',
      'wss://*.tawk.to',
    ]);
    expect(directive(policy, 'frame-src')).toEqual(["'self'", ...MP.frame, ...CHAT.frame]);
    expect(directive(policy, 'style-src')).toEqual(["'self'", "'unsafe-inline'", ...CHAT.style]);
    expect(directive(policy, 'font-src')).toEqual(["'self'", 'data:', ...MP.font, ...CHAT.font]);
    expect(directive(policy, 'img-src')).toEqual(expect.arrayContaining([...CHAT.img]));
    expect(directive(policy, 'media-src')).toEqual(["'self'", ...CHAT.media]);
    expect(directive(policy, 'worker-src')).toEqual(["'self'", 'blob:']);
    // a public script CDN would let any package on it run
    expect(directive(policy, 'script-src')).not.toContain('https://cdn.jsdelivr.net');
    for (const source of Object.values(CHAT).flat()) expect(isCspSource(source)).toBe(true);

    const without = contentSecurityPolicy({ marketingTags: false, supportChat: false });
    expect(without).not.toMatch(/crisp|tawk/);
    expect(directive(without, 'worker-src')).toEqual(["'self'"]);
    expect(directive(without, 'media-src')).toEqual(["'self'"]);
  });

  it.each([
    ['https://tile.openstreetmap.org/{z}/{x}/{y}.png', 'https://tile.openstreetmap.org'],
    ['https://{s}.tile.openstreetmap.org/{z}/{x}/{y}.png', 'https://*.tile.openstreetmap.org'],
    ['http://localhost:8080/tiles/{z}/{x}/{y}.png', 'http://localhost:8080'],
    ['https://tiles-{s}.example.org/{z}/{x}/{y}.png', null],
    ['/tiles/{z}/{x}/{y}.png', null],
  ])('takes %s as %s', (template, origin) => {
    expect(tileOrigin(template)).toBe(origin);
  });

  it('accepts origins and schemes as sources, nothing that could end a directive', () => {
    expect(
      ['https:', 'https://a.example.com', 'https://*.example.com:8443/path', 'wss://*.tawk.to'].every(
        isCspSource,
      ),
    ).toBe(true);
    expect(["'unsafe-inline'", 'https://a.com; script-src *', '*', 'javascript:'].some(isCspSource)).toBe(
      false,
    );
  });
});
