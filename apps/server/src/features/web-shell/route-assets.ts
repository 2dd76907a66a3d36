import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';

/** One chunk of Vite's build manifest (`build.manifest: true`, `.vite/manifest.json`). */
export interface ManifestChunk {
  file: string;
  isEntry?: boolean;
  imports?: string[];
  dynamicImports?: string[];
  css?: string[];
}
export type ViteManifest = Record<string, ManifestChunk>;

export interface RouteAssets {
  scripts: string[];
  styles: string[];
}

export function readViteManifest(webDist: string): ViteManifest {
  const path = join(webDist, '.vite', 'manifest.json');
  return existsSync(path) ? (JSON.parse(readFileSync(path, 'utf8')) as ViteManifest) : {};
}

/**
 * The chunk keys reachable from `key` through static imports (`key` included), each after the chunks it imports (depth first, post-order): the
 * order Vite inserts a lazy chunk's stylesheets in, so a page's own rules come after those of the
 * modules it builds on and win at equal specificity (the checkout's two desktop columns over the
 * cart page's single one, whose class it shares).
 */
function importsFirst(manifest: ViteManifest, key: string, seen = new Set<string>(), order: string[] = []) {
  if (seen.has(key) || !manifest[key]) return order;
  seen.add(key);
  for (const next of manifest[key].imports ?? []) importsFirst(manifest, next, seen, order);
  order.push(key);
  return order;
}

/**
 * The files a lazy route module (its source path, e.g. 'src/features/menu/menu-page.tsx') loads
 * beyond what index.html already references: the entry's own imports, and the app it starts with its
 * imports and CSS, are left out.
 * Stylesheets come in the order Vite would insert them (importsFirst). Empty when the module is not
 * in the build.
 */
export function routeAssets(manifest: ViteManifest, moduleSrc: string): RouteAssets {
  if (!manifest[moduleSrc]) return { scripts: [], styles: [] };
  const entryKeys = new Set<string>();
  for (const [key, chunk] of Object.entries(manifest)) {
    if (!chunk.isEntry) continue;
    importsFirst(manifest, key, entryKeys);
    // the app the entry starts once the boot is painted (src/main.tsx): index.html preloads it too
    for (const started of chunk.dynamicImports ?? []) importsFirst(manifest, started, entryKeys);
  }
  const scripts: string[] = [];
  const styles: string[] = [];
  for (const key of importsFirst(manifest, moduleSrc)) {
    if (entryKeys.has(key)) continue;
    const chunk = manifest[key];
    if (!chunk) continue;
    scripts.push(`/${chunk.file}`);
    for (const css of chunk.css ?? []) styles.push(`/${css}`);
  }
  return { scripts, styles };
}
