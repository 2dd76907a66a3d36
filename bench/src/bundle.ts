/**
 * Initial JS of each browser route, gzip: the entry chunk, the app it starts (its dynamic import) and
 * their static imports, plus the lazy route module(s) on the way to the route and their static imports
 * (no other `dynamicImports`), read from the Vite manifest. Routes and their lazy modules come from
 * apps/web/src/router.tsx, parsed with Vite's parser (oxc).
 */
import { existsSync, readFileSync } from 'node:fs';
import { dirname, join, posix, relative } from 'node:path';
import { gzipSync } from 'node:zlib';
import { parseSync } from 'vite';
import { ROOT, WEB_DIST } from './config.ts';

const WEB_ROOT = join(ROOT, 'apps/web');
const ROUTER = join(WEB_ROOT, 'src/router.tsx');

interface ManifestChunk {
  file: string;
  src?: string;
  isEntry?: boolean;
  imports?: string[];
  dynamicImports?: string[];
  css?: string[];
}
type Manifest = Record<string, ManifestChunk>;

export interface RouteModules {
  /** Full path, e.g. `/menu/:alias/:mode`. */
  path: string;
  /** Lazy route modules (relative to apps/web) loaded on the way to this route. */
  lazy: string[];
}

export interface RouteBundle extends RouteModules {
  files: { file: string; gzipBytes: number; rawBytes: number }[];
  gzipBytes: number;
  rawBytes: number;
  /** Lazy module of the route that is missing from the manifest (stale build). */
  missing: string[];
}

// biome-ignore lint/suspicious/noExplicitAny: ESTree nodes from the oxc parser are walked generically
type Node = any;

function isNode(value: unknown): value is Node {
  return (
    typeof value === 'object' && value !== null && typeof (value as { type?: unknown }).type === 'string'
  );
}

function walk(node: Node, visit: (n: Node) => void): void {
  if (!isNode(node)) return;
  visit(node);
  for (const key of Object.keys(node)) {
    const value = node[key];
    if (Array.isArray(value)) for (const item of value) walk(item, visit);
    else if (isNode(value)) walk(value, visit);
  }
}

function importsIn(node: Node, topLevel: Map<string, Node>, seen = new Set<string>()): string[] {
  const found: string[] = [];
  walk(node, (n) => {
    if (n.type === 'ImportExpression' && n.source?.type === 'Literal') found.push(String(n.source.value));
    // a lazy property may name a top-level helper: `lazy: menuPage`
    if (n.type === 'Identifier' && topLevel.has(n.name) && !seen.has(n.name)) {
      seen.add(n.name);
      found.push(...importsIn(topLevel.get(n.name), topLevel, seen));
    }
  });
  return found;
}

function propertyOf(object: Node, name: string): Node | undefined {
  return object.properties?.find(
    (p: Node) => p.type === 'Property' && (p.key?.name === name || p.key?.value === name),
  )?.value;
}

/** Every route of router.tsx with the lazy modules loaded on the way to it. */
export function readRoutes(routerFile = ROUTER): RouteModules[] {
  const source = readFileSync(routerFile, 'utf8');
  const { program, errors } = parseSync(routerFile, source);
  if (errors.length) throw new Error(`cannot parse ${routerFile}: ${errors[0]?.message}`);
  const topLevel = new Map<string, Node>();
  for (const statement of program.body) {
    const declaration = statement.type === 'ExportNamedDeclaration' ? statement.declaration : statement;
    if (declaration?.type !== 'VariableDeclaration') continue;
    for (const d of declaration.declarations)
      if (d.id?.type === 'Identifier') topLevel.set(d.id.name, d.init);
  }
  let routesArray: Node | undefined;
  walk(program, (n) => {
    if (routesArray || n.type !== 'CallExpression') return;
    const callee = n.callee?.name;
    if (
      typeof callee === 'string' &&
      /^create\w*Router$/.test(callee) &&
      n.arguments[0]?.type === 'ArrayExpression'
    ) {
      routesArray = n.arguments[0];
    }
  });
  if (!routesArray) throw new Error(`no create…Router([...]) call (the route table) in ${routerFile}`);

  const fromRouter = (specifier: string) =>
    posix.normalize(
      relative(WEB_ROOT, join(dirname(routerFile), specifier))
        .split('\\')
        .join('/'),
    );
  const result: RouteModules[] = [];
  const visit = (routes: Node, parentPath: string, parentLazy: string[]) => {
    for (const route of routes.elements ?? []) {
      if (route?.type !== 'ObjectExpression') continue;
      const pathNode = propertyOf(route, 'path');
      const segment = pathNode?.type === 'Literal' ? String(pathNode.value) : '';
      const path = segment.startsWith('/')
        ? segment
        : segment
          ? `${parentPath.replace(/\/$/, '')}/${segment}`
          : parentPath || '/';
      const lazyNode = propertyOf(route, 'lazy');
      const lazy = [...parentLazy, ...(lazyNode ? importsIn(lazyNode, topLevel).map(fromRouter) : [])];
      const children = propertyOf(route, 'children');
      if (children?.type === 'ArrayExpression') visit(children, path, lazy);
      const isLeaf = pathNode || propertyOf(route, 'index');
      if (isLeaf && !(children?.type === 'ArrayExpression' && !lazyNode && !propertyOf(route, 'Component'))) {
        if (!result.some((r) => r.path === path)) result.push({ path, lazy: [...new Set(lazy)] });
      }
    }
  };
  visit(routesArray, '', []);
  return result;
}

export function readManifest(dist = WEB_DIST): Manifest {
  const file = join(dist, '.vite/manifest.json');
  if (!existsSync(file)) throw new Error(`${file} not found: build the web app with "npm run build"`);
  return JSON.parse(readFileSync(file, 'utf8')) as Manifest;
}

function staticClosure(manifest: Manifest, keys: string[]): Set<string> {
  const out = new Set<string>();
  const stack = [...keys];
  while (stack.length) {
    const key = stack.pop() as string;
    if (out.has(key)) continue;
    const chunk = manifest[key];
    if (!chunk) continue;
    out.add(key);
    stack.push(...(chunk.imports ?? []));
  }
  return out;
}

/**
 * The files of the app the entry starts (its dynamic import, apps/web/src/main.tsx) that index.html
 * does not preload: the app then downloads only after the boot's paint. Empty when all are there.
 */
export function appFilesNotPreloaded(dist = WEB_DIST): string[] {
  const manifest = readManifest(dist);
  const html = readFileSync(join(dist, 'index.html'), 'utf8');
  const started = Object.values(manifest).flatMap((chunk) =>
    chunk.isEntry ? (chunk.dynamicImports ?? []) : [],
  );
  const files = [...staticClosure(manifest, started)].flatMap((key) => {
    const chunk = manifest[key];
    return chunk ? [chunk.file, ...(chunk.css ?? [])] : [];
  });
  return files.filter((file) => !html.includes(`href="/${file}"`));
}

const gzipCache = new Map<string, { gzipBytes: number; rawBytes: number }>();
function sizes(dist: string, file: string) {
  let s = gzipCache.get(file);
  if (!s) {
    const raw = readFileSync(join(dist, file));
    // level 9, like the .gz files the server sends (apps/web/vite.config.ts)
    s = { rawBytes: raw.length, gzipBytes: gzipSync(raw, { level: 9 }).length };
    gzipCache.set(file, s);
  }
  return s;
}

export function routeBundles(dist = WEB_DIST, routerFile = ROUTER): RouteBundle[] {
  const manifest = readManifest(dist);
  const entryKeys = Object.keys(manifest).filter((k) => manifest[k]?.isEntry);
  if (!entryKeys.length) throw new Error('the Vite manifest has no entry chunk');
  // the entry starts the app with a dynamic import once the boot is painted (apps/web/src/main.tsx):
  // every page loads it
  const entries = [...entryKeys, ...entryKeys.flatMap((k) => manifest[k]?.dynamicImports ?? [])];
  return readRoutes(routerFile).map((route) => {
    const missing = route.lazy.filter((src) => !manifest[src]);
    const keys = staticClosure(manifest, [...entries, ...route.lazy.filter((src) => manifest[src])]);
    const files = [...keys]
      .map((k) => manifest[k]?.file as string)
      .filter((f) => f.endsWith('.js'))
      .map((file) => ({ file, ...sizes(dist, file) }))
      .sort((a, b) => b.gzipBytes - a.gzipBytes);
    return {
      ...route,
      files,
      missing,
      gzipBytes: files.reduce((s, f) => s + f.gzipBytes, 0),
      rawBytes: files.reduce((s, f) => s + f.rawBytes, 0),
    };
  });
}

/** React Router-like ranking: the best route pattern for a concrete path (static > dynamic > splat). */
export function matchRoute<T extends { path: string }>(routes: T[], concrete: string): T | undefined {
  const parts = concrete.split('?')[0]?.split('/').filter(Boolean) ?? [];
  let best: { route: T; score: number } | undefined;
  for (const route of routes) {
    const pattern = route.path.split('/').filter(Boolean);
    let score = 0;
    let ok = true;
    for (let i = 0; i < pattern.length && ok; i++) {
      const seg = pattern[i] as string;
      if (seg === '*') {
        score += 1;
        ok = parts.length >= i;
        break;
      }
      const part = parts[i];
      if (part === undefined) ok = false;
      else if (seg.startsWith(':')) score += 3;
      else if (seg === part) score += 10;
      else ok = false;
    }
    if (ok && !pattern.includes('*') && pattern.length !== parts.length) ok = false;
    if (ok && (!best || score > best.score)) best = { route, score };
  }
  return best?.route;
}
