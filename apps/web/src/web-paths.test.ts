import { isWebPath, NOT_FOUND_WEB_PATHS, WEB_PATHS } from '@comanda/core';
import { matchRoutes } from 'react-router';
import { describe, expect, it } from 'vitest';
import type { AppRoute } from './app/app-router.tsx';
import { NotFoundRoute } from './features/status/route-error.tsx';
import { routes as table } from './router.tsx';

// the route table as router.tsx declares it
const routes = table.routes;

/** Every full path of the table, split into screens and not-found routes ('*' catch-alls left out). */
function flatten(list: AppRoute[], parent = ''): { screens: string[]; notFound: string[] } {
  const screens: string[] = [];
  const notFound: string[] = [];
  for (const route of list) {
    const path = route.path === undefined ? parent : joinPath(parent, route.path);
    if (route.path === '*') continue;
    if (route.children) {
      const inner = flatten(route.children, path);
      screens.push(...inner.screens);
      notFound.push(...inner.notFound);
    } else if (route.Component === NotFoundRoute) notFound.push(path);
    else screens.push(path);
  }
  return { screens, notFound };
}

function joinPath(parent: string, path: string): string {
  if (path.startsWith('/')) return path;
  return `${parent.replace(/\/$/, '')}/${path}`;
}

/** What the browser shows at a path: a screen, or the not-found screen. */
function routerShowsScreen(pathname: string): boolean {
  const matches = matchRoutes(table.objects, pathname);
  const leaf = matches?.at(-1)?.route.handle as AppRoute | undefined;
  return leaf !== undefined && leaf.path !== '*' && leaf.Component !== NotFoundRoute;
}

const sample = (pattern: string) => pattern.replace(/:[a-zA-Z]+/g, (name) => `x${name.length}`);

describe("the server's list of web paths (core's WEB_PATHS)", () => {
  it("is the router's table, screen for screen", () => {
    const table = flatten(routes);
    expect([...table.screens].sort()).toEqual([...WEB_PATHS].sort());
    expect([...table.notFound].sort()).toEqual([...NOT_FOUND_WEB_PATHS].sort());
  });

  it('decides every path as the router does', () => {
    const paths = [
      ...WEB_PATHS.map(sample),
      ...NOT_FOUND_WEB_PATHS.map(sample),
      '/nada/que/ver',
      '/menu/x/y/z/w/v',
      '/menu/x/order/abc/def',
      '/menu/x/preview/y',
      '/Menu/X/Checkout',
      '/menu/x/',
      '//menu',
      '/console/otra',
      '/logistics/x/rider',
      '/logistics/tracking/shipments/a/b',
      '/encuesta/x',
    ];
    for (const path of paths) expect([path, isWebPath(path)]).toEqual([path, routerShowsScreen(path)]);
  });
});
