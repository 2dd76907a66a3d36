import { lazy, Suspense, useEffect, useState } from 'react';
import { Link, type Location, Outlet, useLocation, useParams } from 'react-router';
import { useStorefrontAnalytics } from '../features/analytics/use-storefront-analytics.ts';
import { useEntryLinks } from '../features/entry-links/use-entry-links.ts';
import { useExternalUserLink } from '../features/external-benefits/use-external-user-link.ts';
import { useStableNavigate } from './navigate.ts';
// its `beforeinstallprompt` listener must be there when the browser fires it, early in the page's life
import '../features/install-app/install-state.ts';
import { useBranchTheme } from '../theme/apply-theme.ts';
import { IconButton } from '../ui/button.tsx';
import { IconArrowLeft, IconMenu } from '../ui/icons.tsx';
import { HorizontalLogo, Logo } from '../ui/logo.tsx';
import { Skeleton } from '../ui/skeleton.tsx';
import { shouldShowBackArrow } from './display-mode.ts';
import { ScrollRestoration } from './scroll-restoration.tsx';
import { useAliasEntity } from './use-alias-entity.ts';
import { AFTER_FIRST_SCREEN_MS, whenIdle } from './when-idle.ts';
import './app-shell.css';

const loadSideMenu = () => import('./side-menu.tsx');
const SideMenu = lazy(loadSideMenu);
// 'Mis pedidos' and 'Mis {programa}': what the side menu's entries open, fetched beside the menu's chunk
const DinerAccountLayer = lazy(() =>
  Promise.all([import('../features/diner-account/account-layer.tsx'), loadSideMenu()]).then(
    ([layer]) => layer,
  ),
);

// the abandoned cart, tracking tags, manifest, install offer and reward link: once the page is idle
const ShellExtras = lazy(() => import('./shell-extras.tsx'));

const DEFAULT_TITLE = 'Pedí online';

/** Header bar (back arrow, logo, business name, side menu) around every storefront screen. */
export function AppShell() {
  const { alias } = useParams();
  const { search } = useLocation();
  const navigate = useStableNavigate();
  const { alias: entity, branch, businessName, isPending } = useAliasEntity(alias);
  const title = businessName ?? DEFAULT_TITLE;
  const [menuOpen, setMenuOpen] = useState(false);
  const [sideMenuLoaded, setSideMenuLoaded] = useState(false);
  const [showBack] = useState(shouldShowBackArrow);
  // the extras wait until a moment after the page has loaded and the main thread is idle: they never
  // compete with the first screen's code, data and images
  const [extrasWanted, setExtrasWanted] = useState(false);
  useEffect(() => whenIdle(() => setExtrasWanted(true), AFTER_FIRST_SCREEN_MS), []);
  useBranchTheme(branch);
  // telemetry and entry links here; the abandoned cart, tracking tags and install offer in ShellExtras
  const installAlias =
    entity?.type === 'branch' || entity?.type === 'branchContact' ? entity.info.alias : null;
  useStorefrontAnalytics(entity);
  useEntryLinks(entity);
  useExternalUserLink();

  useEffect(() => {
    document.title = businessName ? `${businessName} | Pedí online` : DEFAULT_TITLE;
  }, [businessName]);

  function openMenu() {
    setSideMenuLoaded(true);
    setMenuOpen(true);
  }

  const homeHref = alias ? `/menu/${alias}${search}` : '/menu';

  return (
    <>
      <a className="skip-link" href="#main">
        Ir al contenido
      </a>
      <header className="app-header">
        <div className="app-header__inner">
          {showBack ? (
            <IconButton label="Volver" onClick={() => navigate(-1)}>
              <IconArrowLeft />
            </IconButton>
          ) : null}
          {isPending ? (
            <span className="app-header__brand">
              <Skeleton width={36} height={36} radius="50%" />
              <Skeleton width={140} height={18} />
            </span>
          ) : (
            <Link className="app-header__brand" to={homeHref}>
              {branch?.customHorizontalLogoURL ? (
                <HorizontalLogo url={branch.customHorizontalLogoURL} name={title} />
              ) : (
                <>
                  <Logo url={branch?.customLogoURL} name={title} size={36} decorative />
                  <span className="app-header__name">{title}</span>
                </>
              )}
            </Link>
          )}
          <IconButton
            className="app-header__menu-button"
            label="Abrir menú"
            aria-haspopup="dialog"
            aria-expanded={menuOpen}
            onClick={openMenu}
          >
            <IconMenu />
          </IconButton>
        </div>
      </header>
      <main id="main" tabIndex={-1}>
        <Outlet />
      </main>
      {sideMenuLoaded ? (
        <Suspense fallback={null}>
          <DinerAccountLayer alias={alias} onLeave={() => setMenuOpen(false)}>
            <SideMenu open={menuOpen} onClose={() => setMenuOpen(false)} />
          </DinerAccountLayer>
        </Suspense>
      ) : null}
      {extrasWanted ? (
        <Suspense fallback={null}>
          <ShellExtras
            alias={alias}
            contact={entity?.type === 'branchContact' ? entity.info : null}
            branch={branch}
            installAlias={installAlias}
            businessName={businessName}
          />
        </Suspense>
      ) : null}
      <ScrollRestoration getKey={scrollKey} />
    </>
  );
}

/**
 * Scroll positions are kept per history entry; every page a browser loads directly shares the key
 * 'default', so those are told apart by their path (otherwise opening the checkout after the menu
 * was loaded directly came back at the menu's scroll position).
 */
function scrollKey(location: Pick<Location, 'key' | 'pathname'>): string {
  return location.key === 'default' ? location.pathname : location.key;
}
