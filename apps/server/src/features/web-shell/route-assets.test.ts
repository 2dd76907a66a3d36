import { describe, expect, it } from 'vitest';
import { routeAssets, type ViteManifest } from './route-assets.ts';

const manifest: ViteManifest = {
  'index.html': {
    file: 'assets/index-1.js',
    isEntry: true,
    imports: ['_react.js'],
    css: ['assets/index-1.css'],
  },
  '_react.js': { file: 'assets/react-1.js' },
  '_shared.js': { file: 'assets/shared-1.js', imports: ['_react.js'], css: ['assets/shared-1.css'] },
  'src/features/menu/menu-page.tsx': {
    file: 'assets/menu-page-1.js',
    imports: ['index.html', '_shared.js', '_react.js'],
    css: ['assets/menu-page-1.css'],
  },
};

describe('routeAssets', () => {
  it('lists the route chunk and its static imports, without what the entry already loads', () => {
    expect(routeAssets(manifest, 'src/features/menu/menu-page.tsx')).toEqual({
      scripts: ['/assets/shared-1.js', '/assets/menu-page-1.js'],
      styles: ['/assets/shared-1.css', '/assets/menu-page-1.css'],
    });
  });

  it('puts the stylesheets of what a page imports before its own, as Vite inserts them', () => {
    // the checkout imports the cart page's module and restyles its shared class for desktops
    const pages: ViteManifest = {
      ...manifest,
      'src/features/cart/cart-page.tsx': {
        file: 'assets/cart-page-1.js',
        imports: ['_shared.js'],
        css: ['assets/cart-page-1.css'],
      },
      'src/features/checkout/checkout-page.tsx': {
        file: 'assets/checkout-page-1.js',
        imports: ['src/features/cart/cart-page.tsx', '_react.js'],
        css: ['assets/checkout-page-1.css'],
      },
    };
    expect(routeAssets(pages, 'src/features/checkout/checkout-page.tsx').styles).toEqual([
      '/assets/shared-1.css',
      '/assets/cart-page-1.css',
      '/assets/checkout-page-1.css',
    ]);
  });

  it('leaves out the app the entry starts once the boot is painted, which index.html preloads too', () => {
    const started: ViteManifest = {
      'index.html': {
        file: 'assets/index-2.js',
        isEntry: true,
        imports: ['_helper.js'],
        dynamicImports: ['_start.js'],
      },
      '_helper.js': { file: 'assets/preload-helper-2.js' },
      '_start.js': {
        file: 'assets/start-2.js',
        imports: ['_react.js', '_helper.js'],
        css: ['assets/start-2.css'],
      },
      '_react.js': { file: 'assets/react-2.js' },
      'src/features/cart/cart-page.tsx': {
        file: 'assets/cart-page-2.js',
        imports: ['_start.js', '_react.js'],
        css: ['assets/cart-page-2.css'],
      },
    };
    expect(routeAssets(started, 'src/features/cart/cart-page.tsx')).toEqual({
      scripts: ['/assets/cart-page-2.js'],
      styles: ['/assets/cart-page-2.css'],
    });
  });

  it('is empty for a module the build does not have', () => {
    expect(routeAssets(manifest, 'src/features/nope.tsx')).toEqual({ scripts: [], styles: [] });
    expect(routeAssets({}, 'src/features/menu/menu-page.tsx')).toEqual({ scripts: [], styles: [] });
  });
});
