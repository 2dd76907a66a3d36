import { readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import react from '@vitejs/plugin-react';
import { defineConfig, type HtmlTagDescriptor, type Plugin } from 'vite';

const COMPRESSIBLE = /\.(js|css|html|svg|json|txt)$/;

/** Writes .gz and .br next to each text asset: the server serves them pre-compressed. */
function precompress(): Plugin {
  let outDir = 'dist';
  return {
    name: 'comanda-precompress',
    apply: 'build',
    configResolved(config) {
      outDir = config.build.outDir;
    },
    closeBundle() {
      const walk = (dir: string): string[] =>
        readdirSync(dir).flatMap((name) => {
          const path = join(dir, name);
          return statSync(path).isDirectory() ? walk(path) : [path];
        });
      for (const file of walk(outDir)) {
        if (!COMPRESSIBLE.test(file)) continue;
        const source = readFileSync(file);
        if (source.length < 1024) continue;
        writeFileSync(`${file}.gz`, gzipSync(source, { level: 9 }));
        writeFileSync(
          `${file}.br`,
          brotliCompressSync(source, { params: { [constants.BROTLI_PARAM_QUALITY]: 11 } }),
        );
      }
    },
  };
}

/**
 * The entry (src/main.tsx) starts the app (src/app/start.tsx) with a dynamic import once the boot
 * markup is painted; index.html asks for the app's files at once all the same, as it would for a
 * static import: its scripts as module preloads, its stylesheets as preloads (the import applies them).
 */
function preloadApp(): Plugin {
  return {
    name: 'comanda-preload-app',
    apply: 'build',
    transformIndexHtml: {
      order: 'post',
      handler(_html, context) {
        const { bundle, chunk: entry } = context;
        if (!bundle || !entry) return [];
        const scripts = new Set<string>();
        const styles = new Set<string>();
        const visit = (file: string) => {
          const chunk = bundle[file];
          // the entry's own imports are in index.html already
          if (chunk?.type !== 'chunk' || scripts.has(file) || entry.imports.includes(file)) return;
          scripts.add(file);
          for (const next of chunk.imports) visit(next);
          for (const css of chunk.viteMetadata?.importedCss ?? []) styles.add(css);
        };
        for (const file of entry.dynamicImports) visit(file);
        const tag = (attrs: HtmlTagDescriptor['attrs']): HtmlTagDescriptor => ({
          tag: 'link',
          attrs,
          injectTo: 'head',
        });
        return [
          ...[...styles].map((href) =>
            tag({ rel: 'preload', as: 'style', crossorigin: true, href: `/${href}` }),
          ),
          ...[...scripts].map((href) => tag({ rel: 'modulepreload', crossorigin: true, href: `/${href}` })),
        ];
      },
    },
  };
}

/**
 * React Router 7 exports only its development build (remix-run/react-router#12532, #14753): a
 * production bundle then carries its dev warnings and checks, some 10 KB gzip on every page. The
 * build points at the production files the package ships beside them.
 */
function reactRouterProduction(): Record<string, string> {
  const require = createRequire(import.meta.url);
  const root = dirname(require.resolve('react-router/package.json'));
  return { 'react-router': join(root, 'dist/production/index.mjs') };
}

export default defineConfig(({ command }) => ({
  plugins: [react(), preloadApp(), precompress()],
  resolve: command === 'build' ? { alias: reactRouterProduction() } : {},
  build: {
    manifest: true,
    target: 'es2022',
    sourcemap: false,
    // every browser the diners use preloads modules itself (Chrome 66, Safari 17); an older one just
    // loads them without the hint. The polyfill cost every page 0.3 KB gzip.
    modulePreload: { polyfill: false },
    // React and TanStack Query in one file: left to itself Rolldown splits them into five (react,
    // jsx-runtime, useBaseQuery, queryOptions, infiniteQueryOptions, some under 1 KB), and every page
    // paid a request for each (Lighthouse on the cart: 94-95 with 23 JS files, 95-96 with 19). The
    // observers of infinite lists and mutations stay out: only a few screens use them (0.6 KB gzip).
    rolldownOptions: {
      output: {
        codeSplitting: {
          groups: [
            {
              name: 'vendor',
              priority: 2,
              test: (id) =>
                /node_modules[\\/](react|react-dom|scheduler|@tanstack)[\\/]/.test(id) &&
                !/(infiniteQueryObserver|useInfiniteQuery|mutationObserver|useMutation)\.js$/.test(id),
            },
            // the app the entry starts (src/app/start.tsx) and everything it imports, in one file as
            // when it was the entry: left to itself Rolldown would split the modules it shares with
            // the screens (router, cart, icons…) into several small files every page waits for
            { name: 'start', priority: 1, test: /src[\\/]app[\\/]start\.tsx$/ },
            // …but Vite's helper for dynamic imports stays out of it: the entry needs it to start the app
            { name: 'preload-helper', priority: 3, test: /vite[\\/]preload-helper/ },
          ],
        },
      },
    },
  },
  server: { proxy: { '/api': 'http://localhost:3000', '/files': 'http://localhost:3000' } },
}));
