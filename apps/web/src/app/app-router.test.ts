import { describe, expect, it, vi } from 'vitest';
import { type AppRoute, createAppRouter, matchAppRoutes, type Place, runLoaders } from './app-router.tsx';

function table() {
  const alias = vi.fn();
  const menu = vi.fn();
  const cart = vi.fn();
  const routes: AppRoute[] = [
    {
      path: '/menu',
      children: [
        {
          path: ':alias',
          loader: alias,
          children: [
            { path: 'preview', loader: cart },
            { path: ':mode', loader: menu },
            { path: ':mode/:category', loader: menu },
          ],
        },
      ],
    },
  ];
  return { app: createAppRouter(routes), alias, menu, cart };
}

const at = (pathname: string, search = '', hash = ''): Place => ({ pathname, search, hash });

/** Navigates from one place to another, returning which loaders ran on the way. */
function navigate(from: Place, to: Place) {
  const { app, alias, menu, cart } = table();
  runLoaders(matchAppRoutes(app, to), to, matchAppRoutes(app, from), from);
  return { alias: alias.mock.calls, menu: menu.mock.calls, cart: cart.mock.calls };
}

describe('the loaders a navigation runs (as the data router revalidates)', () => {
  it('runs every matched loader on the first screen, with the params', () => {
    const { app, alias, menu } = table();
    runLoaders(matchAppRoutes(app, at('/menu/kenzo/Delivery')), at('/menu/kenzo/Delivery'));
    expect(alias.mock.calls).toEqual([[{ alias: 'kenzo', mode: 'Delivery' }]]);
    expect(menu.mock.calls).toEqual([[{ alias: 'kenzo', mode: 'Delivery' }]]);
  });

  it('runs only the loaders of new routes or of routes whose path changed', () => {
    const calls = navigate(at('/menu/kenzo/Delivery'), at('/menu/kenzo/preview'));
    expect(calls.alias).toHaveLength(0);
    expect(calls.cart).toHaveLength(1);
    expect(navigate(at('/menu/kenzo/Delivery'), at('/menu/kenzo/Delivery/Sushi')).menu).toHaveLength(1);
    expect(navigate(at('/menu/kenzo/preview'), at('/menu/sabores/preview')).alias).toHaveLength(1);
  });

  it('runs them all when the query string changes or the same address opens again', () => {
    const changed = navigate(at('/menu/kenzo/Delivery'), at('/menu/kenzo/Delivery', '?campaignId=1'));
    expect([changed.alias.length, changed.menu.length]).toEqual([1, 1]);
    const again = navigate(at('/menu/kenzo/Delivery'), at('/menu/kenzo/Delivery'));
    expect([again.alias.length, again.menu.length]).toEqual([1, 1]);
  });

  it('runs none for a change of the hash alone', () => {
    const calls = navigate(at('/menu/kenzo/Delivery'), at('/menu/kenzo/Delivery', '', '#modos'));
    expect([calls.alias.length, calls.menu.length]).toEqual([0, 0]);
  });
});
