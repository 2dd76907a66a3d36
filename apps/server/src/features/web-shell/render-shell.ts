/**
 * The built index.html, dressed for one storefront page before any JS runs: the business's title,
 * link-preview tags and theme colour, early requests for what the page will certainly load (route
 * code, its data, the banner), and a first paint with the real header and banner instead of grey
 * blocks. React replaces the boot markup when it renders; nothing here is needed for correctness.
 */

export const BOOT_START = '<!--boot:start-->';
export const BOOT_END = '<!--boot:end-->';

export interface ShellBoot {
  name: string;
  logoUrl: string | null;
  /** The banner, or null to paint the plain cover in the main colour. */
  bannerUrl: string | null;
  /** Present on menu pages only: the cover under the header bar. */
  withCover: boolean;
  /**
   * The screen's own fixed title ('Mi pedido', 'Confirmación del pedido'), drawn where and as the
   * screen draws it (same box, font and wrapping), so the diner reads where she is before any JS.
   */
  pageTitle?: { text: string; layout: 'cart' | 'checkout' } | null | undefined;
  /**
   * The survey page's card instead of the header bar: the logo, the name (the contact's) and the
   * order's code where the page draws them (its title depends on whether the order was rated: a grey
   * line).
   */
  survey?: { orderCode: string } | undefined;
  colors: {
    background: string;
    surface: string;
    text: string;
    /** Secondary text (the survey's contact name and order code). */
    muted: string;
    border: string;
    main: string;
  };
}

export interface ShellPage {
  title: string;
  description?: string | undefined;
  /** Link previews (WhatsApp, social networks): the logo or banner, as an absolute URL. */
  imageUrl?: string | null | undefined;
  themeColor?: string | undefined;
  manifestHref?: string | undefined;
  /** Module scripts and stylesheets of the route's lazy chunk (the entry's are already in the HTML). */
  scripts: string[];
  styles: string[];
  /** API answers the page requests at start, fetched in parallel with the code. */
  data: string[];
  /** The largest image of the first screen. */
  image?: string | null | undefined;
  boot?: ShellBoot | undefined;
}

const HTML_ESCAPES: Record<string, string> = {
  '&': '&amp;',
  '<': '&lt;',
  '>': '&gt;',
  '"': '&quot;',
  "'": '&#39;',
};

export function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (char) => HTML_ESCAPES[char] ?? char);
}

/** Only our own root-relative paths and http(s) URLs end up in src/href attributes. */
export function safeUrl(url: string | null | undefined): string | null {
  if (!url) return null;
  const trimmed = url.trim();
  if (/^\/(?!\/)/.test(trimmed) || /^https?:\/\//i.test(trimmed)) return trimmed;
  return null;
}

const HEX = /^#[0-9a-f]{3,8}$/i;
const safeColor = (color: string, fallback: string) => (HEX.test(color) ? color : fallback);

function headTags(page: ShellPage): string {
  const tags: string[] = [];
  const title = escapeHtml(page.title);
  tags.push(
    `<meta property="og:title" content="${title}" />`,
    '<meta property="og:type" content="website" />',
  );
  if (page.description) {
    tags.push(`<meta property="og:description" content="${escapeHtml(page.description)}" />`);
  }
  const preview = safeUrl(page.imageUrl);
  if (preview) tags.push(`<meta property="og:image" content="${escapeHtml(preview)}" />`);
  if (page.manifestHref) tags.push(`<link rel="manifest" href="${escapeHtml(page.manifestHref)}" />`);
  const image = safeUrl(page.image);
  if (image) tags.push(`<link rel="preload" as="image" href="${escapeHtml(image)}" fetchpriority="high" />`);
  // crossorigin: the same request mode as the fetch() and dynamic import() that will use them.
  // The route's stylesheets are fetched now but do not hold the boot's paint (its styles are inline in
  // index.html): the route's dynamic import applies them (Vite's preload helper adds the stylesheet
  // link and waits for it) before React draws the screen that needs them.
  for (const href of page.styles)
    tags.push(`<link rel="preload" as="style" crossorigin href="${escapeHtml(href)}" />`);
  for (const href of page.scripts)
    tags.push(`<link rel="modulepreload" crossorigin href="${escapeHtml(href)}" />`);
  for (const href of page.data) {
    tags.push(`<link rel="preload" as="fetch" crossorigin="anonymous" href="${escapeHtml(href)}" />`);
  }
  return tags.join('\n    ');
}

function bootMarkup(boot: ShellBoot): string {
  const c = boot.colors;
  const style = [
    `--boot-bg:${safeColor(c.background, '#f5f5f5')}`,
    `--boot-surface:${safeColor(c.surface, '#ffffff')}`,
    `--boot-text:${safeColor(c.text, '#1c1c1c')}`,
    `--boot-muted:${safeColor(c.muted, '#6b6b6b')}`,
    `--boot-border:${safeColor(c.border, '#e6e6e6')}`,
    `--boot-main:${safeColor(c.main, '#f78700')}`,
  ].join(';');
  const logo = safeUrl(boot.logoUrl);
  const banner = safeUrl(boot.bannerUrl);
  const logoTag = (size: number) =>
    logo
      ? `<img class="boot__logo" src="${escapeHtml(logo)}" alt="" width="${size}" height="${size}" />`
      : '<i class="boot__logo"></i>';
  if (boot.survey) {
    return [
      `<div class="boot boot--branded boot--survey" aria-hidden="true" style="${style}">`,
      '<div class="boot__survey"><div class="boot__survey-header">',
      `<div class="boot__survey-brand">${logoTag(44)}`,
      `<p class="boot__survey-contact">${escapeHtml(boot.name)}</p></div>`,
      '<i class="boot__survey-title"></i>',
      `<p class="boot__survey-order">Pedido #${escapeHtml(boot.survey.orderCode)}</p></div>`,
      '<i class="boot__survey-line"></i><i class="boot__survey-line boot__survey-line--short"></i>',
      '</div></div>',
    ].join('');
  }
  const cover = !boot.withCover
    ? ''
    : banner
      ? `<div class="boot__cover boot__cover--image"><img class="boot__banner" src="${escapeHtml(banner)}" alt="" fetchpriority="high" /></div>`
      : '<div class="boot__cover"></div>';
  const title = boot.pageTitle;
  const body = title
    ? `<div class="boot__page boot__page--${title.layout}"><div class="boot__page-header"><i class="boot__back"></i><p class="boot__title">${escapeHtml(title.text)}</p></div>`
    : '<div class="boot__body"><i class="boot__line boot__line--heading"></i>';
  return [
    `<div class="boot boot--branded" aria-hidden="true" style="${style}">`,
    `<div class="boot__bar">${logoTag(36)}<span class="boot__name">${escapeHtml(boot.name)}</span></div>`,
    cover,
    body,
    '<i class="boot__card"></i><i class="boot__card"></i><i class="boot__card"></i></div>',
    '</div>',
  ].join('');
}

/** index.html with the page's title, head tags and boot markup. */
export function renderShell(indexHtml: string, page: ShellPage): string {
  let html = indexHtml.replace(/<title>[^<]*<\/title>/, `<title>${escapeHtml(page.title)}</title>`);
  if (page.description) {
    html = html.replace(
      /<meta name="description" content="[^"]*"\s*\/?>/,
      `<meta name="description" content="${escapeHtml(page.description)}" />`,
    );
  }
  if (page.themeColor && HEX.test(page.themeColor)) {
    html = html.replace(
      /<meta name="theme-color" content="[^"]*"\s*\/?>/,
      `<meta name="theme-color" content="${page.themeColor}" />`,
    );
  }
  html = html.replace('</head>', `  ${headTags(page)}\n  </head>`);
  const start = html.indexOf(BOOT_START);
  const end = html.indexOf(BOOT_END);
  if (page.boot && start !== -1 && end > start) {
    html = html.slice(0, start + BOOT_START.length) + bootMarkup(page.boot) + html.slice(end);
  }
  return html;
}
