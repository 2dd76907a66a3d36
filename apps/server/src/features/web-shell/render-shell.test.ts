import { describe, expect, it } from 'vitest';
import { BOOT_END, BOOT_START, escapeHtml, renderShell, type ShellPage, safeUrl } from './render-shell.ts';

const INDEX = `<!doctype html><html lang="es"><head>
<meta name="theme-color" content="#F78700" />
<meta name="description" content="Pedí online a tu local favorito." />
<title>Pedí online</title>
</head><body><div id="root">${BOOT_START}<div class="boot">grey</div>${BOOT_END}</div></body></html>`;

const page: ShellPage = {
  title: 'Pizzería Don Mateo | Pedí online',
  description: 'Masa madre',
  imageUrl: 'http://localhost:3000/demo/donmateo.svg',
  themeColor: '#C62828',
  manifestHref: '/api/diner/donmateo-palermo/manifest.webmanifest',
  scripts: ['/assets/menu-page-1.js'],
  styles: ['/assets/menu-page-1.css'],
  data: ['/api/diner/donmateo-palermo'],
  image: '/demo/donmateo-banner.svg',
  boot: {
    name: 'Pizzería Don Mateo',
    logoUrl: '/demo/donmateo.svg',
    bannerUrl: '/demo/donmateo-banner.svg',
    withCover: true,
    colors: {
      background: '#FFF8F1',
      surface: '#FFFFFF',
      text: '#1C1C1C',
      muted: '#5C4F49',
      border: '#e6e6e6',
      main: '#C62828',
    },
  },
};

describe('renderShell', () => {
  it('titles the page, announces its requests and paints the business header first', () => {
    const html = renderShell(INDEX, page);
    expect(html).toContain('<title>Pizzería Don Mateo | Pedí online</title>');
    expect(html).toContain('<meta name="theme-color" content="#C62828" />');
    expect(html).toContain('<meta name="description" content="Masa madre" />');
    expect(html).toContain('<meta property="og:image" content="http://localhost:3000/demo/donmateo.svg" />');
    expect(html).toContain('<link rel="manifest" href="/api/diner/donmateo-palermo/manifest.webmanifest" />');
    expect(html).toContain(
      '<link rel="preload" as="image" href="/demo/donmateo-banner.svg" fetchpriority="high" />',
    );
    expect(html).toContain('<link rel="modulepreload" crossorigin href="/assets/menu-page-1.js" />');
    expect(html).toContain('<link rel="preload" as="style" crossorigin href="/assets/menu-page-1.css" />');
    expect(html).toContain(
      '<link rel="preload" as="fetch" crossorigin="anonymous" href="/api/diner/donmateo-palermo" />',
    );
    expect(html).not.toContain('grey');
    expect(html).toContain('<span class="boot__name">Pizzería Don Mateo</span>');
    expect(html).toContain('<img class="boot__banner" src="/demo/donmateo-banner.svg"');
    // head tags stay in the head
    expect(html.indexOf('modulepreload')).toBeLessThan(html.indexOf('</head>'));
  });

  it("paints a screen's fixed title in place of the heading skeleton, escaped", () => {
    const html = renderShell(INDEX, {
      ...page,
      boot: { ...page.boot!, withCover: false, pageTitle: { text: 'Mi <pedido>', layout: 'cart' } },
    });
    expect(html).toContain(
      '<div class="boot__page boot__page--cart"><div class="boot__page-header"><i class="boot__back"></i><p class="boot__title">Mi &lt;pedido&gt;</p></div>',
    );
    expect(html).not.toContain('boot__line--heading');
  });

  it("paints the survey's card: logo, contact and order code where the page draws them, escaped", () => {
    const html = renderShell(INDEX, {
      ...page,
      boot: {
        ...page.boot!,
        name: 'Don <Mateo>',
        withCover: false,
        survey: { orderCode: 'DMP4KQ7X2W' },
      },
    });
    expect(html).toContain('<div class="boot boot--branded boot--survey"');
    expect(html).toContain('--boot-muted:#5C4F49');
    expect(html).toContain(
      '<div class="boot__survey-brand"><img class="boot__logo" src="/demo/donmateo.svg" alt="" width="44" height="44" /><p class="boot__survey-contact">Don &lt;Mateo&gt;</p></div>',
    );
    expect(html).toContain('<p class="boot__survey-order">Pedido #DMP4KQ7X2W</p>');
    // no header bar nor banner: the survey page has none
    expect(html).not.toContain('boot__bar');
    expect(html).not.toContain('boot__banner');
  });

  it('escapes business texts and drops URLs that are not ours or http(s)', () => {
    const html = renderShell(INDEX, {
      ...page,
      title: '</title><script>alert(1)</script>',
      description: '"><img src=x onerror=alert(1)>',
      imageUrl: 'javascript:alert(1)',
      themeColor: 'red;background:url(x)',
      image: '//evil.example/banner.png',
      boot: {
        ...page.boot!,
        name: '<b>Bar</b>',
        logoUrl: 'javascript:alert(1)',
        bannerUrl: 'data:image/svg+xml,<svg onload=alert(1)>',
        colors: { ...page.boot!.colors, main: 'red;position:fixed' },
      },
    });
    expect(html).not.toContain('<script>alert');
    expect(html).not.toContain('<img src=x');
    expect(html).not.toContain('javascript:');
    expect(html).not.toContain('evil.example');
    expect(html).not.toContain('data:image');
    expect(html).not.toContain('position:fixed');
    expect(html).toContain('&lt;/title&gt;&lt;script&gt;');
    expect(html).toContain('<span class="boot__name">&lt;b&gt;Bar&lt;/b&gt;</span>');
    expect(html).toContain('<meta name="theme-color" content="#F78700" />');
    expect(html).toContain('--boot-main:#f78700');
  });

  it('keeps the generic boot when the page has none, or when the markers are missing', () => {
    const { boot: _boot, ...withoutBoot } = page;
    expect(renderShell(INDEX, withoutBoot)).toContain('<div class="boot">grey</div>');
    const unmarked = INDEX.replace(BOOT_START, '').replace(BOOT_END, '');
    expect(renderShell(unmarked, page)).toContain('<div class="boot">grey</div>');
  });

  it('paints a plain cover in the main colour when the branch shows no banner', () => {
    const html = renderShell(INDEX, { ...page, boot: { ...page.boot!, bannerUrl: null } });
    expect(html).toContain('<div class="boot__cover"></div>');
    expect(html).not.toContain('boot__banner');
  });
});

describe('safeUrl and escapeHtml', () => {
  it('accepts root-relative and http(s) URLs only', () => {
    expect(safeUrl('/demo/a.svg')).toBe('/demo/a.svg');
    expect(safeUrl('https://cdn.example/a.png')).toBe('https://cdn.example/a.png');
    expect(safeUrl('//cdn.example/a.png')).toBeNull();
    expect(safeUrl('javascript:alert(1)')).toBeNull();
    expect(safeUrl('')).toBeNull();
    expect(safeUrl(null)).toBeNull();
  });

  it('escapes the five HTML-significant characters', () => {
    expect(escapeHtml(`<a href="x" title='y'>&</a>`)).toBe(
      '&lt;a href=&quot;x&quot; title=&#39;y&#39;&gt;&amp;&lt;/a&gt;',
    );
  });
});
