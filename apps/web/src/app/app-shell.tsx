import { lazy, Suspense, useEffect, useState } from 'react';
import {
  Link,
  type Location,
  Outlet,
  ScrollRestoration,
  useLocation,
  useNavigate,
  useParams,
} from 'react-router';
import { useAbandonedCart } from '../features/abandoned-cart/use-abandoned-cart.ts';
import { useStorefrontAnalytics } from '../features/analytics/use-storefront-analytics.ts';
import { LoyaltyRewardLink } from '../features/diner-account/reward-link.tsx';
import { useEntryLinks } from '../features/entry-links/use-entry-links.ts';
import { InstallAppPrompt } from '../features/install-app/install-app-prompt.tsx';
import { useManifestLink } from '../features/install-app/use-manifest-link.ts';
import { useMarketingTags } from '../features/marketing-tags/use-marketing-tags.ts';
import { useBranchTheme } from '../theme/apply-theme.ts';
import { IconButton } from '../ui/button.tsx';
import { IconArrowLeft, IconMenu } from '../ui/icons.tsx';
import { HorizontalLogo, Logo } from '../ui/logo.tsx';
import { Skeleton } from '../ui/skeleton.tsx';
import { shouldShowBackArrow } from './display-mode.ts';
import { useAliasEntity } from './use-alias-entity.ts';
import './app-shell.css';

const loadSideMenu = () => import('./side-menu.tsx');
const SideMenu = lazy(loadSideMenu);
// 'Mis pedidos' and 'Mis {programa}': what the side menu's entries open, fetched beside the menu's chunk
const DinerAccountLayer = lazy(() =>
  Promise.all([import('../features/diner-account/account-layer.tsx'), loadSideMenu()]).then(
    ([layer]) => layer,
  ),
);

const DEFAULT_TITLE = 'Pedí online';

/** Header bar (back arrow, logo, business name, side menu) around every storefront screen. */
export function AppShell() {
  const { alias } = useParams();
  const { search } = useLocation();
  const navigate = useNavigate();
  const { alias: entity, branch, businessName, isPending } = useAliasEntity(alias);
  const title = businessName ?? DEFAULT_TITLE;
  const [menuOpen, setMenuOpen] = useState(false);
  const [sideMenuLoaded, setSideMenuLoaded] = useState(false);
  const [showBack] = useState(shouldShowBackArrow);
  useBranchTheme(branch);
  // telemetry, entry links, abandoned cart, tracking tags and the install offer (issue #3 items 6-8)
  const installAlias =
    entity?.type === 'branch' || entity?.type === 'branchContact' ? entity.info.alias : null;
  useStorefrontAnalytics(entity);
  useEntryLinks(entity);
  useAbandonedCart(entity?.type === 'branchContact' ? entity.info : null);
  useMarketingTags(branch, entity?.type === 'branchContact' ? entity.info.currency : null);
  useManifestLink(installAlias);

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
      <InstallAppPrompt alias={installAlias} businessName={businessName} />
      <LoyaltyRewardLink alias={alias} />
      <ScrollRestoration getKey={scrollKey} />
    </>
  );
}

/**
 * Scroll positions are kept per history entry; every page a browser loads directly shares the key
 * 'default', so those are told apart by their path (otherwise opening the checkout after the menu
 * was loaded directly came back at the menu's scroll position).
 */
function scrollKey(location: Location): string {
  return location.key === 'default' ? location.pathname : location.key;
}
