import {
  type ComponentType,
  Component as ReactComponent,
  type ReactNode,
  Suspense,
  startTransition,
  use,
  useLayoutEffect,
  useState,
} from 'react';
import {
  UNSAFE_createBrowserHistory as createBrowserHistory,
  type Location,
  matchRoutes,
  type NavigateOptions,
  type Navigator,
  Outlet,
  type Params,
  type RouteObject,
  Router,
  useLocation,
  useRoutes,
} from 'react-router';
import { beforeNavigation } from './scroll-restoration.tsx';

/**
 * The app's routes, rendered by React Router's declarative router (its data router is twice the code):
 * what the data router did for us (loaders, lazy route modules, error boundaries, scroll restoration)
 * is done here, in the few ways the app uses it.
 */
export interface AppRoute {
  path?: string;
  index?: boolean;
  /**
   * Starts the requests the screen needs, never awaited: before the first render and on every
   * navigation to the route (again when its path or query string changes, like the data router's loaders).
   */
  loader?: (params: Params) => void;
  /** The screen's code: loaded before it shows; on a navigation the previous screen stays meanwhile. */
  lazy?: () => Promise<{ Component: ComponentType }>;
  Component?: ComponentType;
  element?: ReactNode;
  /** What a render error (or failed code download) of the route or of its children shows instead. */
  ErrorBoundary?: ComponentType;
  /** What shows while the route's code loads with nothing on screen yet (first screen past its wait). */
  HydrateFallback?: ComponentType;
  children?: AppRoute[];
}

export type AppMatch = { route: AppRoute; params: Params; pathname: string };

// ---- lazy route modules -------------------------------------------------------------------------

const routeModules = new Map<NonNullable<AppRoute['lazy']>, Promise<ComponentType>>();

/** The route's code, downloaded once (routes sharing one lazy function share the download). */
function loadRouteModule(lazy: NonNullable<AppRoute['lazy']>): Promise<ComponentType> {
  let promise = routeModules.get(lazy);
  if (!promise) {
    const loading = lazy().then((module) => module.Component);
    // the fields React's `use` reads: a loaded module then renders without suspending
    loading.then(
      (value) => Object.assign(loading, { status: 'fulfilled', value }),
      (reason: unknown) => Object.assign(loading, { status: 'rejected', reason }),
    );
    routeModules.set(lazy, loading);
    promise = loading;
  }
  return promise;
}

/** Renders at once when the code is loaded (always so for the first screen), else suspends. */
function LazyRoute({ lazy }: { lazy: NonNullable<AppRoute['lazy']> }) {
  const Screen = use(loadRouteModule(lazy));
  return <Screen />;
}

// ---- error boundaries ---------------------------------------------------------------------------

interface BoundaryProps {
  location: Location;
  Fallback: ComponentType;
  children: ReactNode;
}

class ErrorBoundaryAt extends ReactComponent<BoundaryProps, { failed: boolean; location: Location }> {
  override state = { failed: false, location: this.props.location };

  static getDerivedStateFromError() {
    return { failed: true };
  }

  // a navigation leaves the error behind, as the data router's error boundaries do
  static getDerivedStateFromProps(props: BoundaryProps, state: { failed: boolean; location: Location }) {
    return props.location === state.location ? null : { failed: false, location: props.location };
  }

  override render() {
    const { Fallback, children } = this.props;
    return this.state.failed ? <Fallback /> : children;
  }
}

function RouteErrorBoundary({ Fallback, children }: { Fallback: ComponentType; children: ReactNode }) {
  return (
    <ErrorBoundaryAt location={useLocation()} Fallback={Fallback}>
      {children}
    </ErrorBoundaryAt>
  );
}

// ---- the route table ----------------------------------------------------------------------------

function routeElement(route: AppRoute): ReactNode {
  let element: ReactNode = route.lazy ? (
    <LazyRoute lazy={route.lazy} />
  ) : route.Component ? (
    <route.Component />
  ) : (
    (route.element ?? <Outlet />)
  );
  if (route.HydrateFallback) element = <Suspense fallback={<route.HydrateFallback />}>{element}</Suspense>;
  if (route.ErrorBoundary)
    element = <RouteErrorBoundary Fallback={route.ErrorBoundary}>{element}</RouteErrorBoundary>;
  return element;
}

function toRouteObject(route: AppRoute): RouteObject {
  const element = routeElement(route);
  if (route.index) return { index: true, element, handle: route };
  return { path: route.path, element, handle: route, children: route.children?.map(toRouteObject) };
}

export interface AppRoutes {
  routes: AppRoute[];
  objects: RouteObject[];
}

/** The route table (router.tsx), ready for React Router's `useRoutes` and `matchRoutes`. */
export function createAppRouter(routes: AppRoute[]): AppRoutes {
  return { routes, objects: routes.map(toRouteObject) };
}

export function matchAppRoutes(table: AppRoutes, location: Pick<Location, 'pathname'>): AppMatch[] {
  return (matchRoutes(table.objects, location) ?? []).map((match) => ({
    route: match.route.handle as AppRoute,
    params: match.params,
    pathname: match.pathname,
  }));
}

export type Place = Pick<Location, 'pathname' | 'search' | 'hash'>;

/**
 * Runs the loaders of the routes matched at `next`; coming from `previous`, only those of routes that
 * are new or have another path, or all when the query string changed or the same address is opened
 * again (a change of the hash alone runs none), as the data router decides.
 */
export function runLoaders(next: AppMatch[], nextPlace: Place, previous?: AppMatch[], previousPlace?: Place) {
  if (previous && previousPlace) {
    const samePath =
      previousPlace.pathname === nextPlace.pathname && previousPlace.search === nextPlace.search;
    if (samePath && previousPlace.hash !== nextPlace.hash && nextPlace.hash !== '') return;
    const all = samePath || previousPlace.search !== nextPlace.search;
    for (const match of next) {
      const before = previous.find((m) => m.route === match.route);
      if (all || !before || before.pathname !== match.pathname) match.route.loader?.(match.params);
    }
    return;
  }
  for (const match of next) match.route.loader?.(match.params);
}

// ---- the router ---------------------------------------------------------------------------------

type BrowserHistory = ReturnType<typeof createBrowserHistory>;
let browserHistory: BrowserHistory | null = null;
// made on first use: importing the route table (tests, tools) needs no browser
function getHistory(): BrowserHistory {
  browserHistory ??= createBrowserHistory({ v5Compat: true });
  return browserHistory;
}
let navigationOptions: NavigateOptions | undefined;

// React Router hands its navigation options (preventScrollReset) to the navigator: kept for the listener
const navigator: Navigator = {
  createHref: (to) => getHistory().createHref(to),
  createURL: (to) => getHistory().createURL(to),
  encodeLocation: (to) => getHistory().encodeLocation(to),
  go: (delta) => getHistory().go(delta),
  push(to, state, options) {
    navigationOptions = options;
    getHistory().push(to, state);
  },
  replace(to, state, options) {
    navigationOptions = options;
    getHistory().replace(to, state);
  },
};

let firstMatches: AppMatch[] | null = null;

/**
 * Before the first render: starts the first screen's loaders and resolves when its routes' code is
 * loaded (never rejects: a failed download shows the route's error screen).
 */
export function loadFirstScreen(table: AppRoutes): Promise<unknown> {
  const { location } = getHistory();
  const matches = matchAppRoutes(table, location);
  firstMatches = matches;
  runLoaders(matches, location);
  return Promise.all(
    matches.map(({ route }) => (route.lazy ? loadRouteModule(route.lazy).catch(() => undefined) : null)),
  );
}

function Routes({ table }: { table: AppRoutes }) {
  return useRoutes(table.objects);
}

/**
 * React Router's BrowserRouter, plus what the app took from its data router: each navigation runs
 * the loaders of the routes it opens and remembers the scroll position it leaves (before any render);
 * the new location renders in a transition, so the previous screen stays while the next one's code
 * downloads.
 */
export function AppRouter({ table }: { table: AppRoutes }) {
  const [state, setState] = useState(() => ({
    action: getHistory().action,
    location: getHistory().location,
  }));
  useLayoutEffect(() => {
    const history = getHistory();
    let place = history.location;
    let matches = firstMatches ?? matchAppRoutes(table, place);
    return history.listen(({ action, location }) => {
      const options = action === 'POP' ? undefined : navigationOptions;
      navigationOptions = undefined;
      beforeNavigation(place, location, options?.preventScrollReset === true);
      const next = matchAppRoutes(table, location);
      runLoaders(next, location, matches, place);
      // the next screen's code downloads from now, beside its requests (rendering it waits for it)
      for (const { route } of next) if (route.lazy) loadRouteModule(route.lazy).catch(() => undefined);
      matches = next;
      place = location;
      startTransition(() => setState({ action, location }));
    });
  }, [table]);
  return (
    <Router location={state.location} navigationType={state.action} navigator={navigator}>
      <Suspense fallback={null}>
        <Routes table={table} />
      </Suspense>
    </Router>
  );
}
