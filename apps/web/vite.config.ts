import { readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import react from '@vitejs/plugin-react';
import { defineConfig, type Plugin } from 'vite';

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
  plugins: [react(), precompress()],
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
              test: (id) =>
                /node_modules[\\/](react|react-dom|scheduler|@tanstack)[\\/]/.test(id) &&
                !/(infiniteQueryObserver|useInfiniteQuery|mutationObserver|useMutation)\.js$/.test(id),
            },
          ],
        },
      },
    },
  },
  server: { proxy: { '/api': 'http://localhost:3000', '/files': 'http://localhost:3000' } },
}));
