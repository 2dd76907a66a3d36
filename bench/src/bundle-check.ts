/**
 * The one budget that is not a timing: the menu route's initial JS (gzip), checked on the build that
 * `npm test` makes (apps/web/dist). An import that drags a big module (say, the contract's zod schemas)
 * into the entry then fails CI, not only `npm run bench`.
 */
import { join } from 'node:path';
import { LIMITS } from './budgets.ts';
import { matchRoute, routeBundles } from './bundle.ts';
import { DEMO, ROOT } from './config.ts';

const dist = process.argv[2] ?? join(ROOT, 'apps/web/dist');
const menuPath = `/menu/${DEMO.contactAlias}/${DEMO.modeSegment}`;
const menu = matchRoute(routeBundles(dist), menuPath);
if (!menu) throw new Error(`no route of router.tsx matches ${menuPath}`);
if (menu.missing.length) throw new Error(`lazy module(s) not in the manifest: ${menu.missing.join(', ')}`);

const kb = (bytes: number) => `${(bytes / 1000).toFixed(1)} KB`;
const limit = LIMITS.menuInitialJsKB * 1000;
const line = `menu route (${menu.path}) initial JS: ${kb(menu.gzipBytes)} gzip, budget ${kb(limit)}`;
if (menu.gzipBytes > limit) {
  console.error(`FAIL ${line}, over by ${kb(menu.gzipBytes - limit)}. Largest files:`);
  for (const f of menu.files.slice(0, 5)) console.error(`  ${f.file}  ${kb(f.gzipBytes)}`);
  process.exit(1);
}
console.log(`ok ${line}`);
