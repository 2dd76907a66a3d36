import { type ComponentType, useCallback } from 'react';
import { Navigate, type Params, useParams, useSearchParams } from 'react-router';
import { prefetchCartRoute, prefetchCheckoutRoute, prefetchMenuRoute } from './api/prefetch.ts';
import { dinerQueries } from './api/queries.ts';
import { queryClient } from './api/query-client.ts';
import { createAppRouter } from './app/app-router.tsx';
import { AppShell } from './app/app-shell.tsx';
import { holdFirstScreen } from './app/first-screen.ts';
import { useStableNavigate } from './app/navigate.ts';
import { ShellFallback } from './app/shell-fallback.tsx';
import type { BackOfficePageName } from './features/back-office/back-office-pages.ts';
import { followUpQueries } from './features/follow-up/follow-up-queries.ts';
import { NotFoundRoute, RouteError } from './features/status/route-error.tsx';

// Loaders only start requests (never awaited), so screens render at once with their skeletons
// while the data and the lazy route code download in parallel; they run before the first render and
// on every navigation to their route (app/app-router.tsx).
// On the first page load the boot markup stays until these answer (app/first-screen.ts).
function prefetchAlias(params: Params) {
  if (params.alias) holdFirstScreen(queryClient.prefetchQuery(dinerQueries.alias(params.alias)));
}

function prefetchCart(params: Params) {
  if (params.alias) holdFirstScreen(prefetchCartRoute(queryClient, params.alias));
}

function prefetchCheckout(params: Params) {
  if (params.alias) holdFirstScreen(prefetchCheckoutRoute(queryClient, params.alias));
}

function prefetchMenu(params: Params) {
  if (params.alias && params.mode) holdFirstScreen(prefetchMenuRoute(queryClient, params.alias, params.mode));
}

function prefetchFollowUp(params: Params) {
  if (params.alias && params.orderCode)
    holdFirstScreen(queryClient.prefetchQuery(followUpQueries.order(params.alias, params.orderCode)));
}

// the tracking page's code, queries included, stays out of the storefront's first JS
function prefetchTracking(params: Params) {
  const { alias, orderCode } = params;
  if (alias && orderCode) {
    holdFirstScreen(queryClient.prefetchQuery(dinerQueries.alias(alias)));
    holdFirstScreen(
      import('./features/tracking/tracking-page.tsx').then(({ trackingQueries }) =>
        queryClient.prefetchQuery(trackingQueries.info(alias, orderCode)),
      ),
    );
  }
}

const menuPage = async () => ({ Component: (await import('./features/menu/menu-page.tsx')).MenuPage });
const cartPage = async () => ({ Component: (await import('./features/cart/cart-page.tsx')).CartPage });
const checkoutPage = async () => ({
  Component: (await import('./features/checkout/checkout-page.tsx')).CheckoutPage,
});
// The tracking page takes the path's params as props: its chunk then imports nothing of react-router
// (a lazy page importing both react-router and react-query made Rolldown split them out of the entry).
let TrackingPage: ComponentType<{ alias: string; orderCode: string }> | null = null;
function TrackingRoute() {
  const { alias = '', orderCode = '' } = useParams();
  return TrackingPage ? <TrackingPage alias={alias} orderCode={orderCode} /> : null;
}
const trackingPage = async () => {
  TrackingPage = (await import('./features/tracking/tracking-page.tsx')).TrackingPage;
  return { Component: TrackingRoute };
};

// The order console (branch staff): its own chunks, never in the storefront's first JS. Like the
// tracking page, its pages get navigation as a prop and import nothing of react-router.
type ConsolePage = ComponentType<{ go: (path: string) => void }>;
let ConsoleLoginPage: ConsolePage | null = null;
let ConsoleBoardPage: ConsolePage | null = null;
function useConsoleGo() {
  const navigate = useStableNavigate();
  return useCallback((path: string) => navigate(path, { replace: true }), [navigate]);
}
function ConsoleLoginRoute() {
  const go = useConsoleGo();
  return ConsoleLoginPage ? <ConsoleLoginPage go={go} /> : null;
}
function ConsoleBoardRoute() {
  const go = useConsoleGo();
  return ConsoleBoardPage ? <ConsoleBoardPage go={go} /> : null;
}
const consoleLoginPage = async () => {
  ConsoleLoginPage = (await import('./features/console/console-login-page.tsx')).ConsoleLoginPage;
  return { Component: ConsoleLoginRoute };
};
const consoleBoardPage = async () => {
  ConsoleBoardPage = (await import('./features/console/console-board-page.tsx')).ConsoleBoardPage;
  return { Component: ConsoleBoardRoute };
};

// The owner's back office (features/back-office, menu-editor, brand-editor): lazy chunks that only an
// owner's browser loads, through one small module; like the console, the pages get navigation as a prop.
const backOfficePages: Partial<Record<BackOfficePageName, ConsolePage>> = {};
function BackOfficeRoute({ name }: { name: BackOfficePageName }) {
  const navigate = useStableNavigate();
  const go = useCallback((path: string) => void navigate(path), [navigate]);
  const Page = backOfficePages[name];
  return Page ? <Page go={go} /> : null;
}
/** The owner's pages under /console/: [path, page]; one entry each keeps the diner's router small. */
const BACK_OFFICE_ROUTES: [string, BackOfficePageName][] = [
  ['registro', 'sign-up'],
  ['tienda', 'shop'],
  ['menu', 'menu'],
  ['marca', 'brand'],
  ['cobros', 'payments'],
  ['horarios', 'hours'],
  ['envios', 'delivery'],
  ['equipo', 'team'],
  ['pedidos', 'history'],
  ['reportes', 'reports'],
  ['invitacion/:token', 'team-invite'],
];
const backOfficeRoute = (name: BackOfficePageName) => async () => {
  const { loadBackOfficePage } = await import('./features/back-office/back-office-pages.ts');
  backOfficePages[name] = await loadBackOfficePage(name);
  return { Component: () => <BackOfficeRoute name={name} /> };
};

// The riders' screens (features/rider, features/shipments): their own chunks, outside the storefront
// shell. Like the tracking page, they get the path's params and navigation as props and import
// nothing of react-router.
type RiderScreen = ComponentType<{
  params: Readonly<Record<string, string | undefined>>;
  go: (path: string, options?: { replace?: boolean }) => void;
}>;
type RiderScreenName = 'register' | 'redirect' | 'list' | 'detail';
const riderScreens: Partial<Record<RiderScreenName, RiderScreen>> = {};
function RiderScreenRoute({ name }: { name: RiderScreenName }) {
  const params = useParams();
  const navigate = useStableNavigate();
  const go = useCallback(
    (path: string, options?: { replace?: boolean }) =>
      void navigate(path, { replace: options?.replace ?? false }),
    [navigate],
  );
  const Screen = riderScreens[name];
  return Screen ? <Screen params={params} go={go} /> : null;
}
function RiderRegisterRoute() {
  return <RiderScreenRoute name="register" />;
}
function RiderRedirectRoute() {
  return <RiderScreenRoute name="redirect" />;
}
function ShipmentsListRoute() {
  return <RiderScreenRoute name="list" />;
}
function ShipmentDetailRoute() {
  return <RiderScreenRoute name="detail" />;
}
const riderRegisterPage = async () => {
  riderScreens.register = (await import('./features/rider/rider-register-page.tsx')).RiderRegisterPage;
  return { Component: RiderRegisterRoute };
};
const riderRedirectPage = async () => {
  riderScreens.redirect = (await import('./features/rider/rider-redirect-page.tsx')).RiderRedirectPage;
  return { Component: RiderRedirectRoute };
};
const shipmentsListPage = async () => {
  riderScreens.list = (await import('./features/shipments/shipments-list-page.tsx')).ShipmentsListPage;
  return { Component: ShipmentsListRoute };
};
const shipmentDetailPage = async () => {
  riderScreens.detail = (await import('./features/shipments/shipment-detail-page.tsx')).ShipmentDetailPage;
  return { Component: ShipmentDetailRoute };
};

// The survey page: its own chunk, outside the storefront shell. Like the tracking page, it gets the
// path's params and navigation as props and imports nothing of react-router.
type SurveyScreen = ComponentType<{
  alias: string;
  orderCode: string;
  surveyGeneralNPSAnswer: string | null;
  go: (path: string) => void;
}>;
let SurveyPage: SurveyScreen | null = null;
function SurveyRoute() {
  const { alias = '', orderCode = '' } = useParams();
  const [search] = useSearchParams();
  const navigate = useStableNavigate();
  const go = useCallback((path: string) => void navigate(path), [navigate]);
  return SurveyPage ? (
    <SurveyPage
      alias={alias}
      orderCode={orderCode}
      surveyGeneralNPSAnswer={search.get('surveyGeneralNPSAnswer')}
      go={go}
    />
  ) : null;
}
const surveyPage = async () => {
  SurveyPage = (await import('./features/survey/survey-page.tsx')).SurveyPage;
  return { Component: SurveyRoute };
};
function prefetchSurvey(params: Params) {
  const { alias, orderCode } = params;
  if (alias && orderCode) {
    holdFirstScreen(queryClient.prefetchQuery(dinerQueries.alias(alias)));
    holdFirstScreen(
      import('./features/survey/survey-api.ts').then(({ surveyQueries }) =>
        Promise.all([
          queryClient.prefetchQuery(surveyQueries.state(alias, orderCode)),
          queryClient.prefetchQuery(surveyQueries.definition(alias)),
        ]),
      ),
    );
  }
}

const followUpPage = async () => ({
  Component: (await import('./features/follow-up/follow-up-page.tsx')).FollowUpPage,
});

export const routes = createAppRouter([
  { path: '/', element: <Navigate to="/menu" replace /> },
  {
    path: '/menu',
    Component: AppShell,
    ErrorBoundary: RouteError,
    HydrateFallback: ShellFallback,
    children: [
      {
        // the public guide: shops near the diner, each opening its menu
        index: true,
        lazy: async () => ({ Component: (await import('./features/guide/guide-page.tsx')).GuidePage }),
      },
      {
        path: ':alias',
        loader: prefetchAlias,
        children: [
          {
            index: true,
            lazy: async () => ({ Component: (await import('./features/alias/alias-page.tsx')).AliasPage }),
          },
          // not order modes: the cart preview, the checkout and the order follow-up
          { path: 'preview', loader: prefetchCart, lazy: cartPage },
          { path: 'checkout', loader: prefetchCheckout, lazy: checkoutPage },
          { path: 'order/:orderCode', loader: prefetchFollowUp, lazy: followUpPage },
          { path: 'order', Component: NotFoundRoute },
          { path: ':mode', loader: prefetchMenu, lazy: menuPage },
          { path: ':mode/:category', loader: prefetchMenu, lazy: menuPage },
          // the dish: a modal over the menu or a page of its own, by the branch's menu configuration
          { path: ':mode/:category/:plate', loader: prefetchMenu, lazy: menuPage },
          { path: '*', Component: NotFoundRoute },
        ],
      },
    ],
  },
  // the public tracking page: outside the storefront shell (no header, cart or closed-shop notice)
  {
    path: '/logistics/tracking/order/:alias/:orderCode',
    loader: prefetchTracking,
    lazy: trackingPage,
    ErrorBoundary: RouteError,
    HydrateFallback: ShellFallback,
  },
  // the survey of a delivered order ('Califica tu pedido'): outside the storefront shell, lazy
  {
    path: '/encuesta/:alias/:orderCode',
    loader: prefetchSurvey,
    lazy: surveyPage,
    ErrorBoundary: RouteError,
    HydrateFallback: ShellFallback,
  },
  // the support page of an order's shop: outside the storefront shell, lazy
  {
    path: '/soporte',
    lazy: async () => ({
      Component: (await import('./features/support-chat/support-page.tsx')).SupportRoute,
    }),
    ErrorBoundary: RouteError,
    HydrateFallback: ShellFallback,
  },
  // the business's order console: outside the storefront shell, lazy
  { path: '/console/login', lazy: consoleLoginPage, ErrorBoundary: RouteError },
  { path: '/console', lazy: consoleBoardPage, ErrorBoundary: RouteError },
  ...BACK_OFFICE_ROUTES.map(([path, name]) => ({
    path: `/console/${path}`,
    lazy: backOfficeRoute(name),
    ErrorBoundary: RouteError,
  })),
  // the riders' screens: outside the storefront shell, lazy; the redirect page
  // (`rider/:riderId/shipments`) has one segment more than the register page (`rider/:variant`)
  {
    path: '/logistics/:alias/rider/:riderId/shipments',
    lazy: riderRedirectPage,
    ErrorBoundary: RouteError,
  },
  {
    path: '/logistics/:alias/rider/:variant',
    loader: prefetchAlias,
    lazy: riderRegisterPage,
    ErrorBoundary: RouteError,
  },
  {
    path: '/logistics/:alias/shipments',
    loader: prefetchAlias,
    lazy: shipmentsListPage,
    ErrorBoundary: RouteError,
  },
  {
    path: '/logistics/:alias/shipments/:shipmentType/:shipmentId',
    loader: prefetchAlias,
    lazy: shipmentDetailPage,
    ErrorBoundary: RouteError,
  },
  { path: '*', Component: NotFoundRoute },
]);
