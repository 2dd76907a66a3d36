/**
 * The one budget that is not a timing: the initial JS (gzip) of every diner page (DESIGN.md's 150 KB
 * for the menu, issue 16's for the cart, checkout, follow-up, tracking, guide and survey too, lowered
 * to 130 KB by issue 29 for a margin), checked on the build that `npm test` makes (apps/web/dist). An import that drags a big module (say, the
 * contract's zod schemas or the phone metadata) into a page's first load then fails CI, not only
 * `npm run bench`. `node … bundle-check.ts [dist]` checks another build.
 */
import { join } from 'node:path';
import { LIMITS } from './budgets.ts';
import { appFilesNotPreloaded, matchRoute, routeBundles } from './bundle.ts';
import { ROOT } from './config.ts';
import { dinerPages } from './diner-pages.ts';

const dist = process.argv[2] ?? join(ROOT, 'apps/web/dist');
const routes = routeBundles(dist);
const kb = (bytes: number) => `${(bytes / 1000).toFixed(1)} KB`;
const limit = LIMITS.targetPageInitialJsKB * 1000;
let failed = 0;

for (const page of dinerPages()) {
  if (!page.path) throw new Error(`no demo order in the seed data for the ${page.key} page`);
  const route = matchRoute(routes, page.path);
  if (!route) throw new Error(`no route of router.tsx matches ${page.path}`);
  if (route.missing.length)
    throw new Error(`lazy module(s) not in the manifest: ${route.missing.join(', ')}`);
  const line = `${page.key} route (${route.path}) initial JS: ${kb(route.gzipBytes)} gzip, budget ${kb(limit)}`;
  if (route.gzipBytes <= limit) {
    console.log(`ok   ${line}`);
    continue;
  }
  failed++;
  console.error(`FAIL ${line}, over by ${kb(route.gzipBytes - limit)}. Largest files:`);
  for (const f of route.files.slice(0, 5)) console.error(`       ${f.file}  ${kb(f.gzipBytes)}`);
}
// the entry starts the app after the boot's paint: index.html must have asked for its files already
const notPreloaded = appFilesNotPreloaded(dist);
if (notPreloaded.length) {
  failed++;
  console.error(
    `FAIL index.html does not preload the app's ${notPreloaded.join(', ')} (apps/web/vite.config.ts, preloadApp)`,
  );
} else console.log('ok   index.html preloads every file of the app its entry starts');
if (failed) process.exit(1);
